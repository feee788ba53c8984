// The chain lab's result lines, from an audit of the page: e_c named only where it applies (four
// spheres), the sweep's largest count taken over runs that did not collapse, "no collisions"
// said as such.
import { describe, expect, it } from 'vitest';
import { parseChainRun, runSummary } from '../../web/src/chain/results';
import { emptySweep, mergePiece, sweepCountSeries, sweepSummary } from '../../web/src/chain/sweep';
import { collapseThreshold, E_COLLAPSE, histogram, thresholdText } from '../../web/src/chain/theory';

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
