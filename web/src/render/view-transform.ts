/** World (m, y up) <-> canvas (CSS px, y down) mapping that fits a bounding box. Pure. */

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface ViewTransform {
  /** CSS px per metre */
  scale: number;
  /** canvas x of world x = 0 */
  offsetX: number;
  /** canvas y of world y = 0 */
  offsetY: number;
}

/** Bounding box of (4 x W) wall segments; a unit box when there are none. */
export function wallBounds(walls: ArrayLike<number>): Bounds {
  if (walls.length < 4) return { minX: 0, minY: 0, maxX: 1, maxY: 1 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i + 1 < walls.length; i += 2) {
    const x = walls[i] as number;
    const y = walls[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/** Fits `b` into a width × height CSS-px canvas with `margin` px around, preserving aspect. */
export function fitTransform(b: Bounds, width: number, height: number, margin: number): ViewTransform {
  const w = Math.max(b.maxX - b.minX, 1e-300);
  const h = Math.max(b.maxY - b.minY, 1e-300);
  const scale = Math.max(Math.min((width - 2 * margin) / w, (height - 2 * margin) / h), 1e-300);
  const offsetX = (width - w * scale) / 2 - b.minX * scale;
  const offsetY = height - (height - h * scale) / 2 + b.minY * scale;
  return { scale, offsetX, offsetY };
}

export function toCanvasX(t: ViewTransform, x: number): number {
  return t.offsetX + x * t.scale;
}

export function toCanvasY(t: ViewTransform, y: number): number {
  return t.offsetY - y * t.scale;
}

/** world x (m) of canvas x (CSS px): toCanvasX's inverse */
export function fromCanvasX(t: ViewTransform, px: number): number {
  return (px - t.offsetX) / t.scale;
}

/** world y (m) of canvas y (CSS px): toCanvasY's inverse */
export function fromCanvasY(t: ViewTransform, py: number): number {
  return (t.offsetY - py) / t.scale;
}

/** Height / width of a bounding box (for sizing the canvas); 1 when it is empty. */
export function boundsAspect(b: Bounds): number {
  const w = b.maxX - b.minX;
  const h = b.maxY - b.minY;
  return w > 0 && h > 0 ? h / w : 1;
}

export interface CanvasSize {
  /** CSS px */
  cssWidth: number;
  cssHeight: number;
  /** device pixels per CSS px */
  dpr: number;
}

/** Sets a canvas's backing store to a drawing size in CSS pixels scaled by devicePixelRatio; returns the size used. */
export function sizeCanvas(canvas: { width: number; height: number }, cssWidth: number, cssHeight: number, dpr: number): CanvasSize {
  const size = { cssWidth: Math.max(1, cssWidth), cssHeight: Math.max(1, cssHeight), dpr: dpr > 0 ? dpr : 1 };
  const w = Math.round(size.cssWidth * size.dpr);
  const h = Math.round(size.cssHeight * size.dpr);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  return size;
}
