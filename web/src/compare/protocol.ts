/**
 * Messages between the comparison page (compare/client.ts) and its workers: the simulation
 * worker (compare/worker.ts: the shared control messages, sim/protocol.ts) and the table worker
 * (compare/table-worker.ts: the four-sphere row run to its end through every engine). Typed
 * arrays are copies, transferred.
 */
import type { CompareEngineStatus, CompareSamples } from '../sim/granular-wasm';
import type { CrashedMessage, FatalMessage, FrameCommon, LoadOrigin, RejectedMessage } from '../sim/protocol';

/** The engines in the order the C++ numbers them (0, 1, 2). */
export const ENGINES = ['event', 'soft', 'nscd'] as const;
export type EngineKey = (typeof ENGINES)[number];
export const ENGINE_COUNT = ENGINES.length;

export const ENGINE_NAMES: Readonly<Record<EngineKey, string>> = {
  event: 'event-driven',
  soft: 'soft (Hunt–Crossley)',
  nscd: 'NSCD (Moreau–Jean)',
};

/** the form field (and scenario path) that sets the event-driven engine's TC model on this page */
const TC_FIELD = '“Event-driven: TC time t_c” (event.tc)';

/**
 * An engine's stop message in this page's terms. The event-driven engine speaks of the gas
 * scenario it was given ("switch the TC model on (collapse.model = \"tc\")", "raise collapse.tc"),
 * paths a comparison scenario does not have: here the TC model is on whenever event.tc > 0.
 */
export function engineMessage(message: string): string {
  return message
    .replace(/switch the TC model on \(collapse\.model = "tc"\)/, `switch the TC model on: set ${TC_FIELD} above 0, e.g. 0.0001 s`)
    .replace(/raise collapse\.tc\b/, `raise ${TC_FIELD}`);
}

export interface CompareReadyMessage {
  type: 'ready';
  version: string;
  defaultScenario: string;
}

export interface CompareLoadedMessage {
  type: 'loaded';
  origin: LoadOrigin;
  generation: number;
  /** normalized scenario JSON */
  scenarioJson: string;
  /** discs */
  count: number;
  /** (N) radii, m */
  radii: Float64Array;
  /** xmin, ymin, xmax, ymax (m): what the canvases show */
  region: Float64Array;
  /** (4 x W) walls to draw, m (none for the pair and the row) */
  walls: Float64Array;
  /** (3 x 2N) positions at load, m: engine by engine */
  positions: Float64Array;
  /** s */
  outputInterval: number;
  /** s: the run's length */
  duration: number;
  /** s: the exact row's (or pair's) last collision, -1 without an exact answer */
  lastExactCollision: number;
  /** the scenario JSON given to the event-driven and soft engines, and NSCD's parameters */
  engineScenarios: string[];
}

export interface CompareFrameFields {
  /** (3 x 2N) positions, m, engine by engine, when the state changed; else null */
  positions: Float64Array | null;
  /** (3 x 2N) velocities, m/s, when the state changed; else null */
  velocities: Float64Array | null;
  /** samples since the previous frame (null: none) */
  samples: CompareSamples | null;
  /** each engine's state (event, soft, NSCD) */
  engines: CompareEngineStatus[];
}

export type CompareFrameMessage = FrameCommon & CompareFrameFields;

export type CompareFromWorker = CompareReadyMessage | FatalMessage | CrashedMessage | CompareLoadedMessage | RejectedMessage | CompareFrameMessage;

/** The table worker: one request at a time, answered with the engine's JSON text. */
export interface TableRequest {
  id: number;
  /** a normalized comparison scenario whose setup.kind is "row" */
  json: string;
}

export type TableAnswer =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'table'; id: number; text: string }
  | { type: 'error'; id: number; message: string };
