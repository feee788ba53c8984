/**
 * The row's motion between collisions (pure). Spheres move freely between collisions, so the
 * positions x_i(t) are piecewise linear with breakpoints at the collision times, the distance
 * functions y_k(t) = x_{k+1} − x_k − 1 (surface gaps, d = 1 m) likewise, and the velocities are
 * step functions. The breakpoints are t = 0, every logged collision and a short run-out after
 * the last one (the final velocities then hold for ever).
 */
import type { ChainRun } from './results';

/** The standard set-up (ARGESIM C12): diameter 1 m, centres 2 m apart, sphere 1 at 1 m/s. */
export const DIAMETER = 1;
export const SPACING = 2;
export const V0 = 1;

export interface Timeline {
  spheres: number;
  /** breakpoint times, s, increasing (length P) */
  time: number[];
  /** positions[i][p]: centre of sphere i at breakpoint p, m */
  positions: number[][];
  /** velocities[i][p]: velocity of sphere i from breakpoint p to the next, m/s */
  velocities: number[][];
  /** gaps[k][p]: y_k = x_{k+1} − x_k − d at breakpoint p, m */
  gaps: number[][];
  /** the log holds fewer collisions than happened: the timeline stops at the last logged one */
  partial: boolean;
}

export function initialPositions(spheres: number): number[] {
  return Array.from({ length: spheres }, (_, i) => SPACING * i);
}
export function initialVelocities(spheres: number): number[] {
  return Array.from({ length: spheres }, (_, i) => (i === 0 ? V0 : 0));
}

/** Run-out after the last collision: a quarter of the run, from 2 s to 20 s. */
export function runOut(endTime: number): number {
  return Math.max(2, Math.min(20, 0.25 * (Number.isFinite(endTime) ? endTime : 0)));
}

export function buildTimeline(run: ChainRun, spheres: number): Timeline {
  const time = [0];
  const positions = initialPositions(spheres).map((x) => [x]);
  const velocities = initialVelocities(spheres).map((v) => [v]);
  for (const c of run.log) {
    time.push(c.time);
    for (let i = 0; i < spheres; i++) {
      positions[i]!.push(c.position[i] ?? NaN);
      velocities[i]!.push(c.velocity[i] ?? NaN);
    }
  }
  const partial = run.log.length < run.collisions;
  if (!partial) {
    // free flight after the last collision
    const last = time[time.length - 1]!;
    const dt = runOut(run.endTime);
    time.push(last + dt);
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
    gaps.push(time.map((_, p) => positions[k + 1]![p]! - positions[k]![p]! - DIAMETER));
  }
  return { spheres, time, positions, velocities, gaps, partial };
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
  for (const row of tl.positions) {
    for (const x of row) {
      if (!Number.isFinite(x)) continue;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
  }
  if (!Number.isFinite(min)) return { min: -DIAMETER, max: DIAMETER };
  return { min: min - DIAMETER / 2, max: max + DIAMETER / 2 };
}
