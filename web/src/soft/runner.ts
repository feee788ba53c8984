/**
 * The soft-disc simulation in the worker: the shared run loop (sim/run-loop.ts) over a
 * SoftWorld, advanced in slices of SLICE_STEPS integrator steps. What is soft-specific: the
 * ledger and a snapshot (coordinates, observers) at every output instant, hysteresis loops,
 * and the 'pair' message. Coordinates and observers are views into WASM memory:
 * re-acquired after advance(), copied.
 */
import type { GranularModule, HysteresisLoop, SoftLedger, SoftWorld } from '../sim/granular-wasm';
import { RunLoop, type Family, type LoadInfo } from '../sim/run-loop';
import { parseSoftInfo, snapshotStride, type SoftFrameFields, type SoftFromWorker, type SoftToWorker } from './protocol';

/** integrator steps per advance() call */
export const SLICE_STEPS = 5_000;
/** every pair's loops are recorded up to this many discs (the engine's own default) */
export const RECORD_ALL_MAX = 32;
/** up to this many discs every output instant is sent (traces, coordinate plot); beyond, the newest only */
export const SNAPSHOT_ALL_MAX = 512;

export type SoftPost = (message: SoftFromWorker, transfer: Transferable[]) => void;

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

  loaded(world: SoftWorld, info: LoadInfo): void {
    this.snapshots = [];
    this.ledger = [world.ledger()];
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
    return { fields: { snapshots, snapshotCount, ledger, stats: world.stats(), loops }, transfer };
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
