import { describe, expect, it } from 'vitest';
import { packRGBA, rasterizeDiscs, type PixelBuffer } from '../../web/src/render/raster';

const WHITE = packRGBA(255, 255, 255);
const PURPLE = packRGBA(0x44, 0x01, 0x54);

function buffer(width: number, height: number): PixelBuffer {
  return { data: new Uint32Array(width * height).fill(WHITE), width, height };
}

describe('disc rasterizer', () => {
  it('packs ImageData byte order r, g, b, a', () => {
    const bytes = new Uint8Array(new Uint32Array([packRGBA(1, 2, 3)]).buffer);
    expect(Array.from(bytes)).toEqual([1, 2, 3, 255]);
  });

  it('fills the inside, blends the rim, leaves the outside', () => {
    const b = buffer(20, 20);
    // 1 m = 1 px; y up: world (10, 10) is pixel (10, 10) with offsetY = 20
    rasterizeDiscs(b, { scale: 1, offsetX: 0, offsetY: 20 }, [10, 10], [4], [0], 0, 1, PURPLE);
    const at = (x: number, y: number): number => b.data[y * 20 + x] as number;
    expect(at(10, 10)).toBe(PURPLE);
    expect(at(9, 9)).toBe(PURPLE);
    expect(at(0, 0)).toBe(WHITE);
    expect(at(10, 16)).toBe(WHITE);
    const rim = at(12, 13); // pixel centre 4.3 from the disc centre: partly covered
    expect(rim).not.toBe(WHITE);
    expect(rim).not.toBe(PURPLE);
    let covered = 0;
    for (const p of b.data) if (p !== WHITE) covered++;
    expect(covered).toBeGreaterThan(Math.PI * 3.5 * 3.5);
    expect(covered).toBeLessThan(Math.PI * 4.5 * 4.5 + 1);
  });

  it('keeps sub-pixel discs visible and clips at the edges', () => {
    const b = buffer(8, 8);
    rasterizeDiscs(
      b, { scale: 1, offsetX: 0, offsetY: 8 },
      [4, 4, -1, -1, 7.9, 0.1, 100, 100], [0.01, 3, 2, 2], [0, 1, 2, 3], 0, 4, PURPLE,
    );
    expect(b.data.length).toBe(64);
    expect(b.data[3 * 8 + 4]).not.toBe(WHITE); // the tiny disc
    expect(b.data[7 * 8 + 0]).toBe(PURPLE); // corner disc, clipped
    expect(b.data[7 * 8 + 7]).not.toBe(WHITE); // edge disc, clipped
  });
});
