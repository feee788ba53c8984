/**
 * The simulation loop that lives in the worker. It owns the World and answers the
 * main thread's messages (protocol.ts).
 *
 * Time keeping: while running, every `tick` (one animation frame on the main thread)
 * moves a target time forward by speed × dt; the runner calls world.advance() in
 * slices of SLICE_EVENTS events until the next output instant would pass the target,
 * then answers with one frame. Between slices it yields to the worker's event loop,
 * so pause / step / load / reset take effect within one slice, and one answer never
 * takes much longer than FRAME_BUDGET_MS: the page stays responsive however slow the
 * physics is. Positions, velocities and the histogram are views into WASM memory:
 * they are re-acquired after advance() and copied before posting.
 */
import type { AdvanceStatusCode, GranularModule, Observation, World } from './granular-wasm';
import { AdvanceStatus, type FromWorker, type LoadOrigin, type ToWorker } from './protocol';
import { parseValidationReport } from './scenario';

/** events per advance() call */
export const SLICE_EVENTS = 50_000;
/** compute at most about this long (ms) before answering a tick */
const FRAME_BUDGET_MS = 30;
/** yield to the message queue at least this often (ms) while computing */
const YIELD_EVERY_MS = 4;
/** the largest real-time step (s) one tick may ask for (tab was hidden, etc.) */
const MAX_TICK_S = 0.1;
/** how far (real seconds) the target may run ahead of the simulation when it cannot keep up */
const MAX_LAG_S = 0.25;

export type Post = (message: FromWorker, transfer: Transferable[]) => void;

/** Resolves after pending messages have been handled (a macrotask without the setTimeout clamp). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export class Runner {
  private world: World | null = null;
  private scenarioJson = '';
  private generation = 0;
  private running = false;
  /** simulated seconds per real second */
  private speed = 1;
  /** simulated time the running simulation should reach, s */
  private target = 0;
  private pendingSteps = 0;
  /** pause at the first output instant with time >= until, once per load / reset */
  private until: number | null = null;
  private untilArmed = false;
  private status: AdvanceStatusCode = AdvanceStatus.Output;
  private observations: Observation[] = [];
  /** state changed since the last frame: positions etc. must be sent */
  private dirty = false;
  private hash = '';
  private pumping = false;
  private outputInterval = 0;

  constructor(
    private readonly module: GranularModule,
    private readonly post: Post,
  ) {}

  handle(msg: ToWorker): void {
    switch (msg.type) {
      case 'load':
        this.load(msg.json, msg.origin, msg.play);
        break;
      case 'reset':
        if (this.scenarioJson !== '') this.load(this.scenarioJson, 'reset', msg.play);
        break;
      case 'play':
        if (this.world && this.status !== AdvanceStatus.Finished && this.status !== AdvanceStatus.Stopped) {
          if (!this.running) this.target = this.world.time();
          this.running = true;
          this.dirty = true;
        }
        break;
      case 'pause':
        this.running = false;
        this.pendingSteps = 0;
        this.dirty = true;
        break;
      case 'step':
        if (this.world && this.status !== AdvanceStatus.Finished && this.status !== AdvanceStatus.Stopped) {
          this.running = false;
          this.pendingSteps += 1;
          void this.pump();
        }
        break;
      case 'speed':
        if (Number.isFinite(msg.value) && msg.value > 0) this.speed = msg.value;
        break;
      case 'until':
        this.until = msg.time;
        this.untilArmed = msg.time !== null && (this.world === null || this.world.time() < msg.time);
        break;
      case 'tick':
        this.tick(msg.dt);
        break;
    }
  }

  private load(json: string, origin: LoadOrigin, play: boolean): void {
    const report = parseValidationReport(this.module.validateScenario(json));
    if (!report.ok || report.scenario === null) {
      this.post({ type: 'rejected', origin, errors: report.errors }, []);
      return;
    }
    let world: World;
    try {
      world = new this.module.World(JSON.stringify(report.scenario));
    } catch (e) {
      const message = `the engine could not load the scenario: ${(e as Error).message}`;
      this.post({ type: 'rejected', origin, errors: [{ path: '', value: '', message, text: message }] }, []);
      return;
    }
    if (!world.ok()) {
      const rejected = parseValidationReport(world.report());
      world.delete();
      this.post({ type: 'rejected', origin, errors: rejected.errors }, []);
      return;
    }
    this.world?.delete();
    this.world = world;
    this.generation += 1;
    this.scenarioJson = world.scenarioJson();
    this.status = AdvanceStatus.Output;
    this.pendingSteps = 0;
    this.running = play;
    this.untilArmed = this.until !== null;
    this.target = world.time();
    this.observations = [world.observation()];
    this.dirty = true;
    this.outputInterval = world.nextOutputTime() - world.time();

    const radii = new Float32Array(world.radii());
    const walls = world.walls().slice();
    this.post(
      {
        type: 'loaded',
        origin,
        generation: this.generation,
        scenarioJson: this.scenarioJson,
        count: world.count(),
        radii,
        walls,
        theory: world.theory(),
        outputInterval: this.outputInterval,
      },
      [radii.buffer, walls.buffer],
    );
    this.postFrame();
  }

  private tick(dt: number): void {
    const world = this.world;
    if (world && this.running) {
      const step = this.speed * Math.min(Math.max(dt, 0), MAX_TICK_S);
      const now = world.time();
      const ceiling = now + this.speed * MAX_LAG_S + this.outputInterval;
      this.target = Math.min(Math.max(this.target, now) + step, ceiling);
    }
    void this.pump();
  }

  /** Computes towards the target / pending steps, then posts one frame. */
  private async pump(): Promise<void> {
    if (this.pumping) return; // the running pump posts a frame when it ends
    this.pumping = true;
    try {
      await this.compute();
    } finally {
      this.pumping = false;
    }
  }

  private async compute(): Promise<void> {
    const generation = this.generation;
    const world = this.world;
    if (world === null) {
      return;
    }
    const start = performance.now();
    let lastYield = start;
    for (;;) {
      const wantStep = this.pendingSteps > 0;
      const wantRun = this.running && world.nextOutputTime() <= this.target;
      if (!wantStep && !wantRun) break;
      const status = world.advance(SLICE_EVENTS);
      this.status = status;
      if (status === AdvanceStatus.Output) {
        this.onOutput(world);
      } else if (status === AdvanceStatus.Finished || status === AdvanceStatus.Stopped) {
        this.running = false;
        this.pendingSteps = 0;
        this.dirty = true;
        break;
      }
      const now = performance.now();
      if (now - start > FRAME_BUDGET_MS) break;
      if (status === AdvanceStatus.Budget || now - lastYield > YIELD_EVERY_MS) {
        await yieldToEventLoop();
        lastYield = performance.now();
        // a load or reset replaced the world meanwhile: it has posted its own frame
        if (generation !== this.generation) return;
      }
    }
    this.postFrame();
  }

  private onOutput(world: World): void {
    this.observations.push(world.observation());
    this.dirty = true;
    if (this.pendingSteps > 0) this.pendingSteps -= 1;
    if (this.untilArmed && this.until !== null) {
      const t = world.time();
      if (t >= this.until - 1e-9 * Math.max(1, Math.abs(this.until))) {
        this.running = false;
        this.pendingSteps = 0;
        this.untilArmed = false;
      }
    }
  }

  private postFrame(): void {
    const world = this.world;
    if (world === null) return;
    const observations = this.observations;
    this.observations = [];
    let positions: Float32Array | null = null;
    let speeds: Float32Array | null = null;
    let histogram: Float64Array | null = null;
    const transfer: Transferable[] = [];
    if (this.dirty) {
      // fresh views after the last advance(), copied before posting
      positions = new Float32Array(world.positions());
      const v = world.velocities();
      const n = world.count();
      speeds = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        const vx = v[2 * i] ?? 0;
        const vy = v[2 * i + 1] ?? 0;
        speeds[i] = Math.sqrt(vx * vx + vy * vy);
      }
      histogram = world.histogram().slice();
      this.hash = world.hashState();
      transfer.push(positions.buffer, speeds.buffer, histogram.buffer);
      this.dirty = false;
    }
    this.post(
      {
        type: 'frame',
        generation: this.generation,
        time: world.time(),
        outputIndex: world.outputIndex(),
        positions,
        speeds,
        histogram,
        histogramMax: world.histogramMax(),
        observations,
        stats: world.stats(),
        hash: this.hash,
        status: this.status,
        running: this.running,
        message: this.status === AdvanceStatus.Stopped ? world.message() : '',
      },
      transfer,
    );
  }
}
