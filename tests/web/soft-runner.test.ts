/**
 * The soft worker's bound on one advance() call (web/src/soft/runner.ts): a step costs time in
 * proportion to the number of discs, so a crowded world gets few steps per call, whatever slice
 * the shared run loop asks for, and pause is answered within about one step.
 */
import { describe, expect, it } from 'vitest';
import type { AdvanceStatusCode, SoftWorld } from '../../web/src/sim/granular-wasm';
import { AdvanceStatus } from '../../web/src/sim/protocol';
import { BoundedSoftWorld, DISC_STEPS_PER_CALL, SLICE_STEPS, stepCap } from '../../web/src/soft/runner';

/** The part of a SoftWorld BoundedSoftWorld uses; advance() records its budgets. */
function fakeWorld(count: number, ok = true): SoftWorld & { budgets: number[] } {
  const budgets: number[] = [];
  const world = {
    budgets,
    ok: () => ok,
    count: () => count,
    advance: (budget: number): AdvanceStatusCode => {
      budgets.push(budget);
      return AdvanceStatus.Budget;
    },
  };
  return world as unknown as SoftWorld & { budgets: number[] };
}

describe('soft worker: work per advance() call', () => {
  it('caps the steps per call by the number of discs: one step at the 20,000-disc maximum', () => {
    expect(stepCap(20_000)).toBe(1);
    expect(stepCap(100_000)).toBe(1);
    expect(stepCap(2_000)).toBe(DISC_STEPS_PER_CALL / 2_000);
    expect(stepCap(2)).toBe(SLICE_STEPS);
    expect(stepCap(0)).toBe(SLICE_STEPS);
    for (const n of [1, 7, 64, 513, 4_999, 19_999]) {
      expect(stepCap(n)).toBeGreaterThanOrEqual(1);
      expect(stepCap(n) * n).toBeLessThanOrEqual(Math.max(n, DISC_STEPS_PER_CALL));
    }
  });

  it('passes the run loop slice through, capped, and never below one step', () => {
    const big = fakeWorld(20_000);
    const bounded = new BoundedSoftWorld(big);
    bounded.advance(SLICE_STEPS); // the run loop's first slice for every world
    bounded.advance(1);
    bounded.advance(0);
    expect(big.budgets).toEqual([1, 1, 1]);

    const small = fakeWorld(2);
    const few = new BoundedSoftWorld(small);
    few.advance(SLICE_STEPS);
    few.advance(3);
    expect(small.budgets).toEqual([SLICE_STEPS, 3]);

    const mid = fakeWorld(5_000);
    new BoundedSoftWorld(mid).advance(SLICE_STEPS);
    expect(mid.budgets).toEqual([DISC_STEPS_PER_CALL / 5_000]);
  });

  it('a rejected world (count unknown) is not asked for its count', () => {
    const rejected = fakeWorld(0, false);
    rejected.count = () => {
      throw new Error('count() of a rejected world');
    };
    expect(new BoundedSoftWorld(rejected).cap).toBe(SLICE_STEPS);
  });
});
