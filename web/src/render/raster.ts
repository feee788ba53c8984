/**
 * Software rasterizer for many small discs: writes anti-aliased discs straight into a
 * 32-bit RGBA pixel buffer (ImageData). With thousands of discs this is an order of
 * magnitude cheaper than filling canvas arcs when the canvas is rasterized on the CPU
 * (no GPU, or a software-rendered browser). Pure: no DOM.
 */

/** Packs an sRGB colour as one little-endian RGBA pixel (ImageData byte order r, g, b, a). */
export function packRGBA(r: number, g: number, b: number): number {
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export interface PixelBuffer {
  /** width × height pixels, row-major, packed with packRGBA */
  data: Uint32Array;
  width: number;
  height: number;
}

/** World -> device pixel mapping: px = offsetX + x * scale, py = offsetY - y * scale. */
export interface DeviceTransform {
  scale: number;
  offsetX: number;
  offsetY: number;
}

function blend(dst: number, src: number, alpha: number): number {
  const dr = dst & 255;
  const dg = (dst >>> 8) & 255;
  const db = (dst >>> 16) & 255;
  const r = dr + ((src & 255) - dr) * alpha;
  const g = dg + (((src >>> 8) & 255) - dg) * alpha;
  const b = db + (((src >>> 16) & 255) - db) * alpha;
  return ((255 << 24) | ((b + 0.5) << 16) | ((g + 0.5) << 8) | (r + 0.5)) >>> 0;
}

/**
 * Draws discs `order[from..to)` with colour `color`: positions (2 x N, m), radii (N, m).
 * Pixel coverage is 1 inside r - 1/2, 0 outside r + 1/2, linear in between (anti-aliasing).
 * Discs smaller than a pixel are drawn with radius 1/2 so that none disappears.
 */
export function rasterizeDiscs(
  target: PixelBuffer,
  t: DeviceTransform,
  positions: ArrayLike<number>,
  radii: ArrayLike<number>,
  order: ArrayLike<number>,
  from: number,
  to: number,
  color: number,
): void {
  const { data, width, height } = target;
  for (let j = from; j < to; j++) {
    const i = order[j] as number;
    const cx = t.offsetX + (positions[2 * i] as number) * t.scale;
    const cy = t.offsetY - (positions[2 * i + 1] as number) * t.scale;
    const r = Math.max((radii[i] as number) * t.scale, 0.5);
    const reach = r + 0.5;
    const x0 = Math.max(0, Math.floor(cx - reach));
    const x1 = Math.min(width - 1, Math.ceil(cx + reach));
    const y0 = Math.max(0, Math.floor(cy - reach));
    const y1 = Math.min(height - 1, Math.ceil(cy + reach));
    const inner = r - 0.5;
    const inner2 = inner > 0 ? inner * inner : -1;
    const outer2 = reach * reach;
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - cy;
      const dy2 = dy * dy;
      const row = y * width;
      for (let x = x0; x <= x1; x++) {
        const dx = x + 0.5 - cx;
        const d2 = dx * dx + dy2;
        if (d2 >= outer2) continue;
        if (d2 <= inner2) {
          data[row + x] = color;
        } else {
          const coverage = reach - Math.sqrt(d2);
          if (coverage >= 1) data[row + x] = color;
          else if (coverage > 0) data[row + x] = blend(data[row + x] as number, color, coverage);
        }
      }
    }
  }
}
