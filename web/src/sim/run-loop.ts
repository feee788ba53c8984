/**
 * The time keeping shared by the simulation workers (gas: sim/runner.ts, soft discs:
 * soft/runner.ts). The loop owns the engine world and answers the control messages;
 * what differs between the families (which world to build, what an output instant
 * records, what a frame carries) is a small `Family` adapter.
 *
 * While running, every `tick` (one animation frame on the main thread) moves a target
 * time forward by speed × dt; the loop calls world.advance() in slices of at most
 * `family.sliceSize` (events or integrator steps; at most `family.sliceCap(world)` where a
 * family bounds a large world's calls; fewer while a call takes longer than
 * SLICE_TARGET_MS) until the next output instant would pass
 * the target, then answers with one frame. Between slices it yields to the worker's event
 * loop, so pause / step / load / reset take effect within one slice, and one answer never
 * takes much longer than FRAME_BUDGET_MS: the page stays responsive however slow the
 * physics is. `step` advances exactly one output interval; `until` pauses once (per load or
 * reset) at the first output instant with time >= until.
 *
 * Every change of whether it runs is answered with a frame without waiting for a tick (load, reset,
 * play, pause, a step's end, until, the end of the run): a page ticks only while its last frame
 * says the simulation runs or steps, and a paused page is idle.
 */
import type { AdvanceStatusCode } from './granular-wasm';
import { AdvanceStatus, type CrashedMessage, type FrameCommon, type LoadOrigin, type RejectedMessage, type ToWorker } from './protocol';
import { parseValidationReport } from './scenario';

/** compute at most about this long (ms) before answering a tick */
export const FRAME_BUDGET_MS = 30;
/** yield to the message queue at least this often (ms) while computing */
export const YIELD_EVERY_MS = 4;
/** the largest real-time step (s) one tick may ask for (tab was hidden, etc.) */
export const MAX_TICK_S = 0.1;
/** how far (real seconds) the target may run ahead of the simulation when it cannot keep up */
export const MAX_LAG_S = 0.25;
/**
 * One advance() call should take about this long (ms): the slice shrinks below the family's
 * `sliceSize` while a call takes longer (25,000 grains: 200 steps took 1.6 s, and Pause waited
 * for them) and grows back to it while calls are quick. A world's run does not depend on how it
 * is sliced, so this changes when messages are answered, never the results.
 */
export const SLICE_TARGET_MS = 8;

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

/** What the loop needs of an engine world (World and SoftWorld both are one). */
export interface EngineWorld {
  ok(): boolean;
  report(): string;
  scenarioJson(): string;
  time(): number;
  outputIndex(): number;
  nextOutputTime(): number;
  advance(slice: number): AdvanceStatusCode;
  message(): string;
  hashState(): string;
  delete(): void;
}

/** What a family's 'loaded' message is built from. */
export interface LoadInfo {
  origin: LoadOrigin;
  /** increases with every load / reset; frames carry it */
  generation: number;
  /** normalized scenario JSON (every default filled in) */
  scenarioJson: string;
  /** s */
  outputInterval: number;
}

/** The per-family part of a run loop. */
export interface Family<W extends EngineWorld, F> {
  /** advance() budget per slice */
  readonly sliceSize: number;
  /**
   * The most one advance() call of this (valid) world may take, when its cost per unit grows
   * with its size (the soft discs: stepCap): the slice only shrinks after a slow call, and the
   * first one of a large world would keep every message waiting. Absent: sliceSize.
   */
  sliceCap?(world: W): number;
  /** the engine's validation report (JSON text) for a scenario */
  validate(json: string): string;
  /** a world for a validated, normalized scenario (may throw) */
  create(json: string): W;
  /** a new world replaced the old one: reset what is kept per load, post 'loaded' */
  loaded(world: W, info: LoadInfo): void;
  /** the world reached an output instant */
  output(world: W): void;
  /** the family's part of the next frame; `changed`: the state changed since the previous frame */
  frame(world: W, changed: boolean): { fields: F; transfer: Transferable[] };
}

export type RunPost<F> = (message: RejectedMessage | CrashedMessage | (FrameCommon & F), transfer: Transferable[]) => void;

/**
 * What the user reads when the engine fails: out of memory said plainly (WebAssembly memory is
 * limited to 2 GB here), anything else with the engine's own words.
 */
export function describeEngineFailure(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (/OOM|out of memory|Cannot enlarge memory|allocation failed|bad_alloc|Array buffer allocation/i.test(text)) {
    return 'The simulation ran out of memory (the engine may use at most 2 GB): try fewer discs or grains, or a smaller domain.';
  }
  return `The simulation engine failed (${text.slice(0, 300)}).`;
}

export class RunLoop<W extends EngineWorld, F> {
  private world: W | null = null;
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
  /** state changed since the last frame: the family must send it */
  private dirty = false;
  private hash = '';
  /** s, the world's time in the last frame that carried its state: the picture on screen (FrameCommon.pictureTime) */
  private pictureTime = 0;
  private pumping = false;
  private outputInterval = 0;
  /** the current advance() budget: family.sliceSize, less while calls are slow */
  private slice: number;
  /** the loaded world's most per call (family.sliceCap) */
  private cap = Infinity;

  constructor(
    private readonly family: Family<W, F>,
    private readonly post: RunPost<F>,
    /** ms, a monotonic clock (tests pass a fake one) */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.slice = family.sliceSize;
  }

  /** the advance() budget in use now (tests) */
  sliceInUse(): number {
    return this.slice;
  }

  /** Adapts the slice to the last call's cost: halve while slower than twice the target, grow while under half. */
  private adaptSlice(elapsedMs: number): void {
    if (elapsedMs > 2 * SLICE_TARGET_MS) this.slice = Math.max(1, Math.floor(this.slice / 2));
    else if (elapsedMs < SLICE_TARGET_MS / 2) this.slice = Math.min(this.family.sliceSize, this.slice * 2);
  }

  /** the loaded world, if any */
  current(): W | null {
    return this.world;
  }

  /** Posts a full frame now (the family's view options changed, e.g. what the frame carries). */
  refresh(): void {
    if (this.world === null) return;
    this.dirty = true;
    this.postFrame();
  }

  handle(msg: ToWorker): void {
    try {
      this.dispatch(msg);
    } catch (e) {
      this.crash(e);
    }
  }

  /** The engine threw: the module may be broken, so this worker stops and says why. */
  private crash(error: unknown): void {
    this.world = null; // never call into a module that aborted
    this.running = false;
    this.pendingSteps = 0;
    this.scenarioJson = '';
    this.post({ type: 'crashed', message: describeEngineFailure(error) }, []);
  }

  private dispatch(msg: ToWorker): void {
    switch (msg.type) {
      case 'simulate-crash':
        throw new Error('simulated failure (test)');
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
          // answer now: a paused page sends no ticks (ui/frame-loop.ts) until a frame says it runs
          void this.pump();
        }
        break;
      case 'pause':
        this.running = false;
        this.pendingSteps = 0;
        this.dirty = true;
        void this.pump();
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
      case 'normalize':
        // answered by the worker host (worker-host.ts), before the runner
        break;
    }
  }

  private load(json: string, origin: LoadOrigin, play: boolean): void {
    const report = parseValidationReport(this.family.validate(json));
    if (!report.ok || report.scenario === null) {
      this.post({ type: 'rejected', origin, errors: report.errors }, []);
      return;
    }
    let world: W;
    try {
      world = this.family.create(JSON.stringify(report.scenario));
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError || (e instanceof RangeError && /memory/i.test(e.message))) throw e;
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
    this.cap = Math.max(1, this.family.sliceCap?.(world) ?? Infinity);
    this.generation += 1;
    this.scenarioJson = world.scenarioJson();
    this.status = AdvanceStatus.Output;
    this.pendingSteps = 0;
    this.running = play;
    this.untilArmed = this.until !== null;
    this.target = world.time();
    this.dirty = true;
    this.outputInterval = world.nextOutputTime() - world.time();
    this.family.loaded(world, {
      origin,
      generation: this.generation,
      scenarioJson: this.scenarioJson,
      outputInterval: this.outputInterval,
    });
    this.postFrame();
  }

  private tick(dt: number): void {
    const world = this.world;
    if (world && this.running) {
      const step = this.speed * Math.min(Math.max(dt, 0), MAX_TICK_S);
      const now = world.time();
      // and never short of the next output instant: one further off than the first interval (the
      // run's last, or a family's own instants) was out of reach, and the run waited for ever
      const ceiling = Math.max(now + this.outputInterval, world.nextOutputTime()) + this.speed * MAX_LAG_S;
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
    } catch (e) {
      this.crash(e);
    } finally {
      this.pumping = false;
    }
  }

  private async compute(): Promise<void> {
    const generation = this.generation;
    const world = this.world;
    if (world === null) return;
    const start = this.now();
    let lastYield = start;
    for (;;) {
      const wantStep = this.pendingSteps > 0;
      const wantRun = this.running && world.nextOutputTime() <= this.target;
      if (!wantStep && !wantRun) break;
      const before = this.now();
      const status = world.advance(Math.min(this.slice, this.cap));
      this.adaptSlice(this.now() - before);
      this.status = status;
      if (status === AdvanceStatus.Output) {
        this.onOutput(world);
      } else if (status === AdvanceStatus.Finished || status === AdvanceStatus.Stopped) {
        this.running = false;
        this.pendingSteps = 0;
        this.dirty = true;
        break;
      }
      const now = this.now();
      if (now - start > FRAME_BUDGET_MS) break;
      if (status === AdvanceStatus.Budget || now - lastYield > YIELD_EVERY_MS) {
        await yieldToEventLoop();
        lastYield = this.now();
        // a load or reset replaced the world meanwhile: it has posted its own frame
        if (generation !== this.generation) return;
      }
    }
    this.postFrame();
  }

  private onOutput(world: W): void {
    this.family.output(world);
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
    const changed = this.dirty;
    const { fields, transfer } = this.family.frame(world, changed);
    if (changed) {
      this.hash = world.hashState();
      this.pictureTime = world.time();
      this.dirty = false;
    }
    const next = world.nextOutputTime();
    this.post(
      {
        type: 'frame',
        generation: this.generation,
        time: world.time(),
        pictureTime: this.pictureTime,
        outputIndex: world.outputIndex(),
        ...fields,
        hash: this.hash,
        status: this.status,
        running: this.running,
        stepping: this.pendingSteps > 0,
        behind: this.running && next <= this.target,
        nextOutput: next,
        message: this.status === AdvanceStatus.Stopped ? world.message() : '',
      },
      transfer,
    );
  }
}
