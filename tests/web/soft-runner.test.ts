/**
 * The soft worker's bound on one advance() call (web/src/soft/runner.ts): a step costs time in
 * proportion to the number of discs, so a crowded world gets few steps per call, whatever slice
 * the shared run loop asks for (the family's sliceCap; the cap itself is tests/web/run-loop.test.ts),
 * and pause is answered within about one step.
 */
import { describe, expect, it } from 'vitest';
import { DISC_STEPS_PER_CALL, SLICE_STEPS, stepCap } from '../../web/src/soft/runner';

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
});
