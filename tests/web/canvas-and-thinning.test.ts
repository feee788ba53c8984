import { describe, expect, it } from 'vitest';
import { everyOther } from '../../web/src/plot/thin';
import { boundsAspect, sizeCanvas } from '../../web/src/render/view-transform';

describe('canvas sizing shared by both renderers', () => {
  it('aspect is height / width of the bounds, 1 when empty', () => {
    expect(boundsAspect({ minX: 0, minY: 0, maxX: 2, maxY: 1 })).toBe(0.5);
    expect(boundsAspect({ minX: -1, minY: -3, maxX: 1, maxY: 3 })).toBe(3);
    expect(boundsAspect({ minX: 0, minY: 0, maxX: 0, maxY: 1 })).toBe(1);
  });

  it('scales the backing store by the pixel ratio and clamps nonsense', () => {
    const canvas = { width: 0, height: 0 };
    expect(sizeCanvas(canvas, 300.4, 200, 2)).toEqual({ cssWidth: 300.4, cssHeight: 200, dpr: 2 });
    expect(canvas).toEqual({ width: 601, height: 400 });
    expect(sizeCanvas(canvas, 0, -5, 0)).toEqual({ cssWidth: 1, cssHeight: 1, dpr: 1 });
    expect(canvas).toEqual({ width: 1, height: 1 });
  });
});

describe('thinning a series', () => {
  it('keeps every other point from the first, and always the last', () => {
    expect(everyOther([0, 1, 2, 3, 4])).toEqual([0, 2, 4]);
    expect(everyOther([0, 1, 2, 3])).toEqual([0, 2, 3]);
    expect(everyOther([7])).toEqual([7]);
  });
});
