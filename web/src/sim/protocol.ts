/**
 * Messages between the main thread (client.ts) and the simulation worker (worker.ts).
 * Everything here is structured-clone friendly; typed arrays are copies, transferred.
 */
import type { AdvanceStatusCode, EngineStats, Observation, Theory } from './granular-wasm';
import type { ValidationError } from './scenario';
import type { ValidatedFamily } from './validators';

/** Where a scenario came from; echoed back so the UI can put errors in the right place. */
/** where a scenario came from; 'api': the embedding page, through the postMessage API (ui/embed-api.ts) */
export type LoadOrigin = 'default' | 'preset' | 'form' | 'json' | 'file' | 'link' | 'reset' | 'api';

export type ToWorker =
  /** validate, then load (the previous scenario stays loaded when invalid) */
  | { type: 'load'; json: string; origin: LoadOrigin; play: boolean }
  /** reload the current scenario at t = 0 */
  | { type: 'reset'; play: boolean }
  | { type: 'play' }
  | { type: 'pause' }
  /** advance exactly one output interval, then pause */
  | { type: 'step' }
  /** simulated seconds per real second */
  | { type: 'speed'; value: number }
  /** pause automatically at the first output instant with time >= `time` (null: never); re-armed by every load and reset */
  | { type: 'until'; time: number | null }
  /** one animation frame passed (dt real seconds): advance if running, answer with a frame */
  | { type: 'tick'; dt: number }
  /** behave as if the engine had failed (the end-to-end test of the restart uses it) */
  | { type: 'simulate-crash' }
  | NormalizeRequest;

/**
 * A scenario in the engine's normalized form, without loading it: the preset menu compares a
 * scenario the page loaded (a reload's #s=, a link) with the bundled presets as the engine reads
 * them. The worker host answers it (sim/worker-host.ts) with a NormalizedMessage of the same id.
 */
export interface NormalizeRequest {
  type: 'normalize';
  id: number;
  json: string;
  /** whose validator normalizes it */
  family: ValidatedFamily;
}

export interface NormalizedMessage {
  type: 'normalized';
  id: number;
  /** the normalized scenario JSON; null when the scenario is not valid */
  scenarioJson: string | null;
}

export interface ReadyMessage {
  type: 'ready';
  version: string;
  /** JSON text of the engine's default scenario */
  defaultScenario: string;
}

export interface FatalMessage {
  type: 'fatal';
  message: string;
}

/**
 * The engine failed while running (WebAssembly out of memory, an abort): the worker is no longer
 * usable. The client (worker-client.ts) replaces it and passes this on to the page.
 */
export interface CrashedMessage {
  type: 'crashed';
  message: string;
}

export interface LoadedMessage {
  type: 'loaded';
  origin: LoadOrigin;
  /** increases with every load/reset; frames carry it */
  generation: number;
  /** normalized scenario JSON (every default filled in) */
  scenarioJson: string;
  count: number;
  /** (N) radii, m */
  radii: Float32Array;
  /** (N) masses, kg */
  masses: Float64Array;
  /** (N) kinetic energies ½ m v² at t = 0, J (each kind's starting temperature, for Haff's curve) */
  energies: Float64Array;
  /** (4 x W) wall segments ax, ay, bx, by, m */
  walls: Float64Array;
  theory: Theory;
  /** s */
  outputInterval: number;
}

export interface RejectedMessage {
  type: 'rejected';
  origin: LoadOrigin;
  errors: ValidationError[];
}

/** The fields every frame carries (both families); a family adds its own. */
export interface FrameCommon {
  type: 'frame';
  /** the load / reset the frame belongs to */
  generation: number;
  /**
   * s, where the engine has got to, not the picture's time: the last output instant's, or, for an
   * engine that stops between them (the soft discs, the avalanche), how far it has computed towards
   * the next one, ahead of `pictureTime`. Only the pace (ui/pace.ts) measures it; what describes the
   * picture (the t read-out, the status line, the test hook, the embedding API) reads `pictureTime`.
   * The gas and the comparison's engines report their last output instant: there the two agree.
   */
  time: number;
  /**
   * s, the time of the picture on screen: the engine's time when a frame last carried its state (an
   * output instant, the load, a pause, the end). While a long output interval's flow is computed
   * `time` runs ahead of it, towards `nextOutput`; the picture, the plots and `hash` stay.
   */
  pictureTime: number;
  /** the last output instant reached (the picture's too: the engine shows every instant it reaches) */
  outputIndex: number;
  /** world.hashState() at `pictureTime`: the state the frames last carried, the picture's */
  hash: string;
  /** the last advance() status (0 before the first advance) */
  status: AdvanceStatusCode;
  running: boolean;
  /** steps asked for are not all done yet (the page keeps ticking until they are) */
  stepping: boolean;
  /**
   * running, with an output instant due (at or before the loop's target time) that the engine has
   * not reached yet: the machine is behind. False while the loop waits for the target to reach the
   * next instant (a long output interval), which is not the machine's doing.
   */
  behind: boolean;
  /** s, the next output instant (world.nextOutputTime()): where a running page's picture changes next */
  nextOutput: number;
  /** world.message() when status is 3 (Stopped), else '' */
  message: string;
}

/** The gas frame's own fields. */
export interface GasFrameFields {
  /** (2 x N) positions, m; null when unchanged since the previous frame */
  positions: Float32Array | null;
  /** (N) speeds |v|, m/s; null when unchanged */
  speeds: Float32Array | null;
  /** (2 x N) velocities, m/s, with the positions (the disc under the pointer: ui/canvas-readout.ts) */
  velocities: Float32Array | null;
  /** probability density per bin, 1/(m/s); null when unchanged */
  histogram: Float64Array | null;
  /** m/s, upper edge of the last bin */
  histogramMax: number;
  /** observations at every output instant reached since the previous frame, in order */
  observations: Observation[];
  /**
   * at each of those instants, the temperatures (J) of the discs' kinds of mass (plot/theory.ts'
   * temperatureKinds of the loaded masses), each the mean ½ m v² of its discs; empty when the discs
   * are one kind
   */
  kindTemperatures: number[][];
  stats: EngineStats;
}

export type FrameMessage = FrameCommon & GasFrameFields;

/** the gas worker keeps the last EVENT_LOG_MAX collisions of the run (World.enableEventLog) */
export const EVENT_LOG_MAX = 100_000;

/** The gas page's own requests. */
export type GasToWorker = ToWorker | { type: 'eventLog' };

/** The per-collision log of the current load, answering { type: 'eventLog' } (copies, transferred). */
export interface EventLogMessage {
  type: 'eventLog';
  generation: number;
  /** number of the first collision held (> 0 when older ones were dropped) */
  first: number;
  /** collisions since t = 0 */
  total: number;
  /** s */
  time: Float64Array;
  /** disc i and partner j (j > i a disc; j < 0 wall -(j + 1)), scenario numbering */
  i: Float64Array;
  j: Float64Array;
}

export type FromWorker = ReadyMessage | FatalMessage | CrashedMessage | LoadedMessage | RejectedMessage | FrameMessage | EventLogMessage;

/** AdvanceStatusCode names. */
export const AdvanceStatus = {
  Output: 0,
  Budget: 1,
  Finished: 2,
  Stopped: 3,
} as const satisfies Record<string, AdvanceStatusCode>;
