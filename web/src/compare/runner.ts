/**
 * The comparison in the worker: the shared run loop (sim/run-loop.ts) over a CompareWorld, which
 * steps the event-driven, soft and NSCD engines to every output instant in turn. A frame carries
 * each engine's positions and velocities and the samples since the previous frame.
 */
import type { CompareWorld, GranularModule } from '../sim/granular-wasm';
import { RunLoop, type Family, type LoadInfo } from '../sim/run-loop';
import type { ToWorker } from '../sim/protocol';
import { ENGINE_COUNT, type CompareFrameFields, type CompareFromWorker } from './protocol';

/** work per advance(): events x 8 (event-driven), integrator steps (soft), time steps (NSCD) */
export const SLICE_WORK = 200;

export type ComparePost = (message: CompareFromWorker, transfer: Transferable[]) => void;

/** every engine's (2 x N) block of positions or velocities in turn: fresh views, copied */
export function engineBlocks(world: CompareWorld, what: 'positions' | 'velocities'): Float64Array {
  const n = world.count();
  const out = new Float64Array(ENGINE_COUNT * 2 * n);
  for (let k = 0; k < ENGINE_COUNT; k++) out.set(world[what](k).subarray(0, 2 * n), k * 2 * n);
  return out;
}

class CompareFamily implements Family<CompareWorld, CompareFrameFields> {
  readonly sliceSize = SLICE_WORK;
  private sentSamples = 0;

  constructor(
    private readonly module: GranularModule,
    private readonly post: ComparePost,
  ) {}

  validate(json: string): string {
    return this.module.validateCompareScenario(json);
  }

  create(json: string): CompareWorld {
    return new this.module.CompareWorld(json);
  }

  loaded(world: CompareWorld, info: LoadInfo): void {
    this.sentSamples = 0;
    const radii = world.radii().slice();
    const region = world.region();
    const walls = world.walls();
    const positions = engineBlocks(world, 'positions');
    this.post(
      {
        type: 'loaded',
        origin: info.origin,
        generation: info.generation,
        scenarioJson: info.scenarioJson,
        count: world.count(),
        radii,
        region,
        walls,
        positions,
        outputInterval: info.outputInterval,
        duration: world.duration(),
        lastExactCollision: world.lastExactCollision(),
        engineScenarios: [0, 1, 2].map((k) => world.engineScenario(k)),
      },
      [radii.buffer, region.buffer, walls.buffer, positions.buffer],
    );
  }

  output(): void {
    // samples are read from the world when the frame is built
  }

  frame(world: CompareWorld, changed: boolean): { fields: CompareFrameFields; transfer: Transferable[] } {
    const transfer: Transferable[] = [];
    let positions: Float64Array | null = null;
    let velocities: Float64Array | null = null;
    if (changed) {
      positions = engineBlocks(world, 'positions');
      velocities = engineBlocks(world, 'velocities');
      transfer.push(positions.buffer, velocities.buffer);
    }
    let samples = null;
    const total = world.sampleCount();
    if (total > this.sentSamples) {
      samples = world.samples(this.sentSamples);
      this.sentSamples = total;
      transfer.push(samples.time.buffer, samples.kinetic.buffer, samples.height.buffer, samples.contacts.buffer, samples.velocities.buffer);
    }
    const engines = [0, 1, 2].map((k) => world.status(k));
    return { fields: { positions, velocities, samples, engines }, transfer };
  }
}

export class CompareRunner {
  private readonly loop: RunLoop<CompareWorld, CompareFrameFields>;

  constructor(module: GranularModule, post: ComparePost) {
    this.loop = new RunLoop(new CompareFamily(module, post), post);
  }

  handle(msg: ToWorker): void {
    this.loop.handle(msg);
  }
}
