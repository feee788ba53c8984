// Types of scripts/avalanche-rapier-lib.mjs (plain JavaScript, run by Node before any build).
import type RAPIER from '@dimforge/rapier2d-simd-compat';

export interface RunoutFront {
  /** m; NaN without grains */
  position: number;
  /** the grain that sets it; -1 without grains */
  grain: number;
}
export function contactRunout(x: ArrayLike<number>, y: ArrayLike<number>, r: ArrayLike<number>, grains: number, alert: number): RunoutFront;
export function fitLogLog(xs: number[], ys: number[]): number | null;
export function studySlopes(cases: { aspectTarget: number; aspect: number; relativeRunout: number }[]): { small: number | null; large: number | null };

/** CollapseResult's `released` in avalanche-study --json: every disc, grains first; mass 0: fixed */
export interface ReleasedColumn {
  x: number[];
  y: number[];
  radius: number[];
  mass: number[];
  walls: [number, number, number, number][];
}
/** avalanche-study --json's `params` */
export interface StudyParams {
  rmin: number;
  rmax: number;
  density: number;
  mu: number;
  rollingFriction: number;
  restitution: number;
  h: number;
  alert: number;
  stopEnergy: number;
  stopHold: number;
  minStopTime: number;
  maxTime: number;
  gravity: number;
}
export function collapseInRapier(
  rapier: typeof RAPIER,
  released: ReleasedColumn,
  grains: number,
  params: StudyParams,
  h0: number,
  options?: { iterations?: number; every?: number },
): { runout: number; stopTime: number | null; steps: number };
