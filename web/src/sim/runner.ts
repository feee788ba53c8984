/**
 * The gas simulation in the worker: the shared run loop (run-loop.ts) over a World.
 * What is gas-specific: an observation at every output instant, and frames with positions,
 * speeds and the speed histogram. Those are views into WASM memory: they are re-acquired
 * after advance() and copied before posting.
 */
import { kindTemperatures, temperatureKinds, type MassKinds } from '../plot/theory';
import type { GranularModule, Observation, World } from './granular-wasm';
import { sameObservation } from './observation';
import { EVENT_LOG_MAX, type FromWorker, type GasFrameFields, type GasToWorker } from './protocol';
import { RunLoop, type Family, type LoadInfo } from './run-loop';

/** events per advance() call */
export const SLICE_EVENTS = 50_000;

export type Post = (message: FromWorker, transfer: Transferable[]) => void;

class GasFamily implements Family<World, GasFrameFields> {
  readonly sliceSize = SLICE_EVENTS;
  private observations: Observation[] = [];
  /** the temperatures of the discs' kinds of mass at each record queued (empty: one kind) */
  private kindTemperatures: number[][] = [];
  /** the discs' kinds of mass whose temperatures are measured (theory.ts' temperatureKinds), and the discs' masses */
  private kinds: MassKinds = { mass: [], share: [], index: new Int32Array(0) };
  private masses: Float64Array = new Float64Array(0);
  /** the latest record queued */
  private observed: Observation | null = null;

  constructor(
    private readonly module: GranularModule,
    private readonly post: Post,
  ) {}

  validate(json: string): string {
    return this.module.validateScenario(json);
  }

  create(json: string): World {
    const world = new this.module.World(json);
    // only records: the run is the same with the log on or off (tests/wasm/world.test.ts)
    world.enableEventLog(EVENT_LOG_MAX);
    return world;
  }

  loaded(world: World, info: LoadInfo): void {
    const first = world.observation();
    this.masses = world.masses().slice();
    this.kinds = temperatureKinds(this.masses);
    this.observations = [first];
    this.kindTemperatures = [this.measureKinds(world)];
    this.observed = first;
    const radii = new Float32Array(world.radii());
    const masses = this.masses.slice();
    const velocities = world.velocities();
    const energies = masses.map((m, i) => 0.5 * m * ((velocities[2 * i] ?? 0) ** 2 + (velocities[2 * i + 1] ?? 0) ** 2));
    const walls = world.walls().slice();
    this.post(
      {
        type: 'loaded',
        origin: info.origin,
        generation: info.generation,
        scenarioJson: info.scenarioJson,
        count: world.count(),
        radii,
        masses,
        energies,
        walls,
        theory: world.theory(),
        outputInterval: info.outputInterval,
      },
      [radii.buffer, masses.buffer, energies.buffer, walls.buffer],
    );
  }

  output(world: World): void {
    this.observe(world);
  }

  /**
   * Queues the world's observation unless it is the record already queued (a frame after an output
   * instant reads that instant's record again). A record of the same instant but another state is
   * queued: a row of touching discs that collapses at t = 0 stops there after 10,000 collisions,
   * and the page showed no collision and the initial energy beside the stopped discs.
   */
  private observe(world: World): void {
    const o = world.observation();
    if (this.observed && sameObservation(o, this.observed)) return;
    this.observed = o;
    this.observations.push(o);
    this.kindTemperatures.push(this.measureKinds(world));
  }

  /** each kind of mass's temperature now, J (none for discs of one kind: the observation's T is theirs) */
  private measureKinds(world: World): number[] {
    return this.kinds.mass.length > 1 ? kindTemperatures(this.kinds, this.masses, world.velocities()) : [];
  }

  frame(world: World, changed: boolean): { fields: GasFrameFields; transfer: Transferable[] } {
    // A run stopped by the engine (inelastic collapse) recorded the state where it stopped, between
    // output instants: the frame's clock, discs and histogram are of that instant, so its
    // observation goes too (the read-out showed the stop's time beside the previous instant's energy,
    // and the plots ended before the collapse).
    this.observe(world);
    const observations = this.observations;
    const kindTemperatures = this.kindTemperatures;
    this.observations = [];
    this.kindTemperatures = [];
    let positions: Float32Array | null = null;
    let speeds: Float32Array | null = null;
    let velocities: Float32Array | null = null;
    let histogram: Float64Array | null = null;
    const transfer: Transferable[] = [];
    if (changed) {
      // fresh views after the last advance(), copied before posting
      positions = new Float32Array(world.positions());
      const v = world.velocities();
      const n = world.count();
      velocities = new Float32Array(v);
      speeds = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        const vx = v[2 * i] ?? 0;
        const vy = v[2 * i + 1] ?? 0;
        speeds[i] = Math.sqrt(vx * vx + vy * vy);
      }
      histogram = world.histogram().slice();
      transfer.push(positions.buffer, speeds.buffer, velocities.buffer, histogram.buffer);
    }
    const fields = { positions, speeds, velocities, histogram, histogramMax: world.histogramMax(), observations, kindTemperatures, stats: world.stats() };
    return { fields, transfer };
  }
}

export class Runner {
  private readonly loop: RunLoop<World, GasFrameFields>;
  private generation = 0;

  constructor(
    module: GranularModule,
    private readonly post: Post,
  ) {
    this.loop = new RunLoop(new GasFamily(module, post), (message, transfer) => {
      if (message.type === 'frame') this.generation = message.generation;
      post(message, transfer);
    });
  }

  handle(msg: GasToWorker): void {
    if (msg.type === 'eventLog') this.postEventLog();
    else this.loop.handle(msg);
  }

  /** the current load's collision log, as far as the engine has got */
  private postEventLog(): void {
    const world = this.loop.current();
    if (!world) return;
    const log = world.eventLog(0);
    const { time, i, j } = log;
    this.post(
      { type: 'eventLog', generation: this.generation, first: log.first, total: log.total, time, i, j },
      [time.buffer, i.buffer, j.buffer],
    );
  }
}
