/**
 * The six exercise functions through the JavaScript API (web/src/sim/exercise.ts) on the real
 * WebAssembly build, against hand-computed cases (several mirror tests/cpp/geometry_test.cpp).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createExercise, type Exercise, type Vec2, type Wall } from '../../web/src/sim/exercise';
import type { GranularModule } from '../../web/src/sim/granular-wasm';
import { loadGranular } from './load';

const NONE = Number.MAX_VALUE;
const FLOOR: Wall = [
  [0, 0],
  [1, 0],
];
/** The unit box: wall 0 floor, 1 right, 2 ceiling, 3 left (the scenario format's order). */
const BOX: Wall[] = [
  [
    [0, 0],
    [1, 0],
  ],
  [
    [1, 0],
    [1, 1],
  ],
  [
    [1, 1],
    [0, 1],
  ],
  [
    [0, 1],
    [0, 0],
  ],
];

const dot = (a: Vec2, b: Vec2): number => a[0] * b[0] + a[1] * b[1];
const sub = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];

/** |actual - expected| <= tol (one line per failing number, with context). */
function near(actual: number, expected: number, tol: number, what: string): void {
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tol);
}

function nearVec(actual: Vec2 | undefined, expected: Vec2, tol: number, what: string): void {
  expect(actual, what).toBeDefined();
  const a = actual ?? [NaN, NaN];
  near(a[0], expected[0], tol, `${what}.x`);
  near(a[1], expected[1], tol, `${what}.y`);
}

/** Deterministic numbers in [0, 1) (a 32-bit LCG), so the large cases are reproducible. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

let mod: GranularModule;
let ex: Exercise;

beforeAll(async () => {
  mod = await loadGranular();
  ex = createExercise(mod);
});

describe('contactTimeGrainGrain', () => {
  it('head-on: gap 0.75 m closing at 2 m/s -> 0.375 s', () => {
    expect(ex.contactTimeGrainGrain([0, 0], [0, 0], 0.1, [1, 0], [-2, 0], 0.15)).toBe(0.375);
    // the same in a moving frame and with the roles swapped
    near(ex.contactTimeGrainGrain([1, 0], [-1.5, 0.5], 0.15, [0, 0], [0.5, 0.5], 0.1), 0.375, 1e-15, 'swapped');
  });

  it('oblique: (3 - t)^2 + 1 = 4 -> t = 3 - sqrt 3', () => {
    near(ex.contactTimeGrainGrain([0, 0], [0, 0], 1, [3, 1], [-1, 0], 1), 3 - Math.sqrt(3), 1e-15, 'oblique');
  });

  it('grazing: impact parameter just above sigma misses, just below hits late', () => {
    expect(ex.contactTimeGrainGrain([0, 0], [0, 0], 0.5, [5, 1 + 1e-9], [-1, 0], 0.5)).toBe(NONE);
    const b = 1 - 1e-6;
    near(ex.contactTimeGrainGrain([0, 0], [0, 0], 0.5, [5, b], [-1, 0], 0.5), 5 - Math.sqrt(1 - b * b), 1e-12, 'graze');
  });

  it('receding, sideways or at rest: no contact', () => {
    expect(ex.contactTimeGrainGrain([0, 0], [0, 0], 0.25, [1, 0], [1, 0], 0.25)).toBe(NONE);
    expect(ex.contactTimeGrainGrain([0, 0], [0, 0], 0.25, [1, 0], [0, 1], 0.25)).toBe(NONE);
    expect(ex.contactTimeGrainGrain([0, 0], [3, 4], 0.25, [1, 0], [3, 4], 0.25)).toBe(NONE);
  });

  it('touching at start: 0 when approaching, MAX_VALUE when separating', () => {
    expect(ex.contactTimeGrainGrain([0, 0], [0, 0], 0.5, [1, 0], [-1, 0], 0.5)).toBe(0);
    expect(ex.contactTimeGrainGrain([0, 0], [0, 0], 0.5, [1, 0], [1, 0], 0.5)).toBe(NONE);
    expect(ex.contactTimeGrainGrain([0, 0], [0, 0], 0.5, [0.9, 0], [-1, 0], 0.5)).toBe(0); // overlapping
  });
});

describe('contactTimeGrainWall', () => {
  it('face hit from both sides of the segment', () => {
    expect(ex.contactTimeGrainWall([0.5, 0.5], [0, -2], 0.1, FLOOR)).toBe(0.2);
    expect(ex.contactTimeGrainWall([0.5, -0.5], [0, 2], 0.1, FLOOR)).toBe(0.2);
    // the segment's orientation does not matter
    expect(ex.contactTimeGrainWall([0.5, 0.5], [0, -2], 0.1, [FLOOR[1], FLOOR[0]])).toBe(0.2);
    // oblique: only the normal speed counts
    near(ex.contactTimeGrainWall([0.2, 0.5], [1, -1], 0.1, FLOOR), 0.4, 1e-15, 'oblique');
    // a slanted wall: the line x + y = 1 from (1, 0) to (0, 1); disc at the origin moving along (1, 1)
    // reaches distance R from it when (1 - 2 s) / sqrt 2 = R with s = t
    const R = 0.1;
    near(ex.contactTimeGrainWall([0, 0], [1, 1], R, [[1, 0], [0, 1]]), (1 - Math.SQRT2 * R) / 2, 1e-15, 'slanted');
  });

  it('parallel or moving away: no contact; touching and approaching: 0', () => {
    expect(ex.contactTimeGrainWall([0.5, 0.5], [1, 0], 0.1, FLOOR)).toBe(NONE);
    expect(ex.contactTimeGrainWall([0.5, 0.5], [0, 1], 0.1, FLOOR)).toBe(NONE);
    expect(ex.contactTimeGrainWall([0.5, 0.1], [0, -1], 0.1, FLOOR)).toBe(0);
  });

  it("hit on a segment's end point", () => {
    // (2 - t - 1)^2 + 0.3^2 = 0.5^2 -> t = 0.6
    near(ex.contactTimeGrainWall([2, 0.3], [-1, 0], 0.5, FLOOR), 0.6, 1e-15, 'end point');
    // passing beyond the end point: a miss
    expect(ex.contactTimeGrainWall([2, 0.6], [-1, 0], 0.5, FLOOR)).toBe(NONE);
    // head-on along the segment's direction
    expect(ex.contactTimeGrainWall([3, 0], [-1, 0], 0.5, FLOOR)).toBe(1.5);
    // falling just beside the segment: touches the end point (1, 0) when 0.05^2 + y^2 = 0.1^2
    near(ex.contactTimeGrainWall([1.05, 1], [0, -1], 0.1, FLOOR), 1 - Math.sqrt(0.0075), 1e-15, 'beside');
    // falling further out: misses
    expect(ex.contactTimeGrainWall([1.2, 1], [0, -1], 0.1, FLOOR)).toBe(NONE);
  });
});

describe('minContactTime', () => {
  // discs 0 and 1 touch and approach (t = 0); disc 2 falls onto the floor: 0.15 m at 0.5 m/s -> 0.3 s;
  // disc 1 would reach the left wall at 0.4 s, disc 0 the right wall at 0.6 s; 0-2 miss, 1-2 recede.
  const positions: Vec2[] = [
    [0.3, 0.5],
    [0.5, 0.5],
    [0.8, 0.2],
  ];
  const velocities: Vec2[] = [
    [1, 0],
    [-1, 0],
    [0, -0.5],
  ];
  const radii = [0.1, 0.1, 0.05];

  it('finds the touching pair first', () => {
    expect(ex.minContactTime(positions, velocities, radii, BOX)).toEqual([0, [0, 1]]);
  });

  it('excludes the previous pair (in either order), which would otherwise be the minimum', () => {
    const [t, pair] = ex.minContactTime(positions, velocities, radii, BOX, [0, 1]);
    near(t, 0.3, 1e-15, 'disc 2 on the floor');
    expect(pair).toEqual([2, -1]);
    const [t2, pair2] = ex.minContactTime(positions, velocities, radii, BOX, [1, 0]);
    expect(t2).toBe(t);
    expect(pair2).toEqual([2, -1]);
  });

  it('excludes a wall as the previous pair', () => {
    // disc 0 touches the floor while falling (t = 0 with wall 0, j = -1); disc 1 rises to the ceiling:
    // 0.2 m at 1 m/s. Disc 0 would reach the right wall only at 2 s; the discs recede from each other.
    const p: Vec2[] = [
      [0.5, 0.1],
      [0.5, 0.7],
    ];
    const v: Vec2[] = [
      [0.2, -1],
      [0, 1],
    ];
    const r = [0.1, 0.1];
    expect(ex.minContactTime(p, v, r, BOX)).toEqual([0, [0, -1]]);
    const [t, pair] = ex.minContactTime(p, v, r, BOX, [0, -1]);
    near(t, 0.2, 1e-15, 'disc 1 on the ceiling');
    expect(pair).toEqual([1, -3]);
    expect(ex.minContactTime(p, v, r, BOX, [-1, 0])[1]).toEqual([1, -3]);
    // excluding the disc pair instead leaves the floor contact in place
    expect(ex.minContactTime(p, v, r, BOX, [0, 1])).toEqual([0, [0, -1]]);
  });

  it('is the minimum of the pairwise times over many discs and walls', () => {
    const rand = lcg(12345);
    const p: Vec2[] = [];
    const v: Vec2[] = [];
    const r: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (let k = 0; k < 6; k++) {
        p.push([0.1 + 0.16 * k + 0.02 * rand(), 0.1 + 0.2 * i + 0.02 * rand()]);
        v.push([2 * rand() - 1, 2 * rand() - 1]);
        r.push(0.03 + 0.02 * rand());
      }
    }
    let best = NONE;
    let bestPair: [number, number] = [-1, -1];
    for (let i = 0; i < p.length; i++) {
      const pi = p[i] ?? [0, 0];
      const vi = v[i] ?? [0, 0];
      const ri = r[i] ?? 0;
      for (let j = i + 1; j < p.length; j++) {
        const t = ex.contactTimeGrainGrain(pi, vi, ri, p[j] ?? [0, 0], v[j] ?? [0, 0], r[j] ?? 0);
        if (t < best) [best, bestPair] = [t, [i, j]];
      }
      BOX.forEach((w, k) => {
        const t = ex.contactTimeGrainWall(pi, vi, ri, w);
        if (t < best) [best, bestPair] = [t, [i, -(k + 1)]];
      });
    }
    expect(best).toBeLessThan(NONE);
    expect(ex.minContactTime(p, v, r, BOX)).toEqual([best, bestPair]);
  });

  it('reports no contact as [MAX_VALUE, [-1, -1]]', () => {
    expect(ex.minContactTime([[0.5, 0.5]], [[0, 0]], [0.1], BOX)).toEqual([NONE, [-1, -1]]);
    expect(ex.minContactTime([[0.5, 0.5]], [[1, 0]], [0.1], [])).toEqual([NONE, [-1, -1]]);
    expect(ex.minContactTime([], [], [], BOX)).toEqual([NONE, [-1, -1]]);
  });

  it('rejects arrays of different lengths', () => {
    expect(() => ex.minContactTime(positions, velocities, [0.1, 0.1], BOX)).toThrow(/one position, velocity and radius/);
    expect(() => ex.minContactTime(positions, velocities.slice(1), radii, BOX)).toThrow(Error);
  });
});

describe('resolveGrainGrain', () => {
  const p1: Vec2 = [0, 0];
  const p2: Vec2 = [0.3, 0.4]; // n = (0.6, 0.8)
  const n: Vec2 = [0.6, 0.8];
  const t: Vec2 = [-0.8, 0.6];
  const v1: Vec2 = [1.5, -0.25];
  const v2: Vec2 = [-0.5, -2];
  const m1 = 2;
  const m2 = 0.7;

  for (const r of [0, 0.5, 1]) {
    it(`conserves momentum and loses (1 - r^2)/2 m_eff v_n^2 for unequal masses, r = ${r}`, () => {
      const [u1, u2] = ex.resolveGrainGrain(p1, v1, m1, p2, v2, m2, r);
      const P0: Vec2 = [m1 * v1[0] + m2 * v2[0], m1 * v1[1] + m2 * v2[1]];
      const P1: Vec2 = [m1 * u1[0] + m2 * u2[0], m1 * u1[1] + m2 * u2[1]];
      const pScale = Math.hypot(P0[0], P0[1]);
      near(P1[0], P0[0], 1e-12 * pScale, 'Px');
      near(P1[1], P0[1], 1e-12 * pScale, 'Py');
      const vn = dot(sub(v1, v2), n); // 2.6 m/s approaching
      const meff = (m1 * m2) / (m1 + m2);
      const E0 = 0.5 * m1 * dot(v1, v1) + 0.5 * m2 * dot(v2, v2);
      const E1 = 0.5 * m1 * dot(u1, u1) + 0.5 * m2 * dot(u2, u2);
      const lost = 0.5 * (1 - r * r) * meff * vn * vn;
      near(E0 - E1, lost, 1e-12 * E0, 'energy lost');
      if (r < 1) near((E0 - E1) / lost, 1, 1e-12, 'relative loss');
      near(dot(sub(u1, u2), n), -r * vn, 1e-12 * vn, 'normal relative velocity');
      near(dot(u1, t), dot(v1, t), 1e-14, 'tangential 1');
      near(dot(u2, t), dot(v2, t), 1e-14, 'tangential 2');
    });
  }

  it('leaves receding discs unchanged and swaps equal masses head-on at r = 1', () => {
    expect(ex.resolveGrainGrain([0, 0], [-1, 0], 1, [1, 0], [1, 0], 1, 1)).toEqual([
      [-1, 0],
      [1, 0],
    ]);
    const [a, b] = ex.resolveGrainGrain([0, 0], [1, 0.5], 1, [1, 0], [0, 0.5], 1, 1);
    nearVec(a, [0, 0.5], 1e-15, 'v1');
    nearVec(b, [1, 0.5], 1e-15, 'v2');
  });
});

describe('resolveGrainWall', () => {
  it('face: v_n reversed and scaled by r, from either side', () => {
    nearVec(ex.resolveGrainWall([0.5, 0.1], [1, -2], 0.1, FLOOR, 0.5), [1, 1], 1e-15, 'above');
    nearVec(ex.resolveGrainWall([0.5, -0.1], [1, 2], 0.1, FLOOR, 0.5), [1, -1], 1e-15, 'below');
    nearVec(ex.resolveGrainWall([0.5, 0.1], [1, -2], 0.1, FLOOR, 0), [1, 0], 1e-15, 'r = 0');
    nearVec(ex.resolveGrainWall([0.5, 0.1], [1, -2], 0.1, FLOOR, 1), [1, 2], 1e-15, 'r = 1');
    // moving away: unchanged
    expect(ex.resolveGrainWall([0.5, 0.1], [1, 2], 0.1, FLOOR, 0.5)).toEqual([1, 2]);
  });

  it('end point: normal from the end point to the centre', () => {
    // centre (1.3, 0.4), end point (1, 0): n = (0.6, 0.8); v = (-1, 0), v.n = -0.6
    // r = 1: v + 1.2 n = (-0.28, 0.96); r = 0.5: v + 0.9 n = (-0.46, 0.72)
    const u = ex.resolveGrainWall([1.3, 0.4], [-1, 0], 0.5, FLOOR, 1);
    nearVec(u, [-0.28, 0.96], 1e-15, 'r = 1');
    near(Math.hypot(u[0], u[1]), 1, 1e-15, 'speed kept');
    nearVec(ex.resolveGrainWall([1.3, 0.4], [-1, 0], 0.5, FLOOR, 0.5), [-0.46, 0.72], 1e-15, 'r = 0.5');
  });
});

describe('advance', () => {
  it('one disc bouncing between two walls follows the closed-form triangle wave', () => {
    const R = 0.125;
    const L = 1;
    const x0 = 0.5;
    const vx = 3;
    const vy = 0.5;
    const walls: Wall[] = [
      [
        [0, -10],
        [0, 10],
      ],
      [
        [L, 10],
        [L, -10],
      ],
    ];
    const dt = 0.1;
    const steps = 30;
    const run = ex.advance([[x0, 0]], [[vx, vy]], [R], [2], walls, 1, dt, steps);
    expect(run.times).toHaveLength(steps + 1);
    expect(run.positions).toHaveLength(steps + 1);
    expect(run.velocities).toHaveLength(steps + 1);
    const span = L - 2 * R; // range of the centre
    // bounces at t = 0.125 + 0.5 k (right) and 0.375 + 0.5 k (left): 12 in 3 s, none at an output instant
    expect(run.events).toBe(12);
    for (let s = 0; s <= steps; s++) {
      const t = s * dt;
      expect(run.times[s]).toBe(t);
      const u = (x0 - R + vx * t) % (2 * span);
      const rising = u <= span;
      const x = R + (rising ? u : 2 * span - u);
      nearVec(run.positions[s]?.[0], [x, vy * t], 1e-12, `position at t = ${t}`);
      nearVec(run.velocities[s]?.[0], [rising ? vx : -vx, vy], 1e-12, `velocity at t = ${t}`);
    }
  });

  it('two equal discs head-on at r = 1 exchange their velocities', () => {
    // gap 0.4 - 0.1 = 0.3 m closing at 1.5 m/s: contact at 0.2 s at x = 0.5 and 0.6
    const vy = 0.25;
    const run = ex.advance(
      [
        [0.3, 0.5],
        [0.7, 0.5],
      ],
      [
        [1, vy],
        [-0.5, vy],
      ],
      [0.05, 0.05],
      [2, 2],
      [],
      1,
      0.15,
      4,
    );
    expect(run.events).toBe(1);
    run.times.forEach((t, s) => {
      const before = t < 0.2;
      const xa = before ? 0.3 + t : 0.5 - 0.5 * (t - 0.2);
      const xb = before ? 0.7 - 0.5 * t : 0.6 + (t - 0.2);
      nearVec(run.positions[s]?.[0], [xa, 0.5 + vy * t], 1e-12, `A at ${t}`);
      nearVec(run.positions[s]?.[1], [xb, 0.5 + vy * t], 1e-12, `B at ${t}`);
      nearVec(run.velocities[s]?.[0], [before ? 1 : -0.5, vy], 1e-12, `vA at ${t}`);
      nearVec(run.velocities[s]?.[1], [before ? -0.5 : 1, vy], 1e-12, `vB at ${t}`);
    });
  });

  it('conserves energy at r = 1 for 50 discs in a box over hundreds of events', () => {
    const rand = lcg(2024);
    const positions: Vec2[] = [];
    const velocities: Vec2[] = [];
    const radii: number[] = [];
    const masses: number[] = [];
    for (let i = 0; i < 7 && positions.length < 50; i++) {
      for (let k = 0; k < 8 && positions.length < 50; k++) {
        positions.push([0.07 + 0.12 * k + 0.01 * rand(), 0.08 + 0.135 * i + 0.01 * rand()]);
        velocities.push([2 * rand() - 1, 2 * rand() - 1]);
        const R = 0.015 + 0.01 * rand();
        radii.push(R);
        masses.push(1000 * Math.PI * R * R * (0.5 + rand()));
      }
    }
    const energy = (v: readonly Vec2[]): number => v.reduce((e, vi, i) => e + 0.5 * (masses[i] ?? 0) * dot(vi, vi), 0);
    const E0 = energy(velocities);
    const run = ex.advance(positions, velocities, radii, masses, BOX, 1, 0.1, 20);
    expect(run.events).toBeGreaterThanOrEqual(300);
    expect(run.events).toBeLessThan(5000);
    for (let s = 0; s < run.times.length; s++) {
      const v = run.velocities[s] ?? [];
      const p = run.positions[s] ?? [];
      expect(v).toHaveLength(50);
      expect(p).toHaveLength(50); // else the inside / overlap checks below check nothing
      near(energy(v) / E0, 1, 1e-10, `energy at t = ${run.times[s]}`);
      // and the state stays physical: inside the box, no overlaps
      p.forEach(([x, y], i) => {
        const R = radii[i] ?? 0;
        expect(Math.min(x - R, y - R, 1 - R - x, 1 - R - y), `disc ${i} inside`).toBeGreaterThan(-1e-12);
        for (let j = i + 1; j < p.length; j++) {
          const d = sub(p[j] ?? [0, 0], [x, y]);
          expect(Math.hypot(d[0], d[1]) - R - (radii[j] ?? 0), `discs ${i}, ${j} overlap`).toBeGreaterThan(-1e-12);
        }
      });
    }
  });

  it('rejects invalid arguments with an Error carrying the engine message', () => {
    const direct = mod.advanceExercise(
      new Float64Array([0.5, 0.5, 0.2, 0.2]),
      new Float64Array([1, 0, 0, 1]),
      new Float64Array([0.1]),
      new Float64Array([1]),
      new Float64Array(0),
      1,
      0.1,
      1,
    );
    expect(direct.ok).toBe(false);
    expect(direct.message).toMatch(/invalid arguments/);
    const twoPositions: Vec2[] = [
      [0.5, 0.5],
      [0.2, 0.2],
    ];
    const twoVelocities: Vec2[] = [
      [1, 0],
      [0, 1],
    ];
    expect(() => ex.advance(twoPositions, twoVelocities, [0.1], [1], [], 1, 0.1, 1)).toThrow(direct.message);
    expect(() => ex.advance(twoPositions, twoVelocities, [0.1, 0.1], [1], [], 1, 0.1, 1)).toThrow(/invalid arguments/);
    expect(() => ex.advance(twoPositions, [[1, 0]], [0.1, 0.1], [1, 1], [], 1, 0.1, 1)).toThrow(/invalid arguments/);
    expect(() => ex.advance([[0.5, 0.5]], [[1, 0]], [0.1], [1], BOX, 1, 0, 1)).toThrow(/dt > 0/);
    expect(() => ex.advance([[0.5, 0.5]], [[1, 0]], [0.1], [1], BOX, 1.5, 0.1, 1)).toThrow(/0 <= r <= 1/);
    expect(() => ex.advance([[0.5, 0.5]], [[1, 0]], [0.1], [1], BOX, 1, 0.1, -1)).toThrow(/steps/);
    // a valid call with the same discs works
    expect(ex.advance([[0.5, 0.5]], [[1, 0]], [0.1], [1], BOX, 1, 0.1, 1).events).toBe(0);
  });
});
