/**
 * Draws discs and walls to scale on a 2D canvas, sharp on HiDPI screens (the backing
 * store has devicePixelRatio × the CSS size). Discs are coloured by speed (viridis,
 * COLOR_BINS colours) and sorted by colour once per frame. Up to RASTER_THRESHOLD discs,
 * all discs of one colour go into one path, filled at once; beyond it, the discs are
 * rasterized straight into an ImageData (raster.ts), which stays fast (a few ms for
 * 10 000 discs) even where the canvas is drawn on the CPU. Walls are always paths.
 * No physics here: it draws the typed arrays it is given.
 */
import { OKABE_ITO_ALL } from './palette';
import { colorBin, colorTable, colorTableRGB } from './colormap';
import { packRGBA, rasterizeDiscs, type PixelBuffer } from './raster';
import { drawnAt, pickDisc, type DiscState, type DrawnDisc, type DrawnDiscs } from './disc-pick';
import { boundsAspect, fitTransform, sizeCanvas, wallBounds, type Bounds, type ViewTransform } from './view-transform';

export const COLOR_BINS = 32;
/** more discs than this are rasterized into an ImageData instead of filled as paths */
export const RASTER_THRESHOLD = 2000;
const MARGIN_PX = 10;
const BACKGROUND = '#ffffff';
const OUTSIDE = '#eef0f3';
const WALL_COLOR = '#30343b';
/** the vibrating wall, Okabe–Ito vermillion (render/palette.ts) */
const VIBRATING_COLOR = OKABE_ITO_ALL.vermillion;

export class DiscRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly colors = colorTable(COLOR_BINS);
  private walls: Float64Array = new Float64Array(0);
  private bounds: Bounds = { minX: 0, minY: 0, maxX: 1, maxY: 1 };
  private radii: Float32Array = new Float32Array(0);
  private vibratingWall = -1;
  private positions: Float32Array | null = null;
  private speeds: Float32Array | null = null;
  private velocities: Float32Array | null = null;
  private speedMax = 1;
  /** what the last draw showed, for the disc under the pointer (the arrays are each frame's own) */
  private drawn: { positions: Float32Array; velocities: Float32Array | null; radii: Float32Array; n: number; t: ViewTransform } | null = null;
  private cssWidth = 300;
  private cssHeight = 300;
  private dpr = 1;
  /** disc indices sorted by colour bin (counting sort, reused) */
  private order = new Uint32Array(0);
  private binStart = new Uint32Array(COLOR_BINS + 1);
  private readonly packed = colorTableRGB(COLOR_BINS).map(([r, g, b]) => packRGBA(r, g, b));
  /** raster mode: the frame's pixels, and the empty domain (background) to start each frame from */
  private image: ImageData | null = null;
  private background: Uint32Array | null = null;

  constructor(private readonly canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('2D canvas is not available');
    this.ctx = ctx;
  }

  /** The walls (4 x W, m), the radii (N, m) and the vibrating wall's index (-1: none). */
  setScene(walls: Float64Array, radii: Float32Array, vibratingWall: number): void {
    this.walls = walls;
    this.bounds = wallBounds(walls);
    this.radii = radii;
    this.vibratingWall = vibratingWall;
    this.positions = null;
    this.speeds = null;
    this.velocities = null;
    this.drawn = null;
    this.order = new Uint32Array(radii.length);
    this.background = null;
  }

  /** Positions (2 x N, m), speeds (N, m/s), the speed at the top of the colour scale (m/s) and the velocities (2 x N, m/s). */
  setFrame(positions: Float32Array, speeds: Float32Array, speedMax: number, velocities: Float32Array | null = null): void {
    this.positions = positions;
    this.speeds = speeds;
    this.velocities = velocities;
    this.speedMax = speedMax > 0 ? speedMax : 1;
  }

  /** Domain aspect ratio height / width (for sizing the canvas). */
  aspect(): number {
    return boundsAspect(this.bounds);
  }

  /** Sets the drawing size in CSS pixels; the backing store is scaled by devicePixelRatio. */
  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    ({ cssWidth: this.cssWidth, cssHeight: this.cssHeight, dpr: this.dpr } = sizeCanvas(this.canvas, cssWidth, cssHeight, dpr));
    this.background = null;
  }

  draw(): void {
    const ctx = this.ctx;
    const t = fitTransform(this.bounds, this.cssWidth, this.cssHeight, MARGIN_PX);
    const n = this.discCount();
    this.drawn = this.positions ? { positions: this.positions, velocities: this.velocities, radii: this.radii, n, t } : null;
    if (n > RASTER_THRESHOLD && this.positions && this.speeds) {
      this.sortByColor(n, this.speeds);
      this.rasterDiscs(t, n, this.positions);
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    } else {
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.drawBackground(t);
      this.drawDiscs(t);
    }
    this.drawWalls(t);
  }

  /** the disc drawn under canvas point (px, py) (CSS px) by the last draw, or -1 (`slop`: a finger's px) */
  discAt(px: number, py: number, slop = 0): number {
    const d = this.drawn;
    if (!d) return -1;
    const { positions: p, radii } = d;
    const discs: DrawnDiscs = { count: d.n, x: (i) => p[2 * i]!, y: (i) => p[2 * i + 1]!, r: (i) => radii[i]! };
    return pickDisc(discs, d.t, px, py, slop);
  }

  /** discs the last draw showed */
  drawnCount(): number {
    return this.drawn?.n ?? 0;
  }

  /** disc i as the last draw showed it (the engine's numbering), with its centre in canvas CSS px; null: not drawn */
  drawnDisc(i: number): DrawnDisc | null {
    const d = this.drawn;
    if (!d || !(i >= 0 && i < d.n)) return null;
    const x = d.positions[2 * i]!;
    const y = d.positions[2 * i + 1]!;
    const v = d.velocities;
    const state: DiscState = {
      kind: 'disc', number: i, r: d.radii[i]!, x, y,
      vx: v ? v[2 * i]! : null, vy: v ? v[2 * i + 1]! : null,
      // smooth hard discs: the event-driven engine has no spins
      spin: null,
    };
    return drawnAt(state, d.t);
  }

  private discCount(): number {
    if (!this.positions || !this.speeds) return 0;
    return Math.min(this.radii.length, this.speeds.length, this.positions.length >> 1);
  }

  private drawBackground(t: ViewTransform): void {
    this.ctx.fillStyle = OUTSIDE;
    this.ctx.fillRect(0, 0, this.cssWidth, this.cssHeight);
    this.fillDomain(t);
  }

  /** Raster mode: start from the cached empty domain, write the discs' pixels, put the image. */
  private rasterDiscs(t: ViewTransform, n: number, positions: Float32Array): void {
    const ctx = this.ctx;
    const w = this.canvas.width;
    const h = this.canvas.height;
    if (!this.background || !this.image || this.image.width !== w || this.image.height !== h) {
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.drawBackground(t);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const bg = ctx.getImageData(0, 0, w, h);
      this.background = new Uint32Array(bg.data.buffer.slice(0));
      this.image = bg;
    }
    const pixels = new Uint32Array(this.image.data.buffer);
    pixels.set(this.background);
    const target: PixelBuffer = { data: pixels, width: w, height: h };
    const device = { scale: t.scale * this.dpr, offsetX: t.offsetX * this.dpr, offsetY: t.offsetY * this.dpr };
    for (let k = 0; k < COLOR_BINS; k++) {
      const from = this.binStart[k]!;
      const to = this.binStart[k + 1]!;
      if (from < to) rasterizeDiscs(target, device, positions, this.radii, this.order, from, to, this.packed[k]!);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.putImageData(this.image, 0, 0);
  }

  private fillDomain(t: ViewTransform): void {
    const ctx = this.ctx;
    const walls = this.walls;
    if (walls.length < 12) return;
    ctx.beginPath();
    ctx.moveTo(t.offsetX + walls[0]! * t.scale, t.offsetY - walls[1]! * t.scale);
    for (let i = 0; i + 3 < walls.length; i += 4) {
      ctx.lineTo(t.offsetX + walls[i + 2]! * t.scale, t.offsetY - walls[i + 3]! * t.scale);
    }
    ctx.closePath();
    ctx.fillStyle = BACKGROUND;
    ctx.fill();
  }

  private sortByColor(n: number, speeds: Float32Array): void {
    if (this.order.length < n) this.order = new Uint32Array(n);
    const start = this.binStart;
    start.fill(0);
    const max = this.speedMax;
    for (let i = 0; i < n; i++) start[colorBin(speeds[i]!, max, COLOR_BINS) + 1]! += 1;
    for (let k = 0; k < COLOR_BINS; k++) start[k + 1]! += start[k]!;
    const fill = start.slice(0, COLOR_BINS);
    for (let i = 0; i < n; i++) {
      const k = colorBin(speeds[i]!, max, COLOR_BINS);
      this.order[fill[k]!++] = i;
    }
  }

  private drawDiscs(t: ViewTransform): void {
    const positions = this.positions;
    const speeds = this.speeds;
    if (!positions || !speeds) return;
    const n = this.discCount();
    this.sortByColor(n, speeds);
    const ctx = this.ctx;
    const { scale, offsetX, offsetY } = t;
    const radii = this.radii;
    const order = this.order;
    const TWO_PI = 2 * Math.PI;
    for (let k = 0; k < COLOR_BINS; k++) {
      const from = this.binStart[k]!;
      const to = this.binStart[k + 1]!;
      if (from === to) continue;
      ctx.beginPath();
      for (let j = from; j < to; j++) {
        const i = order[j]!;
        const x = offsetX + positions[2 * i]! * scale;
        const y = offsetY - positions[2 * i + 1]! * scale;
        const r = radii[i]! * scale;
        if (r < 1.25) {
          // sub-pixel discs: a small square is indistinguishable and much cheaper
          const s = Math.max(r, 0.6);
          ctx.rect(x - s, y - s, 2 * s, 2 * s);
        } else {
          ctx.moveTo(x + r, y);
          ctx.arc(x, y, r, 0, TWO_PI);
        }
      }
      ctx.fillStyle = this.colors[k]!;
      ctx.fill();
    }
  }

  private drawWalls(t: ViewTransform): void {
    const ctx = this.ctx;
    const walls = this.walls;
    ctx.lineCap = 'round';
    ctx.lineWidth = 2;
    ctx.strokeStyle = WALL_COLOR;
    ctx.beginPath();
    for (let i = 0, k = 0; i + 3 < walls.length; i += 4, k++) {
      if (k === this.vibratingWall) continue;
      ctx.moveTo(t.offsetX + walls[i]! * t.scale, t.offsetY - walls[i + 1]! * t.scale);
      ctx.lineTo(t.offsetX + walls[i + 2]! * t.scale, t.offsetY - walls[i + 3]! * t.scale);
    }
    ctx.stroke();
    const v = this.vibratingWall;
    if (v >= 0 && 4 * v + 3 < walls.length) {
      const ax = t.offsetX + walls[4 * v]! * t.scale;
      const ay = t.offsetY - walls[4 * v + 1]! * t.scale;
      const bx = t.offsetX + walls[4 * v + 2]! * t.scale;
      const by = t.offsetY - walls[4 * v + 3]! * t.scale;
      ctx.lineWidth = 5;
      ctx.strokeStyle = VIBRATING_COLOR;
      ctx.setLineDash([10, 6]);
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }
}
