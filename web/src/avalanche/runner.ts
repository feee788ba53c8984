/**
 * The avalanche in the worker: the shared run loop (sim/run-loop.ts) over an AvalancheWorld.
 *
 * The world has output instants only after the gate opens (every output.interval); while the
 * column settles, advance() runs until the gate opens. SettlingClock gives the run loop output
 * instants during settling too (every output.interval of settling time, t < 0), so the page
 * sees the column settle and `step` / pause work there as well. Slicing does not change the
 * physics: the engine checks the settling condition after every step.
 */
import type { AdvanceStatusCode, AvalancheSummary, AvalancheWorld, GranularModule } from '../sim/granular-wasm';
import { RunLoop, type EngineWorld, type Family, type LoadInfo } from '../sim/run-loop';
import { AdvanceStatus } from '../sim/protocol';
import { isJsonObject } from '../sim/scenario';
import {
  CONTACT_STRIDE,
  GRAIN_STRIDE,
  parseMshAnswer,
  type AvalancheFrameFields,
  type AvalancheFromWorker,
  type AvalancheToWorker,
} from './protocol';

/** solver steps per advance() call */
export const SLICE_STEPS = 200;
/**
 * At most about this many grain-steps (grains × solver steps) per advance() call. A step costs
 * time in proportion to the grains (their contacts, each swept until the tolerance is met): in
 * WebAssembly about 0.1 µs per grain while the lattice falls, up to 5 µs once the column is
 * packed (20,000 grains: 1 to 100 ms a step; measured 2 Dec 2026). The run loop starts every
 * world at SLICE_STEPS and halves the slice only after a slow call: without this bound the first
 * call at 20,000 grains ran 200 steps (0.3 s), and 200 steps of a packed column take 20 s.
 */
export const GRAIN_STEPS_PER_CALL = 20_000;

/** The most solver steps one advance() call may take for `grains` grains: at least 1, at most SLICE_STEPS. */
export function stepCap(grains: number): number {
  return Math.max(1, Math.min(SLICE_STEPS, Math.floor(GRAIN_STEPS_PER_CALL / Math.max(1, grains))));
}

export type AvalanchePost = (message: AvalancheFromWorker, transfer: Transferable[]) => void;

/** Numbers of the normalized scenario the clock needs: time step, output interval, longest settling (s). */
export function clockSettings(scenarioJson: string): { timeStep: number; interval: number; settleMaxTime: number } {
  const parsed: unknown = JSON.parse(scenarioJson);
  const o = isJsonObject(parsed) ? parsed : {};
  const pick = (group: string, key: string, fallback: number): number => {
    const g = o[group];
    const v = isJsonObject(g) ? g[key] : undefined;
    return typeof v === 'number' && v > 0 ? v : fallback;
  };
  return { timeStep: pick('solver', 'timeStep', 2e-4), interval: pick('output', 'interval', 0.01), settleMaxTime: pick('settle', 'maxTime', 0) };
}

/**
 * The next output instant while settling: the next multiple of `interval` after the settling
 * start (t = -settleMaxTime), in whole steps, and t = 0 at the latest: the gate opens by then, so
 * an instant after it never comes while settling (an interval longer than settle.maxTime waited
 * for one in real time after the column had settled). Pure (tests/web).
 */
export function nextSettlingOutput(time: number, settleMaxTime: number, interval: number, timeStep: number): number {
  const since = time + settleMaxTime;
  const k = Math.floor(since / interval + 1e-9) + 1;
  const toInstant = Math.max(1, Math.round((k * interval - since) / timeStep));
  const toGate = Math.max(1, Math.round(-time / timeStep));
  return time + Math.min(toInstant, toGate) * timeStep;
}

/** An AvalancheWorld as the run loop's EngineWorld, with output instants while settling. */
export class SettlingClock implements EngineWorld {
  private readonly settings: { timeStep: number; interval: number; settleMaxTime: number };

  constructor(readonly world: AvalancheWorld) {
    this.settings = clockSettings(world.scenarioJson());
  }

  ok(): boolean {
    return this.world.ok();
  }
  report(): string {
    return this.world.report();
  }
  scenarioJson(): string {
    return this.world.scenarioJson();
  }
  time(): number {
    return this.world.time();
  }
  outputIndex(): number {
    return this.world.outputIndex();
  }
  message(): string {
    return this.world.message();
  }
  hashState(): string {
    return this.world.hashState();
  }
  delete(): void {
    this.world.delete();
  }

  nextOutputTime(): number {
    const { timeStep, interval, settleMaxTime } = this.settings;
    const t = this.world.time();
    if (this.world.phase() === 0) return nextSettlingOutput(t, settleMaxTime, interval, timeStep);
    // the engine's own: the run's end (output.duration) when it comes before the next instant
    return this.world.nextOutputTime();
  }

  advance(slice: number): AdvanceStatusCode {
    if (this.world.phase() !== 0) return this.world.advance(slice);
    const next = this.nextOutputTime();
    const steps = Math.max(1, Math.round((next - this.world.time()) / this.settings.timeStep));
    const status = this.world.advance(Math.min(slice, steps));
    if (status === AdvanceStatus.Budget && this.world.phase() === 0 && this.world.time() >= next - 0.5 * this.settings.timeStep) {
      return AdvanceStatus.Output;
    }
    return status;
  }
}

/** x, y, angle, speed, vx, vy, spin of every grain now (fresh views, copied) */
export function grainBlock(world: AvalancheWorld): Float64Array {
  const n = world.grains();
  const pos = world.positions();
  const vel = world.velocities();
  const ang = world.angles();
  const spin = world.spins();
  const out = new Float64Array(GRAIN_STRIDE * n);
  for (let i = 0; i < n; i++) {
    out[GRAIN_STRIDE * i] = pos[2 * i]!;
    out[GRAIN_STRIDE * i + 1] = pos[2 * i + 1]!;
    out[GRAIN_STRIDE * i + 2] = ang[i]!;
    out[GRAIN_STRIDE * i + 3] = Math.hypot(vel[2 * i]!, vel[2 * i + 1]!);
    out[GRAIN_STRIDE * i + 4] = vel[2 * i]!;
    out[GRAIN_STRIDE * i + 5] = vel[2 * i + 1]!;
    out[GRAIN_STRIDE * i + 6] = spin[i]!;
  }
  return out;
}

class AvalancheFamily implements Family<SettlingClock, AvalancheFrameFields> {
  readonly sliceSize = SLICE_STEPS;
  chains = false;
  private sentSamples = 0;
  /**
   * world.summary() when a frame last carried the state (the picture on screen): the frames in
   * between repeat it, as they repeat the picture's hash, while the engine's counters run ahead
   */
  private pictureSummary: AvalancheSummary | null = null;

  constructor(
    private readonly module: GranularModule,
    private readonly post: AvalanchePost,
  ) {}

  validate(json: string): string {
    return this.module.validateAvalancheScenario(json);
  }

  create(json: string): SettlingClock {
    return new SettlingClock(new this.module.AvalancheWorld(json));
  }

  /** a step costs time in proportion to the grains: stepCap(grains) per call (the run does not depend on it) */
  sliceCap(clock: SettlingClock): number {
    return stepCap(clock.world.grains());
  }

  loaded(clock: SettlingClock, info: LoadInfo): void {
    const world = clock.world;
    this.sentSamples = 0;
    this.pictureSummary = null;
    const radii = world.radii().slice();
    const positions = world.positions().slice();
    this.post(
      {
        type: 'loaded',
        origin: info.origin,
        generation: info.generation,
        scenarioJson: info.scenarioJson,
        count: world.grains(),
        bodies: world.bodies(),
        radii,
        positions,
        outputInterval: info.outputInterval,
      },
      [radii.buffer, positions.buffer],
    );
  }

  output(): void {
    // samples are read from the world when the frame is built
  }

  frame(clock: SettlingClock, changed: boolean): { fields: AvalancheFrameFields; transfer: Transferable[] } {
    const world = clock.world;
    const transfer: Transferable[] = [];
    let grains: Float64Array | null = null;
    let walls: Float64Array | null = null;
    let contacts: Float64Array | null = null;
    if (changed) {
      grains = grainBlock(world);
      walls = new Float64Array(world.walls());
      transfer.push(grains.buffer, walls.buffer);
      if (this.chains) {
        contacts = new Float64Array(world.contactLines());
        if (contacts.length % CONTACT_STRIDE !== 0) contacts = contacts.subarray(0, contacts.length - (contacts.length % CONTACT_STRIDE));
        transfer.push(contacts.buffer);
      }
    }
    let samples = null;
    const total = world.sampleCount();
    if (total > this.sentSamples) {
      samples = world.samples(this.sentSamples);
      this.sentSamples = total;
    }
    // the summary of the picture: read with the grains. Between two output instants of a long
    // interval the engine's steps, sweeps, unconverged steps, deepest overlap and fallen grains
    // run ahead, and the phase line and the read-out paired them with the picture's time and runout
    if (changed || this.pictureSummary === null) this.pictureSummary = world.summary();
    return { fields: { phase: world.phase(), grains, walls, contacts, samples, summary: this.pictureSummary }, transfer };
  }
}

export class AvalancheRunner {
  private readonly family: AvalancheFamily;
  private readonly loop: RunLoop<SettlingClock, AvalancheFrameFields>;

  constructor(
    private readonly module: GranularModule,
    private readonly post: AvalanchePost,
  ) {
    this.family = new AvalancheFamily(module, post);
    this.loop = new RunLoop(this.family, post);
  }

  handle(msg: AvalancheToWorker): void {
    if (msg.type === 'chains') {
      this.family.chains = msg.on;
      // send the lines (or none) now, even when paused
      this.loop.refresh();
    } else if (msg.type === 'msh') {
      this.post(parseMshAnswer(this.module.mshSegments(msg.text)), []);
    } else {
      this.loop.handle(msg);
    }
  }
}
