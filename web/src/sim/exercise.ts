/**
 * The granular-gas course exercise as six JavaScript functions, with the exercise's conventions,
 * on top of a loaded GranularModule (passed in: no global state).
 *
 * Conventions (all units SI: m, s, kg, m/s):
 *  - a point or velocity is a Vec2 = [x, y]; a wall is the segment [[ax, ay], [bx, by]], two-sided;
 *  - times are relative to now (the instant the positions refer to);
 *  - no contact, or a contact in the past, gives Number.MAX_VALUE;
 *  - two bodies already touching (or overlapping) while approaching give 0; touching but
 *    separating gives Number.MAX_VALUE;
 *  - in a pair [i, j], j >= 0 is a disc ("grain") and j = -(k + 1) is wall k.
 *
 *   const ex = createExercise(await loadGranularModule());
 *   ex.contactTimeGrainGrain([0, 0], [1, 0], 0.1, [1, 0], [-1, 0], 0.15); // 0.375
 */
import type { GranularModule } from './granular-wasm';

export type Vec2 = readonly [number, number];
/** A wall segment from a to b, m. */
export type Wall = readonly [Vec2, Vec2];
/** [i, j]: discs i < j, or disc i and wall k as j = -(k + 1); [-1, -1] when there is none. */
export type Pair = readonly [number, number];

export interface ExerciseAdvance {
  /** output instants 0, dt, 2 dt, ..., steps dt, s */
  times: number[];
  /** positions[s][i] of disc i at times[s], m */
  positions: Vec2[][];
  /** velocities[s][i] of disc i at times[s], m/s */
  velocities: Vec2[][];
  /** disc–disc and disc–wall collisions processed */
  events: number;
}

export interface Exercise {
  /**
   * Time until two discs (centres p1, p2 in m, velocities v1, v2 in m/s, radii R1, R2 in m) first
   * touch, s. 0 when touching or overlapping while approaching; Number.MAX_VALUE when they
   * recede, move in parallel or miss.
   */
  contactTimeGrainGrain(p1: Vec2, v1: Vec2, R1: number, p2: Vec2, v2: Vec2, R2: number): number;
  /**
   * Time until a disc (centre p in m, velocity v in m/s, radius R in m) touches the wall segment
   * [[ax, ay], [bx, by]] (m) — its face or one of its end points, from either side — s.
   * Number.MAX_VALUE when it never touches.
   */
  contactTimeGrainWall(p: Vec2, v: Vec2, R: number, wall: Wall): number;
  /**
   * Earliest contact among the discs (positions m, velocities m/s, radii m, one entry per disc)
   * and the walls: [tc in s, [i, j]] with j = -(k + 1) for wall k. The previously resolved pair
   * (in either order) is excluded. [Number.MAX_VALUE, [-1, -1]] when nothing ever touches.
   * Ties go to the first pair in index order. Throws when the array lengths differ.
   */
  minContactTime(
    positions: readonly Vec2[],
    velocities: readonly Vec2[],
    radii: readonly number[],
    walls: readonly Wall[],
    previousPair?: Pair,
  ): [number, [number, number]];
  /**
   * Velocities (m/s) right after two discs at contact collide: centres p1, p2 (m), velocities
   * v1, v2 (m/s), masses m1, m2 (kg), normal restitution r in [0, 1]. Momentum is conserved, the
   * normal relative velocity along (p2 - p1) is reversed and multiplied by r, the tangential
   * components are kept. Receding discs are returned unchanged. Returns [v1', v2'].
   */
  resolveGrainGrain(p1: Vec2, v1: Vec2, m1: number, p2: Vec2, v2: Vec2, m2: number, r: number): [Vec2, Vec2];
  /**
   * Velocity (m/s) right after a disc (centre p in m, velocity v in m/s, radius R in m) hits a
   * wall segment at rest, with normal restitution r: the normal runs from the closest point of the
   * segment (face or end point) to the centre; v_n' = -r v_n, the tangential component is kept.
   */
  resolveGrainWall(p: Vec2, v: Vec2, R: number, wall: Wall, r: number): Vec2;
  /**
   * Event-driven run (naive O(N^2) search) of discs with positions (m), velocities (m/s), radii
   * (m), masses (kg) among walls, restitution r, output every dt (s) for `steps` outputs: the
   * state is exact at each instant s dt, s = 0 ... steps. Throws an Error with the engine's
   * message when the arguments are rejected (unequal lengths, dt <= 0, r outside [0, 1], more
   * than 2000 discs, more than 100000 steps) or the run stops early (event limit, collapse).
   */
  advance(
    positions: readonly Vec2[],
    velocities: readonly Vec2[],
    radii: readonly number[],
    masses: readonly number[],
    walls: readonly Wall[],
    r: number,
    dt: number,
    steps: number,
  ): ExerciseAdvance;
}

function flatten(points: readonly Vec2[]): Float64Array {
  const out = new Float64Array(2 * points.length);
  points.forEach((p, i) => {
    out[2 * i] = p[0];
    out[2 * i + 1] = p[1];
  });
  return out;
}

function flattenWalls(walls: readonly Wall[]): Float64Array {
  const out = new Float64Array(4 * walls.length);
  walls.forEach(([a, b], k) => {
    out.set([a[0], a[1], b[0], b[1]], 4 * k);
  });
  return out;
}

/** Splits (steps + 1) blocks of (2 x N) interleaved numbers into per-instant lists of Vec2. */
function blocks(flat: Float64Array, n: number, count: number): Vec2[][] {
  const out: Vec2[][] = [];
  for (let s = 0; s < count; s++) {
    const row: Vec2[] = [];
    for (let i = 0; i < n; i++) {
      const k = 2 * (s * n + i);
      row.push([flat[k] ?? NaN, flat[k + 1] ?? NaN]);
    }
    out.push(row);
  }
  return out;
}

export function createExercise(module: GranularModule): Exercise {
  return {
    contactTimeGrainGrain(p1, v1, R1, p2, v2, R2) {
      return module.contactTimeDiscDisc(p1[0], p1[1], v1[0], v1[1], R1, p2[0], p2[1], v2[0], v2[1], R2);
    },

    contactTimeGrainWall(p, v, R, [a, b]) {
      return module.contactTimeDiscWall(p[0], p[1], v[0], v[1], R, a[0], a[1], b[0], b[1]);
    },

    minContactTime(positions, velocities, radii, walls, previousPair = [-1, -1]) {
      if (positions.length !== radii.length || velocities.length !== radii.length) {
        throw new Error(
          `minContactTime: need one position, velocity and radius per disc (got ${positions.length} positions, ` +
            `${velocities.length} velocities, ${radii.length} radii)`,
        );
      }
      const c = module.minContactTime(
        flatten(positions),
        flatten(velocities),
        Float64Array.from(radii),
        flattenWalls(walls),
        previousPair[0],
        previousPair[1],
      );
      if (c.time === Number.MAX_VALUE) return [Number.MAX_VALUE, [-1, -1]];
      return [c.time, [c.i, c.j]];
    },

    resolveGrainGrain(p1, v1, m1, p2, v2, m2, r) {
      const o = module.resolveDiscDisc(p1[0], p1[1], v1[0], v1[1], m1, p2[0], p2[1], v2[0], v2[1], m2, r);
      return [
        [o.v1x, o.v1y],
        [o.v2x, o.v2y],
      ];
    },

    resolveGrainWall(p, v, R, [a, b], r) {
      const o = module.resolveDiscWall(p[0], p[1], v[0], v[1], R, a[0], a[1], b[0], b[1], r);
      return [o.vx, o.vy];
    },

    advance(positions, velocities, radii, masses, walls, r, dt, steps) {
      const run = module.advanceExercise(
        flatten(positions),
        flatten(velocities),
        Float64Array.from(radii),
        Float64Array.from(masses),
        flattenWalls(walls),
        r,
        dt,
        steps,
      );
      if (!run.ok) throw new Error(run.message || 'advance: the engine rejected the run');
      const n = radii.length;
      const times: number[] = [];
      for (let s = 0; s <= steps; s++) times.push(s * dt);
      return {
        times,
        positions: blocks(run.positions, n, steps + 1),
        velocities: blocks(run.velocities, n, steps + 1),
        events: run.events,
      };
    },
  };
}
