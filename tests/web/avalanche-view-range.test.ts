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

// segments given in JSON far away (the parser allows ±1e4 m), or a dam drawn in millimetres: the
// scene stretched to their ends, 370 m wide with the column a speck
describe('segments out of the grains\' reach', () => {
  it('add nothing to the scene; segments partly in reach add only their part within it', () => {
    const mm = [250, 4, 310, 104, 310, 104, 370, 4];
    expect(sceneBounds(1, 0.2, 0.004, mm)).toEqual(preset);
    expect(sceneBounds(1, 0.2, 0.004, [-1e4, -1e4, -9e3, 1e4, 1e4, 1e4, 9e3, 9e3])).toEqual(preset);
    // from the floor up to 1e4 m: the scene ends at the floor's end and at the region's top (2 column heights)
    const partly = sceneBounds(1, 0.2, 0.004, [0.5, 0, 1e4, 1e4]);
    expect(partly.maxX).toBe(1);
    expect(partly.maxY).toBeCloseTo(0.4 * 1.05, 12);
    expect(partly.minX).toBe(0);
    // a dam within reach counts as before
    const dam = sceneBounds(1, 0.2, 0.004, [0.25, 0.004, 0.31, 0.104, 0.31, 0.104, 0.37, 0.004]);
    expect(dam).toEqual(preset);
    const tall = sceneBounds(1, 0.2, 0.004, [0.5, 0, 0.6, 0.3]);
    expect(tall.maxY).toBeCloseTo(0.3 * 1.05, 12);
    // the first view with segments is the whole scene: the floor, not the far ends
    expect(initialViewMaxX(sceneBounds(3, 0.4, 0.004, [0.5, 0, 2e3, 5]), 0.1, 0.4, null, true)).toBe(3);
    expect(initialViewMaxX(sceneBounds(1, 0.2, 0.004, mm), 0.1, 0.2, null, true)).toBe(1);
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
