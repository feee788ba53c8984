/**
 * The soft-disc simulation loop in the worker: owns the SoftWorld and answers the page's
 * messages (soft/protocol.ts). Time keeping is the gas runner's (sim/runner.ts): each tick
 * moves a target time forward by speed × dt, advance() runs in slices of SLICE_STEPS
 * integrator steps, yielding between slices, and one frame answers each tick.
 * Coordinates and observers are views into WASM memory: re-acquired after advance(), copied.
 */
import type { AdvanceStatusCode, GranularModule, SoftLedger, SoftWorld, HysteresisLoop } from '../sim/granular-wasm';
import { AdvanceStatus, type LoadOrigin } from '../sim/protocol';
import { yieldToEventLoop } from '../sim/runner';
import { parseValidationReport } from '../sim/scenario';
import { parseSoftInfo, snapshotStride, type SoftFromWorker, type SoftToWorker } from './protocol';

/** integrator steps per advance() call */
export const SLICE_STEPS = 5_000;
/** every pair's loops are recorded up to this many discs (the engine's own default) */
export const RECORD_ALL_MAX = 32;
/** up to this many discs every output instant is sent (traces, coordinate plot); beyond, the newest only */
export const SNAPSHOT_ALL_MAX = 512;
const FRAME_BUDGET_MS = 30;
const YIELD_EVERY_MS = 4;
const MAX_TICK_S = 0.1;
const MAX_LAG_S = 0.25;

export type SoftPost = (message: SoftFromWorker, transfer: Transferable[]) => void;

export class SoftRunner {
  private world: SoftWorld | null = null;
  private scenarioJson = '';
  private generation = 0;
  private running = false;
  private speed = 1;
  private target = 0;
  private pendingSteps = 0;
  private until: number | null = null;
  private untilArmed = false;
  private status: AdvanceStatusCode = AdvanceStatus.Output;
  private snapshots: Float64Array[] = [];
  private ledger: SoftLedger[] = [];
  private dirty = false;
  private hash = '';
  private pumping = false;
  private outputInterval = 0;
  /** loops 0 .. sentLoops-1 were sent; of those, `openLoops` were still growing */
  private sentLoops = 0;
  private openLoops = new Set<number>();

  constructor(
    private readonly module: GranularModule,
    private readonly post: SoftPost,
  ) {}

  handle(msg: SoftToWorker): void {
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
      case 'pair':
        this.world?.recordHysteresis(msg.i, msg.other);
        break;
    }
  }

  private reject(origin: LoadOrigin, message: string): void {
    this.post({ type: 'rejected', origin, errors: [{ path: '', value: '', message, text: message }] }, []);
  }

  private load(json: string, origin: LoadOrigin, play: boolean): void {
    const report = parseValidationReport(this.module.validateSoftScenario(json));
    if (!report.ok || report.scenario === null) {
      this.post({ type: 'rejected', origin, errors: report.errors }, []);
      return;
    }
    let world: SoftWorld;
    try {
      world = new this.module.SoftWorld(JSON.stringify(report.scenario));
    } catch (e) {
      this.reject(origin, `the engine could not load the scenario: ${(e as Error).message}`);
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
    this.snapshots = [];
    this.ledger = [world.ledger()];
    this.sentLoops = 0;
    this.openLoops.clear();
    this.dirty = true;
    this.outputInterval = world.nextOutputTime() - world.time();
    const count = world.count();
    const recordAll = count <= RECORD_ALL_MAX;
    world.recordHysteresis(recordAll ? -1 : 0, recordAll ? 0 : count > 1 ? 1 : -1);

    const radii = world.radii().slice();
    this.post(
      {
        type: 'loaded',
        origin,
        generation: this.generation,
        scenarioJson: this.scenarioJson,
        count,
        radii,
        domain: world.domain(),
        info: parseSoftInfo(world.info()),
        outputInterval: this.outputInterval,
        recordAll,
      },
      [radii.buffer],
    );
    this.snapshots.push(this.snapshot(world));
    this.postFrame();
  }

  /** time, coordinates and observers now (fresh views, copied) */
  private snapshot(world: SoftWorld): Float64Array {
    const n = world.count();
    const out = new Float64Array(snapshotStride(n));
    out[0] = world.time();
    out.set(world.coordinates(), 1);
    out.set(world.observers(), 1 + 6 * n);
    return out;
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

  private async pump(): Promise<void> {
    if (this.pumping) return;
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
    if (world === null) return;
    const start = performance.now();
    let lastYield = start;
    for (;;) {
      const wantStep = this.pendingSteps > 0;
      const wantRun = this.running && world.nextOutputTime() <= this.target;
      if (!wantStep && !wantRun) break;
      const status = world.advance(SLICE_STEPS);
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
        if (generation !== this.generation) return;
      }
    }
    this.postFrame();
  }

  private onOutput(world: SoftWorld): void {
    this.ledger.push(world.ledger());
    if (world.count() <= SNAPSHOT_ALL_MAX) this.snapshots.push(this.snapshot(world));
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

  /** loops that are new or were still growing at the previous frame */
  private changedLoops(world: SoftWorld): Array<[number, HysteresisLoop]> {
    const out: Array<[number, HysteresisLoop]> = [];
    const total = world.loopCount();
    for (const k of [...this.openLoops]) {
      const loop = world.loop(k);
      if (!loop) continue;
      out.push([k, loop]);
      if (loop.endTime >= 0) this.openLoops.delete(k);
    }
    for (let k = this.sentLoops; k < total; k++) {
      const loop = world.loop(k);
      if (!loop) continue;
      out.push([k, loop]);
      if (loop.endTime < 0) this.openLoops.add(k);
    }
    this.sentLoops = total;
    return out;
  }

  private postFrame(): void {
    const world = this.world;
    if (world === null) return;
    let snapshots: Float64Array | null = null;
    let snapshotCount = 0;
    const transfer: Transferable[] = [];
    if (this.dirty) {
      const list = this.snapshots.length > 0 ? this.snapshots : [this.snapshot(world)];
      const stride = snapshotStride(world.count());
      snapshots = new Float64Array(stride * list.length);
      list.forEach((s, k) => snapshots?.set(s, k * stride));
      snapshotCount = list.length;
      this.hash = world.hashState();
      transfer.push(snapshots.buffer);
      this.dirty = false;
    }
    this.snapshots = [];
    const ledger = this.ledger;
    this.ledger = [];
    const loops = this.changedLoops(world);
    for (const [, loop] of loops) transfer.push(loop.penetration.buffer, loop.force.buffer);
    this.post(
      {
        type: 'frame',
        generation: this.generation,
        time: world.time(),
        outputIndex: world.outputIndex(),
        snapshots,
        snapshotCount,
        ledger,
        stats: world.stats(),
        loops,
        hash: this.hash,
        status: this.status,
        running: this.running,
        message: this.status === AdvanceStatus.Stopped ? world.message() : '',
      },
      transfer,
    );
  }
}
