/** The avalanche canvas' view of a long floor (avalanche/view-range.ts): it starts around the column and its reach, and widens ahead of the grains. */
import { describe, expect, it } from 'vitest';
import { sceneBounds } from '../../web/src/avalanche/avalanche-renderer';
import { grownViewMaxX, initialViewMaxX } from '../../web/src/avalanche/view-range';

// the preset's scene: a 1 m floor of 4 mm discs under a 0.1 m × 0.2 m column
const preset = sceneBounds(1, 0.2, 0.004, []);
const long = sceneBounds(3, 0.4, 0.004, []);

describe('the first view', () => {
  it('spans the column and 1.5 column heights, at least three scene heights wide', () => {
    // 0.1 + 1.5 × 0.2 = 0.4 m, but the scene is 0.214 m tall: 3 × 0.214 = 0.642 m
    expect(initialViewMaxX(preset, 0.1, 0.2, null, false)).toBeCloseTo(3 * (0.2 * 1.05 + 0.004), 12);
    // a 3 m floor under a 0.1 × 0.4 column: 3 × (0.42 + 0.004) = 1.272 m, not 3 m
    expect(initialViewMaxX(long, 0.1, 0.4, null, false)).toBeCloseTo(1.272, 12);
    // a wide squat column reaches further than three heights: 0.5 + 1.5 × 0.1
    expect(initialViewMaxX(sceneBounds(3, 0.1, 0.004, []), 0.5, 0.1, null, false)).toBeCloseTo(0.65, 12);
  });

  it('includes the village with room for its house', () => {
    expect(initialViewMaxX(long, 0.1, 0.4, 2, false)).toBeCloseTo(2.2, 12);
  });

  it('is the whole floor when it would be most of it, or when segments were imported', () => {
    const taller = sceneBounds(1, 0.26, 0.004, []);
    expect(initialViewMaxX(taller, 0.1, 0.26, null, false)).toBe(taller.maxX); // 3 × 0.277 = 0.83 m of 1 m
    expect(initialViewMaxX(long, 0.1, 0.4, 2.6, false)).toBe(long.maxX);
    expect(initialViewMaxX(long, 0.1, 0.4, null, true)).toBe(long.maxX);
  });
});

describe('the view during a run', () => {
  const first = initialViewMaxX(long, 0.1, 0.4, null, false); // 1.272 m

  it('keeps still while the grains are clear of its right edge', () => {
    expect(grownViewMaxX(first, 0.5, long)).toBe(first);
    expect(grownViewMaxX(first, first - 0.11 * first, long)).toBe(first);
    expect(grownViewMaxX(first, NaN, long)).toBe(first);
  });

  it('widens ahead of a grain near or past its edge, by at least half, and never beyond the floor', () => {
    const near = grownViewMaxX(first, 1.2, long);
    expect(near).toBeCloseTo(Math.max(1.4 * 1.2, 1.5 * first), 12);
    expect(near).toBeGreaterThan(1.2);
    // a grain far past the edge (a big jump between frames) is still in view
    expect(grownViewMaxX(first, 2.2, long)).toBe(long.maxX);
    // near the whole floor: the whole floor
    expect(grownViewMaxX(1.8, 1.75, long)).toBe(long.maxX);
    expect(grownViewMaxX(long.maxX, 5, long)).toBe(long.maxX);
  });

  it('only widens: a run that goes on from a wide view keeps it', () => {
    let view = first;
    for (const front of [0.3, 1.2, 0.4, 1.9, 0.2]) {
      const next = grownViewMaxX(view, front, long);
      expect(next).toBeGreaterThanOrEqual(view);
      expect(next === long.maxX || front < next).toBe(true);
      view = next;
    }
  });
});
