/**
 * Messages between the avalanche page (avalanche/client.ts) and its worker (avalanche/worker.ts).
 * The control messages are the shared ones (sim/protocol.ts) plus the force-chain toggle and the
 * Gmsh import; typed arrays are copies, transferred.
 */
import type { AvalanchePhaseCode, AvalancheSamples, AvalancheSummary } from '../sim/granular-wasm';
import type { CrashedMessage, FatalMessage, FrameCommon, LoadOrigin, RejectedMessage, ToWorker } from '../sim/protocol';

export type AvalancheToWorker =
  | ToWorker
  /** send the contact lines (force chains) with every frame, or not */
  | { type: 'chains'; on: boolean }
  /** read boundary segments from the text of a Gmsh .msh file */
  | { type: 'msh'; text: string };

export interface AvalancheReadyMessage {
  type: 'ready';
  version: string;
  defaultScenario: string;
}

export interface AvalancheLoadedMessage {
  type: 'loaded';
  origin: LoadOrigin;
  generation: number;
  /** normalized scenario JSON */
  scenarioJson: string;
  /** mobile grains */
  count: number;
  /** grains and fixed floor discs */
  bodies: number;
  /** (bodies) radii, m */
  radii: Float64Array;
  /** (2 x bodies) positions at load, m (the floor discs never move) */
  positions: Float64Array;
  /** s */
  outputInterval: number;
}

/**
 * per grain in a frame: x (m), y (m), angle (rad), speed |v| (m/s), then vx, vy (m/s) and spin ω
 * (rad/s) for the line that names the grain under the pointer (ui/canvas-readout.ts)
 */
export const GRAIN_STRIDE = 7;
/** per contact line: x1, y1, x2, y2 (m), normal impulse (N s) */
export const CONTACT_STRIDE = 5;

export interface AvalancheFrameFields {
  /** the picture's phase too: it changes only at a frame that carries the state (the gate opens at an output instant, the flow stops at the run's end) */
  phase: AvalanchePhaseCode;
  /** (GRAIN_STRIDE x grains) when the state changed, else null */
  grains: Float64Array | null;
  /** (4 x W) boundary segments now (the gate while closed), when the state changed */
  walls: Float64Array | null;
  /** (CONTACT_STRIDE x contacts) when force chains are on and the state changed */
  contacts: Float64Array | null;
  /** samples since the previous frame (null: none); taken at output instants, so only frames that carry the state have any */
  samples: AvalancheSamples | null;
  /**
   * world.summary() at the picture on screen (FrameCommon.pictureTime): read when the frame carries
   * the state (an output instant, the load, a pause, the end), repeated by the frames in between,
   * whose `time` runs ahead while the engine counts steps, sweeps, unconverged steps, overlaps and
   * fallen grains towards the next instant. Its runout and village are the engine's last sample's
   * (an output instant, the gate's opening or the stop): at a pause between two instants they are
   * older than the picture, which the read-out says (summary-readout.ts runoutText).
   */
  summary: AvalancheSummary;
}

export type AvalancheFrameMessage = FrameCommon & AvalancheFrameFields;

export interface MshAnswer {
  type: 'msh';
  ok: boolean;
  message: string;
  segments: number[][];
}

export type AvalancheFromWorker =
  | AvalancheReadyMessage
  | FatalMessage
  | CrashedMessage
  | AvalancheLoadedMessage
  | RejectedMessage
  | AvalancheFrameMessage
  | MshAnswer;

/** mshSegments' JSON text, checked ({ok: false} with a message when it is not what it should be). */
export function parseMshAnswer(text: string): MshAnswer {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { type: 'msh', ok: false, message: 'the engine gave no readable answer', segments: [] };
  }
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const list = Array.isArray(o['segments']) ? (o['segments'] as unknown[]) : [];
  const segments = list.filter(
    (s): s is number[] => Array.isArray(s) && s.length === 4 && s.every((v) => typeof v === 'number' && Number.isFinite(v)),
  );
  const ok = o['ok'] === true && segments.length === list.length;
  return { type: 'msh', ok, message: typeof o['message'] === 'string' ? o['message'] : '', segments: ok ? segments : [] };
}
