/**
 * The soft-disc simulation in the worker: the shared run loop (sim/run-loop.ts) over a
 * SoftWorld, advanced in slices of at most SLICE_STEPS integrator steps and at most
 * stepCap(discs) (the family's sliceCap): a step costs time in proportion to the number of discs,
 * so a crowded world takes few steps per call and the worker answers pause within about one
 * step. What is soft-specific: the ledger and a snapshot (coordinates, observers) at every
 * output instant, hysteresis loops, and the 'pair' message. Coordinates and observers are
 * views into WASM memory: re-acquired after advance(), copied.
 */
import type { GranularModule, HysteresisLoop, SoftLedger, SoftStats, SoftWorld } from '../sim/granular-wasm';
import { RunLoop, type Family, type LoadInfo } from '../sim/run-loop';
import { parseSoftInfo, snapshotStride, type SoftFrameFields, type SoftFromWorker, type SoftToWorker } from './protocol';

/** integrator steps per advance() call */
export const SLICE_STEPS = 5_000;
/**
 * At most about this many disc-steps (discs × integrator steps) per advance() call. A dopri5 step
 * of a crowded world is mostly a contact event (the step, its redo up to the located instant:
 * about 13 right-hand sides over every disc and candidate pair) and costs about 0.4 µs per disc
 * in WebAssembly (20,000 discs: 8 ms, up to 30 ms), so a call stays near the run loop's
 * SLICE_TARGET_MS. The run loop starts every world at SLICE_STEPS and halves the slice only
 * after a slow call: without this bound the first call at 20,000 discs ran 5,000 steps (most
 * of the first output interval, 45 s and more) and Pause waited for it.
 */
export const DISC_STEPS_PER_CALL = 20_000;
/** every pair's loops are recorded up to this many discs (the engine's own default) */
export const RECORD_ALL_MAX = 32;
/** up to this many discs every output instant is sent (traces, coordinate plot); beyond, the newest only */
export const SNAPSHOT_ALL_MAX = 512;

export type SoftPost = (message: SoftFromWorker, transfer: Transferable[]) => void;

/** The most integrator steps one advance() call may take for a world of `count` discs: at least 1, at most SLICE_STEPS. */
export function stepCap(count: number): number {
  return Math.max(1, Math.min(SLICE_STEPS, Math.floor(DISC_STEPS_PER_CALL / Math.max(1, count))));
}

/** time, coordinates and observers now (fresh views, copied) */
function snapshot(world: SoftWorld): Float64Array {
  const n = world.count();
  const out = new Float64Array(snapshotStride(n));
  out[0] = world.time();
  out.set(world.coordinates(), 1);
  out.set(world.observers(), 1 + 6 * n);
  return out;
}

class SoftFamily implements Family<SoftWorld, SoftFrameFields> {
  readonly sliceSize = SLICE_STEPS;
  private snapshots: Float64Array[] = [];
  private ledger: SoftLedger[] = [];
  /** loops 0 .. sentLoops-1 were sent; of those, `openLoops` were still growing */
  private sentLoops = 0;
  private readonly openLoops = new Set<number>();
  /**
   * The counters when a frame last carried the state (the picture on screen): the frames in
   * between repeat them, as they repeat the picture's hash, while the engine counts on
   */
  private pictureStats: SoftStats | null = null;

  constructor(
    private readonly module: GranularModule,
    private readonly post: SoftPost,
  ) {}

  validate(json: string): string {
    return this.module.validateSoftScenario(json);
  }

  create(json: string): SoftWorld {
    return new this.module.SoftWorld(json);
  }

  /** a step costs time in proportion to the discs: stepCap(discs) per call (the run does not depend on it) */
  sliceCap(world: SoftWorld): number {
    return stepCap(world.count());
  }

  loaded(world: SoftWorld, info: LoadInfo): void {
    this.snapshots = [];
    this.ledger = [world.ledger()];
    this.pictureStats = null;
    this.sentLoops = 0;
    this.openLoops.clear();
    const count = world.count();
    const recordAll = count <= RECORD_ALL_MAX;
    world.recordHysteresis(recordAll ? -1 : 0, recordAll ? 0 : count > 1 ? 1 : -1);

    const radii = world.radii().slice();
    this.post(
      {
        type: 'loaded',
        origin: info.origin,
        generation: info.generation,
        scenarioJson: info.scenarioJson,
        count,
        radii,
        domain: world.domain(),
        info: parseSoftInfo(world.info()),
        outputInterval: info.outputInterval,
        recordAll,
      },
      [radii.buffer],
    );
    this.snapshots.push(snapshot(world));
  }

  output(world: SoftWorld): void {
    this.ledger.push(world.ledger());
    if (world.count() <= SNAPSHOT_ALL_MAX) this.snapshots.push(snapshot(world));
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

  frame(world: SoftWorld, changed: boolean): { fields: SoftFrameFields; transfer: Transferable[] } {
    let snapshots: Float64Array | null = null;
    let snapshotCount = 0;
    const transfer: Transferable[] = [];
    if (changed) {
      const list = this.snapshots.length > 0 ? this.snapshots : [snapshot(world)];
      const stride = snapshotStride(world.count());
      snapshots = new Float64Array(stride * list.length);
      list.forEach((s, k) => snapshots?.set(s, k * stride));
      snapshotCount = list.length;
      transfer.push(snapshots.buffer);
    }
    this.snapshots = [];
    const ledger = this.ledger;
    this.ledger = [];
    const loops = this.changedLoops(world);
    for (const [, loop] of loops) transfer.push(loop.penetration.buffer, loop.force.buffer);
    // read with the state: between two output instants of a long interval the steps, contacts,
    // largest force and step sizes ran ahead of the picture they stood beside
    if (changed || this.pictureStats === null) this.pictureStats = world.stats();
    return { fields: { snapshots, snapshotCount, ledger, stats: this.pictureStats, loops }, transfer };
  }
}

export class SoftRunner {
  private readonly loop: RunLoop<SoftWorld, SoftFrameFields>;

  constructor(module: GranularModule, post: SoftPost) {
    this.loop = new RunLoop(new SoftFamily(module, post), post);
  }

  handle(msg: SoftToWorker): void {
    if (msg.type === 'pair') this.loop.current()?.recordHysteresis(msg.i, msg.other);
    else this.loop.handle(msg);
  }
}
