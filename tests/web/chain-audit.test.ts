// The chain lab's result lines, from an audit of the page: e_c named only where it applies (four
// spheres), the sweep's largest count taken over runs that did not collapse, "no collisions"
// said as such.
import { describe, expect, it } from 'vitest';
import { parseChainRun, runSummary } from '../../web/src/chain/results';
import { emptySweep, mergePiece, sweepCountSeries, sweepSummary } from '../../web/src/chain/sweep';
import { collapseThreshold, E_COLLAPSE, histogram, thresholdText } from '../../web/src/chain/theory';
import { expandRow, newtonsCradle, rowLimitProblems, standardRow, type CustomRow } from '../../web/src/chain/custom-row';
import { readCustom } from '../../web/src/chain/state';
import { buildTimeline, collisionsAt } from '../../web/src/chain/timeline';

const fmt = (v: number): string => String(Number(v.toPrecision(7)));

/** a custom row with every sphere at rest (velocity 0, 0, 0, 0) */
const RUN_NONE =
  '{"ok":true,"precision":"double","collisions":0,"collapsed":false,"truncated":false,"message":"","endTime":0,"finalVelocity":[0,0,0,0],"finalPosition":[0,2,4,6],"log":[]}';

function sweepOf(e: number[], collisions: number[], collapsed: number[]): ReturnType<typeof emptySweep> {
  const s = emptySweep(e, 1);
  mergePiece(s, { start: 0, collisions, collapsed, finalVelocity: [e.map(() => 0.25)] });
  return s;
}

describe('e_c is the three- and four-sphere threshold', () => {
  it('is known for N = 3 (7 − 4√3) and N = 4 only: twenty spheres collapse at e = 0.5 already', () => {
    expect(collapseThreshold(4)).toBe(E_COLLAPSE);
    expect(collapseThreshold(3)).toBe(7 - 4 * Math.sqrt(3));
    expect(thresholdText(7 - 4 * Math.sqrt(3))).toBe('0.0717968');
    expect(thresholdText(E_COLLAPSE)).toBe('0.171573');
    expect(collapseThreshold(2)).toBeNull();
    expect(collapseThreshold(5)).toBeNull();
    expect(collapseThreshold(20)).toBeNull();
  });
});

describe('the sweep result line', () => {
  it('takes the largest count over runs that did not collapse, and names e_c for four spheres', () => {
    // 0.1715608 collapsed after 3949 collisions (where double precision gave up), 0.1715763 did not
    const s = sweepOf([0.17, 0.1715608, 0.1715763, 0.2], [446, 3949, 1263, 12], [1, 1, 0, 0]);
    expect(sweepSummary(s, 4, fmt)).toEqual([
      'Most collisions without collapse: 1,263 at e = 0.1715763.',
      '2 runs ended in inelastic collapse (e below e_c ≈ 0.171573).',
    ]);
  });

  it('does not tie a collapse of a longer row to the four-sphere e_c', () => {
    const s = sweepOf([0.4, 0.5, 0.9], [900, 1200, 170], [1, 1, 0]);
    const text = sweepSummary(s, 20, fmt).join(' ');
    expect(text).toBe('Most collisions without collapse: 170 at e = 0.9. 2 runs ended in inelastic collapse.');
    expect(text).not.toContain('e_c');
  });

  it('says so when every run collapsed, and keeps the plain wording when none did', () => {
    expect(sweepSummary(sweepOf([0, 0.1], [46, 86], [1, 1]), 4, fmt)).toEqual(['Every run ended in inelastic collapse (e below e_c ≈ 0.171573).']);
    expect(sweepSummary(sweepOf([0.5, 1], [6, 3], [0, 0]), 4, fmt)).toEqual(['Most collisions: 6 at e = 0.5.']);
  });
});

// the collision plot drew a collapsed run's count (where the engine declared the collapse, 3949 at
// e = 0.1715608) in the same line as the true counts: a peak below e_c above the largest count
describe('the sweep collision plot', () => {
  it('draws the counts of runs that ended, and apart from them where a run was declared collapsed', () => {
    const s = sweepOf([0.17, 0.1715608, 0.1715763, 0.2], [446, 3949, 1263, 12], [1, 1, 0, 0]);
    expect(sweepCountSeries(s)).toEqual({ counted: [null, null, 1263, 12], collapsed: [446, 3949, null, null] });
  });

  it('has no collapsed series when no run collapsed', () => {
    expect(sweepCountSeries(sweepOf([0.5, 1], [6, 3], [0, 0]))).toEqual({ counted: [6, 3], collapsed: null });
  });
});

describe('the time-domain result line', () => {
  it('says "no sphere meets another" for a run without collisions, not "last collision at t = 0 s"', () => {
    const text = runSummary(parseChainRun(RUN_NONE), Number.NaN, null, fmt);
    expect(text).toBe('0 collisions, computed in double precision. No sphere meets another: every sphere keeps its initial velocity.');
    expect(text).not.toContain('Last collision');
  });

  it('adds the e_c remark near e_c for the three- and four-sphere rows only', () => {
    const run = parseChainRun('{"ok":true,"precision":"double","collisions":1263,"collapsed":false,"truncated":false,"message":"","endTime":34.4112,"finalVelocity":[0.25,0.25,0.25,0.25],"finalPosition":[0,0,0,0],"log":[]}');
    expect(runSummary(run, 0.1715763, collapseThreshold(4), fmt)).toContain('Close to e_c ≈ 0.171573');
    expect(runSummary(run, 0.0718, collapseThreshold(3), fmt)).toContain('Close to e_c ≈ 0.0717968:');
    expect(runSummary(run, 0.1715763, collapseThreshold(5), fmt)).toBe('1,263 collisions, computed in double precision. Last collision at t = 34.4112 s.');
  });
});

describe('the Monte Carlo histogram with σ = 0', () => {
  it('centres the bins on the one value instead of starting at it', () => {
    const h = histogram(Array<number>(100).fill(0.421875), 11);
    expect(h.width).toBe(1e-3);
    expect(h.counts).toEqual([0, 0, 0, 0, 0, 100, 0, 0, 0, 0, 0]);
    expect(h.lower[5]! + h.width / 2).toBeCloseTo(0.421875, 12);
  });
});

/** granular-cli chain --e 0.5 (4 spheres, double), verbatim */
const RUN_05 =
  '{"ok":true,"precision":"double","collisions":6,"collapsed":false,"truncated":false,"message":"","endTime":17.799999999999997,"finalVelocity":[0.173828125,0.193359375,0.2109375,0.421875],"finalPosition":[4.975,5.975,7.074999999999999,11.774999999999999],"log":[{"time":1,"pair":0,"position":[1,2,4,6],"velocity":[0.25,0.75,0,0]},{"time":2.333333333333333,"pair":1,"position":[1.3333333333333333,2.9999999999999996,3.9999999999999996,6],"velocity":[0.25,0.1875,0.5625,0]},{"time":4.111111111111111,"pair":2,"position":[1.7777777777777777,3.333333333333333,5,6],"velocity":[0.25,0.1875,0.140625,0.421875]},{"time":13,"pair":0,"position":[4,5,6.25,9.75],"velocity":[0.203125,0.234375,0.140625,0.421875]},{"time":15.666666666666666,"pair":1,"position":[4.541666666666666,5.624999999999999,6.624999999999999,10.875],"velocity":[0.203125,0.1640625,0.2109375,0.421875]},{"time":17.799999999999997,"pair":0,"position":[4.975,5.975,7.074999999999999,11.774999999999999],"velocity":[0.173828125,0.193359375,0.2109375,0.421875]}]}';

// Newton's cradle: four collisions at t = 0, and the animation's clock read "t = 0 s · 1 collision"
describe('the row animation\'s count of collisions so far', () => {
  const entry = (pair: number, velocity: number[]): string => `{"time":0,"pair":${pair},"position":[0,1,2,3,4],"velocity":${JSON.stringify(velocity)}}`;
  const cradle = parseChainRun(
    '{"ok":true,"precision":"double","collisions":4,"collapsed":false,"truncated":false,"message":"","endTime":0,'
    + '"finalVelocity":[0,0,0,0,1],"finalPosition":[0,1,2,3,4],"log":['
    + [entry(0, [0, 1, 0, 0, 0]), entry(1, [0, 0, 1, 0, 0]), entry(2, [0, 0, 0, 1, 0]), entry(3, [0, 0, 0, 0, 1])].join(',')
    + ']}',
  );
  const { spheres, row } = newtonsCradle();
  const tl = buildTimeline(cradle, expandRow(row, spheres));

  it('counts every collision of an instant together: the cradle\'s four at t = 0', () => {
    expect(collisionsAt(tl, 0, cradle.log.length)).toBe(4);
    expect(collisionsAt(tl, 1, cradle.log.length)).toBe(4);
  });

  it('counts the collisions at or before t in a run of separate instants, none before the first', () => {
    const run = parseChainRun(RUN_05);
    const standard = buildTimeline(run, standardRow(4, 0.5));
    expect(collisionsAt(standard, 0, 6)).toBe(0);
    expect(collisionsAt(standard, 0.999, 6)).toBe(0);
    expect(collisionsAt(standard, 1, 6)).toBe(1);
    expect(collisionsAt(standard, 13, 6)).toBe(4);
    expect(collisionsAt(standard, 1e9, 6)).toBe(6);
    // a log cut short: no more than its entries
    expect(collisionsAt(standard, 1e9, 3)).toBe(3);
  });
});

// an audit's custom rows: velocity 1e300 showed "∞ → ∞ J", a diameter of 1e300 m or a gap of
// 1e-300 m "last collision at t = 0 s" (the gap lost in the centres' positions, the spheres touching)
describe('a custom row the engine cannot compute is refused beside its list, with the value', () => {
  const row = (change: Partial<CustomRow>, spheres = 4): Array<{ key: string; message: string }> =>
    rowLimitProblems({ diameter: [1], mass: [1], velocity: [1, 0, 0, 0], gap: [1], restitution: [0.5], ...change }, spheres);

  it('a kinetic energy or momentum beyond the largest double, naming the sphere, its speed and mass', () => {
    expect(row({ velocity: [1e300, 0, 0, 0] })).toEqual([{ key: 'velocity', message: 'initial velocity of sphere 1 = 1e300 m/s (mass 1 kg) gives a kinetic energy ½ m v² beyond the largest number a double holds (about 1.8e308 J): the energy could not be shown or checked' }]);
    expect(row({ velocity: [0, 0, 0, -1e300] })[0]?.message).toMatch(/^initial velocity of sphere 4 = -1e300 m\/s/);
    expect(row({ mass: [1e300, 1, 1, 1], velocity: [1e10, 0, 0, 0] })[0]?.message).toMatch(/^initial velocity of sphere 1 = 10000000000 m\/s \(mass 1e300 kg\) gives a kinetic energy/);
    // large but finite: the engine computes it (times of 1e-300 s, speeds of 1e299 m/s)
    expect(row({ velocity: [1e150, 0, 0, 0] })).toEqual([]);
  });

  it('a gap lost beside the centres: on the gap, and on the diameter when the diameters swamp it', () => {
    expect(row({ gap: [1e-300] })).toEqual([{ key: 'gap', message: 'gap of pair 1–2 = 1e-300 m cannot be kept beside diameters of 1 m and 1 m: the engine places the spheres from their gaps in double precision (about 16 digits) and would run it as 0 m; enter 0 (touching) or a larger gap' }]);
    const big = row({ diameter: [1e300] });
    expect(big.map((p) => p.key)).toEqual(['gap', 'diameter']);
    expect(big[1]?.message).toBe('diameter of sphere 1 = 1e300 m swamps the gap of pair 1–2 (1 m) in the centres\' positions: see the gaps');
    // a gap after a huge one is lost beside the centre, not the diameters (the engine said "sphere overlaps sphere 1 by 1 m")
    expect(row({ gap: [1e300, 1, 1] })[0]?.message).toMatch(/^gap of pair 2–3 = 1 m cannot be kept beside sphere 2's centre at 1e300 m/);
  });

  it('lets ordinary rows, touching spheres and small gaps kept to six digits run', () => {
    expect(row({})).toEqual([]);
    expect(rowLimitProblems(newtonsCradle().row, 5)).toEqual([]);
    expect(row({ gap: [1e-7] })).toEqual([]);
    expect(row({ diameter: [1, 2, 0.5, 1e-3], gap: [0.5, 1, 1e-3] })).toEqual([]);
    expect(row({ diameter: [1e10], mass: [1e300] })).toEqual([]);
  });

  it('a share link with such a row is refused with the same words', () => {
    expect(readCustom({ diameter: [1], mass: [1], velocity: [1e300, 0, 0, 0], gap: [1], restitution: [0.5] }, 4)).toMatch(/^custom row: initial velocity of sphere 1 = 1e300 m\/s/);
  });
});
