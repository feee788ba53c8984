/**
 * Messages between the chain page and its workers (chain/worker.ts). Every request carries an
 * id; the worker answers with progress (sweeps only) and then one result or error with that id.
 * Results are the engine's JSON text, parsed on the main thread (results.ts); a sweep chunk
 * comes back as typed arrays, transferred.
 */

export type ChainRequest =
  | { type: 'run'; id: number; e: number; spheres: number; extended: boolean; maxLog: number }
  /** any row: json is chainRunSetup's set-up (see granular-wasm.d.ts, custom-row.ts setupJson) */
  | { type: 'runSetup'; id: number; json: string; maxLog: number }
  | { type: 'sweep'; id: number; e: number[]; spheres: number; extended: boolean }
  | { type: 'montecarlo'; id: number; samples: number; mu: number; sigma: number; seed: number }
  /** samples from .. to-1 of the 'montecarlo' sequence (progress in chunks, the same numbers) */
  | { type: 'montecarloRange'; id: number; samples: number; mu: number; sigma: number; seed: number; from: number; to: number }
  | { type: 'newton'; id: number; target: number; lo: number; hi: number };

export interface SweepChunkAnswer {
  collisions: Float64Array;
  collapsed: Uint8Array;
  /** sphere-major: finalVelocity[i * points + j], m/s */
  finalVelocity: Float64Array;
  /** a run that did not succeed, e.g. "e = 2: must be in [0, 1]" ('' when all did) */
  problem: string;
}

export type ChainAnswer =
  /** `at`: when the engine had loaded, performance.timeOrigin + performance.now() in the worker (ms) */
  | { type: 'ready'; version: string; at: number }
  | { type: 'fatal'; message: string }
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'text'; id: number; text: string }
  | { type: 'sweep'; id: number; answer: SweepChunkAnswer }
  | { type: 'error'; id: number; message: string };
