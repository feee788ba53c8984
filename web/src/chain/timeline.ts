/**
 * The row's motion between collisions (pure). Spheres move freely between collisions, so the
 * positions x_i(t) are piecewise linear with breakpoints at the collision times, the distance
 * functions y_k(t) = x_{k+1} − x_k − (d_k + d_{k+1})/2 (surface gaps) likewise, and the
 * velocities are step functions. The breakpoints are t = 0, every logged collision and a short
 * run-out after the last one (the final velocities then hold for ever).
 */
import { rowPositions, type RowSetup } from './custom-row';
import type { ChainRun } from './results';

export interface Timeline {
  spheres: number;
  /** diameters[i]: of sphere i, m */
  diameters: number[];
  /** breakpoint times, s, increasing (length P) */
  time: number[];
  /** positions[i][p]: centre of sphere i at breakpoint p, m */
  positions: number[][];
  /** velocities[i][p]: velocity of sphere i from breakpoint p to the next, m/s */
  velocities: number[][];
  /** gaps[k][p]: y_k = x_{k+1} − x_k − (d_k + d_{k+1})/2 at breakpoint p, m */
  gaps: number[][];
  /** collisions[p]: collisions up to and including breakpoint p (a collapse's merge is a breakpoint, not a collision) */
  collisions: number[];
  /** the log holds fewer collisions than happened: the timeline stops at the last logged one */
  partial: boolean;
}

/** Run-out after the last collision: a quarter of the run, from 2 s to 20 s. */
export function runOut(endTime: number): number {
  return Math.max(2, Math.min(20, 0.25 * (Number.isFinite(endTime) ? endTime : 0)));
}

/** The timeline of a run of the row `setup` (every list at full length, see expandRow). */
export function buildTimeline(run: ChainRun, setup: RowSetup): Timeline {
  const spheres = setup.diameter.length;
  const diameters = setup.diameter.slice();
  const time = [0];
  const positions = rowPositions(setup).map((x) => [x]);
  const velocities = setup.velocity.map((v) => [v]);
  const collisions = [0];
  for (const c of run.log) {
    time.push(c.time);
    collisions.push(collisions[collisions.length - 1]! + (c.merge ? 0 : 1));
    for (let i = 0; i < spheres; i++) {
      positions[i]!.push(c.position[i] ?? NaN);
      velocities[i]!.push(c.velocity[i] ?? NaN);
    }
  }
  const partial = collisions[collisions.length - 1]! < run.collisions;
  if (!partial) {
    // free flight after the last collision
    const last = time[time.length - 1]!;
    const dt = runOut(run.endTime);
    time.push(last + dt);
    collisions.push(collisions[collisions.length - 1]!);
    for (let i = 0; i < spheres; i++) {
      const x = positions[i]!;
      const v = velocities[i]!;
      // the engine's final velocity (after a collapse: the common velocity, without the last rounding)
      const vLast = run.finalVelocity[i] ?? v[v.length - 1]!;
      v[v.length - 1] = vLast;
      x.push(x[x.length - 1]! + vLast * dt);
      v.push(vLast);
    }
  }
  const gaps: number[][] = [];
  for (let k = 0; k + 1 < spheres; k++) {
    const contact = 0.5 * (diameters[k]! + diameters[k + 1]!);
    gaps.push(time.map((_, p) => positions[k + 1]![p]! - positions[k]![p]! - contact));
  }
  return { spheres, diameters, time, positions, velocities, gaps, collisions, partial };
}

/** Index p of the segment [time[p], time[p+1]) holding t (clamped to the ends). */
export function segmentAt(time: readonly number[], t: number): number {
  let lo = 0;
  let hi = time.length - 1;
  if (t <= (time[0] ?? 0)) return 0;
  if (t >= (time[hi] ?? 0)) return Math.max(0, hi - 1);
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (time[mid]! <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Collisions that have happened by time t (s): every breakpoint at or before t counts, so collisions
 * at one instant count together (Newton's cradle's four at t = 0 read "1 collision" at t = 0, the
 * first of them alone); `logged` log entries at most (the run-out after them adds none).
 */
export function collisionsAt(tl: Timeline, t: number, logged: number): number {
  // the last breakpoint at or before t: the upper bound of t in the increasing times
  let lo = 0;
  let hi = Math.min(tl.time.length, logged + 1);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tl.time[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : (tl.collisions[lo - 1] ?? 0);
}

/** Centre positions at time t (s), m: linear between breakpoints, clamped to the timeline. */
export function positionsAt(tl: Timeline, t: number): number[] {
  const last = tl.time[tl.time.length - 1] ?? 0;
  const tc = Math.min(Math.max(t, 0), last);
  const p = segmentAt(tl.time, tc);
  const t0 = tl.time[p] ?? 0;
  return tl.positions.map((x, i) => (x[p] ?? 0) + (tl.velocities[i]![p] ?? 0) * (tc - t0));
}

/** The x extent the animation needs: every sphere over the whole timeline, with its radius, m. */
export function extent(tl: Timeline): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  tl.positions.forEach((row, i) => {
    const r = 0.5 * (tl.diameters[i] ?? 0);
    for (const x of row) {
      if (!Number.isFinite(x)) continue;
      min = Math.min(min, x - r);
      max = Math.max(max, x + r);
    }
  });
  if (!Number.isFinite(min)) return { min: -1, max: 1 };
  return { min, max };
}
