/**
 * Splitting a sweep over e across workers and putting the pieces back in order (pure).
 * The grid is cut into contiguous chunks, more chunks than workers, handed out as workers
 * become free: runs near e_c take thousands of collisions, runs near 1 take six, so equal
 * shares per worker would leave most of them idle. Each chunk's answer lands at its own
 * offset, so the merged arrays follow the grid whatever order the chunks finish in.
 */
import { runCsvColumns, type CsvFile, type RunId } from './run-export';
import { collapseThreshold, thresholdText } from './theory';

export const MAX_WORKERS = 8;

/** Workers for a sweep: navigator.hardwareConcurrency, at least 1, at most 8. */
export function workerCount(hardwareConcurrency: number | undefined): number {
  const n = Math.floor(Number(hardwareConcurrency));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_WORKERS) : 1;
}

/** `points` values from eMin to eMax inclusive, evenly spaced (one point: eMin). */
export function sweepGrid(eMin: number, eMax: number, points: number): number[] {
  if (points <= 1) return [eMin];
  const step = (eMax - eMin) / (points - 1);
  return Array.from({ length: points }, (_, i) => (i === points - 1 ? eMax : eMin + i * step));
}

export interface SweepChunk {
  /** index of the chunk's first grid point */
  start: number;
  /** grid points in the chunk */
  count: number;
}

/** Contiguous chunks covering [0, points): about `perWorker` chunks per worker, none empty. */
export function splitSweep(points: number, workers: number, perWorker = 8): SweepChunk[] {
  if (points <= 0) return [];
  const wanted = Math.max(1, Math.min(points, Math.max(1, workers) * perWorker));
  const chunks: SweepChunk[] = [];
  const base = Math.floor(points / wanted);
  const extra = points % wanted;
  let start = 0;
  for (let c = 0; c < wanted; c++) {
    const count = base + (c < extra ? 1 : 0);
    chunks.push({ start, count });
    start += count;
  }
  return chunks;
}

/** One chunk's answer: per grid point the collision count and the final velocities. */
export interface SweepPiece {
  start: number;
  /** collisions at each point of the chunk */
  collisions: ArrayLike<number>;
  /** finalVelocity[i][j]: sphere i at point j of the chunk, m/s */
  finalVelocity: ReadonlyArray<ArrayLike<number>>;
  /** the run at that point ended in collapse (1) or not (0) */
  collapsed: ArrayLike<number>;
}

export interface SweepResult {
  e: number[];
  collisions: Float64Array;
  /** finalVelocity[i][j], m/s */
  finalVelocity: Float64Array[];
  collapsed: Uint8Array;
  /** grid points filled so far */
  filled: number;
}

export function emptySweep(e: number[], spheres: number): SweepResult {
  return {
    e,
    collisions: new Float64Array(e.length).fill(NaN),
    finalVelocity: Array.from({ length: spheres }, () => new Float64Array(e.length).fill(NaN)),
    collapsed: new Uint8Array(e.length),
    filled: 0,
  };
}

/**
 * The sweep's result line after the timing: the largest collision count among the runs that did
 * not collapse (a collapsed run's count is where the engine declared the collapse, a matter of
 * its precision, not a property of e), and how many runs collapsed; e_c is named only where it
 * applies (three or four spheres, see collapseThreshold).
 */
export function sweepSummary(s: SweepResult, spheres: number, format: (v: number) => string): string[] {
  let maxCount = -1;
  let maxAt = NaN;
  let collapsed = 0;
  s.collisions.forEach((c, j) => {
    if (s.collapsed[j]) collapsed += 1;
    else if (c > maxCount) {
      maxCount = c;
      maxAt = s.e[j] ?? NaN;
    }
  });
  const parts: string[] = [];
  const of = collapsed > 0 ? ' without collapse' : '';
  if (maxCount >= 0) parts.push(`Most collisions${of}: ${maxCount.toLocaleString('en-US')} at e = ${format(maxAt)}.`);
  if (collapsed > 0) {
    const ec = collapseThreshold(spheres);
    const every = collapsed === s.collisions.length ? 'Every run' : `${collapsed.toLocaleString('en-US')} run${collapsed === 1 ? '' : 's'}`;
    parts.push(`${every} ended in inelastic collapse${ec === null ? '' : ` (e below e_c ≈ ${thresholdText(ec)})`}.`);
  }
  return parts;
}

/**
 * The collision plot's two series: `counted`, the number of collisions of every run that ended (null
 * where the run collapsed), and `collapsed`, where the engine declared the collapse (null elsewhere;
 * null throughout when no run collapsed). A collapsed run's count is how many collisions it took the
 * engine to see the times accumulate below its precision's resolution, not the row's count (infinite
 * below e_c): drawn in the same line it made a peak of some 3,900 collisions just below e_c, above
 * the largest true count (1,368 at e = 0.1715758 in the guide's 0.17 to 0.2 sweep).
 */
export function sweepCountSeries(s: SweepResult): { counted: Array<number | null>; collapsed: Array<number | null> | null } {
  const counted: Array<number | null> = [];
  const collapsed: Array<number | null> = [];
  let any = false;
  s.collisions.forEach((c, j) => {
    const declared = s.collapsed[j] === 1;
    any ||= declared;
    counted.push(declared ? null : c);
    collapsed.push(declared ? c : null);
  });
  return { counted, collapsed: any ? collapsed : null };
}

/** Writes a chunk's answer at its offset (in place), whatever order chunks arrive in. */
export function mergePiece(into: SweepResult, piece: SweepPiece): void {
  const n = piece.collisions.length;
  if (piece.start < 0 || piece.start + n > into.e.length) throw new RangeError(`chunk at ${piece.start} (+${n}) outside the grid of ${into.e.length}`);
  for (let j = 0; j < n; j++) {
    into.collisions[piece.start + j] = piece.collisions[j] ?? NaN;
    into.collapsed[piece.start + j] = piece.collapsed[j] ?? 0;
  }
  into.finalVelocity.forEach((row, i) => {
    const src = piece.finalVelocity[i];
    for (let j = 0; j < n; j++) row[piece.start + j] = src ? (src[j] ?? NaN) : NaN;
  });
  into.filled += n;
}

/** The collision plot's CSV: e, the number of collisions and whether the run ended in collapse. */
export function sweepCollisionsCsv(s: SweepResult, id: RunId): CsvFile {
  return runCsvColumns(id, 'collisions', ['e (1)', 'collisions (1)', 'collapsed (1 = yes)'], [s.e, s.collisions, s.collapsed]);
}

/** The final-velocity plot's CSV: e and every sphere's final velocity. */
export function sweepVelocitiesCsv(s: SweepResult, id: RunId): CsvFile {
  return runCsvColumns(id, 'final velocities', ['e (1)', ...s.finalVelocity.map((_, i) => `v${i + 1} final (m/s)`)], [s.e, ...s.finalVelocity]);
}
