/**
 * Messages between the soft-disc page (soft/client.ts) and its worker (soft/worker.ts).
 * The control messages are the gas page's (sim/protocol.ts) plus the hysteresis pair;
 * typed arrays are copies, transferred.
 */
import type { HysteresisLoop, SoftDomain, SoftLedger, SoftStats } from '../sim/granular-wasm';
import type { CrashedMessage, FatalMessage, FrameCommon, LoadOrigin, RejectedMessage, ToWorker } from '../sim/protocol';

export type SoftToWorker =
  | ToWorker
  /** record the loops of disc i with `other` (a disc, or -(k+1) for wall k); i = -1: every pair */
  | { type: 'pair'; i: number; other: number };

/** SoftWorld.info(), parsed */
export interface SoftInfo {
  law: string;
  /** damping constant a, s/m */
  dampingA: number;
  cTau: number;
  /** restitution of one head-on impact under this damping */
  restitution: number;
  targetRestitution: number | null;
  /** s */
  shortestContact: number;
  /** s (RK4) */
  fixedStep: number;
  integrator: string;
  note: string;
}

export interface SoftReadyMessage {
  type: 'ready';
  version: string;
  /** JSON text of the engine's default soft scenario */
  defaultScenario: string;
}

export interface SoftLoadedMessage {
  type: 'loaded';
  origin: LoadOrigin;
  generation: number;
  /** normalized scenario JSON */
  scenarioJson: string;
  count: number;
  /** (N) radii, m */
  radii: Float64Array;
  domain: SoftDomain;
  info: SoftInfo;
  /** s */
  outputInterval: number;
  /** every pair's loops are recorded (N <= 32); otherwise only the chosen pair's */
  recordAll: boolean;
}

/** The soft frame's own fields. */
export interface SoftFrameFields {
  /**
   * The output instants reached since the previous frame, oldest first, each a block of
   * SNAPSHOT_STRIDE(N) = 1 + 8N numbers: time (s), coordinates (6 x N: x, y, angle, vx, vy, spin)
   * and observers (2 x N, m). Only the newest when N is large. Null when nothing changed.
   */
  snapshots: Float64Array | null;
  snapshotCount: number;
  /**
   * The ledger at each output instant reached since the previous frame, in order. The engine
   * records it at output instants only (SoftWorld::record, with the observers): a pause between two
   * instants moves the picture (and `stats`) there, and the last row stays the instant's before it;
   * the read-out says so beside its closure (soft/readout.ts closureText).
   */
  ledger: SoftLedger[];
  /**
   * The integrator and contact counters at the picture on screen (FrameCommon.pictureTime): read
   * when the frame carries the state (an output instant, the load, a pause, the end), repeated by
   * the frames in between, whose `time` runs ahead while the engine counts on towards the next instant.
   */
  stats: SoftStats;
  /** loops that are new or still growing since the previous frame: [index, loop] */
  loops: Array<[number, HysteresisLoop]>;
}

export type SoftFrameMessage = FrameCommon & SoftFrameFields;

export type SoftFromWorker = SoftReadyMessage | FatalMessage | CrashedMessage | SoftLoadedMessage | RejectedMessage | SoftFrameMessage;

/** numbers per disc in a snapshot: 6 coordinates + 2 observer coordinates */
export const SNAPSHOT_PER_DISC = 8;

export function snapshotStride(count: number): number {
  return 1 + SNAPSHOT_PER_DISC * count;
}

/** Parses SoftWorld.info() text; missing fields become NaN / ''. */
export function parseSoftInfo(text: string): SoftInfo {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = {};
  }
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const n = (k: string): number => (typeof o[k] === 'number' ? (o[k] as number) : NaN);
  const s = (k: string): string => (typeof o[k] === 'string' ? (o[k] as string) : '');
  return {
    law: s('law'),
    dampingA: n('dampingA'),
    cTau: n('cTau'),
    restitution: n('restitution'),
    targetRestitution: typeof o['targetRestitution'] === 'number' ? o['targetRestitution'] : null,
    shortestContact: n('shortestContact'),
    fixedStep: n('fixedStep'),
    integrator: s('integrator'),
    note: s('note'),
  };
}
