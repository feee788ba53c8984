/**
 * The gas page's per-collision log as CSV (pure): one row per collision, time-ordered, disc i and
 * partner j as the engine numbers them (j < 0: wall -(j + 1)); and the sentence that says what the
 * file holds (the worker keeps only the last EVENT_LOG_MAX collisions).
 */
import { runHeaders } from '../plot/chart-export';
import { columnsToCsv } from './csv';
import { formatCount } from './dom';

export const EVENT_LOG_HEADER = ['time (s)', 'disc i', 'partner j (disc j > i; wall k as j = -(k+1))'] as const;

export interface EventColumns {
  first: number;
  total: number;
  time: ArrayLike<number>;
  i: ArrayLike<number>;
  j: ArrayLike<number>;
}

/**
 * The log as CSV, the first line its headers: `run` (the page's run, runSubject) named as every
 * chart's CSV names it (runHeaders), in the one column with a unit, "time — Cooling granular gas,
 * seed 7, engine event (double), Granular Lab 0.1.0 (s)", so that two runs' logs saved side by side
 * say which is which, and which engine and build wrote them. The disc and partner
 * columns have no unit and stay as they are (the partner's parenthesis is a note, not a unit, as
 * splitUnit now tells too: before, runHeaders would have read it as one).
 */
export function eventLogCsv(log: EventColumns, run = ''): string {
  const [time, ...rest] = EVENT_LOG_HEADER;
  return columnsToCsv([...runHeaders([time], run, 0), ...rest], [log.time, log.i, log.j]);
}

/** e.g. "12,345 collisions (all since t = 0)" or "the last 100,000 of 250,000 collisions (the first 150,000 were dropped)" */
export function eventLogNote(log: Pick<EventColumns, 'first' | 'total'>, held: number): string {
  if (log.total === 0) return 'No collision yet.';
  if (log.first === 0) return `${formatCount(held)} collision${held === 1 ? '' : 's'} (all since t = 0).`;
  return `The last ${formatCount(held)} of ${formatCount(log.total)} collisions (the first ${formatCount(log.first)} were dropped: the log keeps the last ${formatCount(held)}).`;
}
