/**
 * Draws soft discs to scale on a 2D canvas, sharp on HiDPI screens: each disc in a
 * colour-blind-safe colour (Okabe–Ito, by index) with an orientation mark (a radius at
 * its angle), its observer as a dark dot with a fading trace, and the walls (box outline
 * or circle). No physics: it draws the arrays it is given.
 */
import type { SoftDomain } from '../sim/granular-wasm';
import { boundsAspect, fitTransform, sizeCanvas, type Bounds, type ViewTransform } from '../render/view-transform';
import type { TraceBuffer } from './trace-buffer';
import { drawnAt, pickDisc, type DiscState, type DrawnDisc, type DrawnDiscs } from '../render/disc-pick';
import { NEUTRAL_GREY, OKABE_ITO_ALL } from '../render/palette';

/**
 * Okabe–Ito colours (render/palette.ts; black left out: it marks walls, orientation and observers;
 * yellow, too pale on white, replaced by grey)
 */
export const DISC_COLORS = [
  OKABE_ITO_ALL.blue, OKABE_ITO_ALL.orange, OKABE_ITO_ALL.bluishGreen, OKABE_ITO_ALL.reddishPurple,
  OKABE_ITO_ALL.skyBlue, OKABE_ITO_ALL.vermillion, NEUTRAL_GREY,
] as const;

/**
 * The line of the k-th of several curves coloured by DISC_COLORS in turn: solid for the first round
 * of colours, dashed for the second, dotted for the third, and so on in turn. Ten hysteresis loops
 * had seven colours, and three pairs of them could not be told apart in the legend.
 */
export function cycleDash(k: number): number[] | undefined {
  const round = Math.floor(k / DISC_COLORS.length) % 3;
  return round === 0 ? undefined : round === 1 ? [7, 4] : [2, 3];
}
const MARGIN_PX = 10;
const BACKGROUND = '#ffffff';
const OUTSIDE = '#eef0f3';
const INK = '#1d2025';
/** trace segments are grouped into this many opacity steps per disc */
const ALPHA_STEPS = 10;

/** Bounds of a domain; the open plane is fitted to the discs by the caller. */
export function domainBounds(domain: SoftDomain): Bounds | null {
  if (domain.kind === 'box') return { minX: 0, minY: 0, maxX: domain.width, maxY: domain.height };
  if (domain.kind === 'circle') return { minX: -domain.radius, minY: -domain.radius, maxX: domain.radius, maxY: domain.radius };
  return null;
}

/** Bounds of the discs (coordinates 6 x N, radii) with a margin of `pad` diameters. */
export function discBounds(coords: ArrayLike<number>, radii: ArrayLike<number>, pad = 1): Bounds {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < radii.length; i++) {
    const r = (radii[i] ?? 0) * (1 + 2 * pad);
    const x = coords[6 * i] ?? 0;
    const y = coords[6 * i + 1] ?? 0;
    minX = Math.min(minX, x - r);
    maxX = Math.max(maxX, x + r);
    minY = Math.min(minY, y - r);
    maxY = Math.max(maxY, y + r);
  }
  if (!Number.isFinite(minX)) return { minX: -1, minY: -1, maxX: 1, maxY: 1 };
  return { minX, minY, maxX, maxY };
}

export class SoftRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private domain: SoftDomain = { kind: 'box', width: 1, height: 1, radius: 0.5 };
  private bounds: Bounds = { minX: 0, minY: 0, maxX: 1, maxY: 1 };
  private radii: Float64Array = new Float64Array(0);
  /** (6 x N) coordinates at the newest instant */
  private coords: Float64Array | null = null;
  private coordsOffset = 0;
  /** (2 x N) observer positions */
  private observers: Float64Array | null = null;
  private observersOffset = 0;
  private traces: TraceBuffer | null = null;
  private cssWidth = 300;
  private cssHeight = 300;
  private dpr = 1;
  /** what the last draw showed, for the disc under the pointer (each frame's block is its own) */
  private drawn: { coords: Float64Array; offset: number; radii: Float64Array; t: ViewTransform } | null = null;

  constructor(private readonly canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('2D canvas is not available');
    this.ctx = ctx;
  }

  setScene(domain: SoftDomain, radii: Float64Array, traces: TraceBuffer | null): void {
    this.domain = domain;
    this.radii = radii;
    this.traces = traces;
    this.coords = null;
    this.observers = null;
    this.drawn = null;
    this.bounds = domainBounds(domain) ?? { minX: -1, minY: -1, maxX: 1, maxY: 1 };
  }

  /**
   * The newest instant: coordinates (6 x N) at `coordsOffset` and observers (2 x N) at
   * `observersOffset` of `block`. The open plane's view grows to keep every disc in sight.
   */
  setFrame(block: Float64Array, coordsOffset: number, observersOffset: number): void {
    this.coords = block;
    this.coordsOffset = coordsOffset;
    this.observers = block;
    this.observersOffset = observersOffset;
    if (this.domain.kind === 'open') {
      const view = block.subarray(coordsOffset, coordsOffset + 6 * this.radii.length);
      const b = discBounds(view, this.radii);
      const cur = this.bounds;
      const first = cur.minX === -1 && cur.maxX === 1 && cur.minY === -1 && cur.maxY === 1;
      this.bounds = first
        ? b
        : { minX: Math.min(cur.minX, b.minX), minY: Math.min(cur.minY, b.minY), maxX: Math.max(cur.maxX, b.maxX), maxY: Math.max(cur.maxY, b.maxY) };
    }
  }

  aspect(): number {
    return boundsAspect(this.bounds);
  }

  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    ({ cssWidth: this.cssWidth, cssHeight: this.cssHeight, dpr: this.dpr } = sizeCanvas(this.canvas, cssWidth, cssHeight, dpr));
  }

  draw(): void {
    const ctx = this.ctx;
    const t = fitTransform(this.bounds, this.cssWidth, this.cssHeight, MARGIN_PX);
    this.drawn = this.coords ? { coords: this.coords, offset: this.coordsOffset, radii: this.radii, t } : null;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = this.domain.kind === 'open' ? BACKGROUND : OUTSIDE;
    ctx.fillRect(0, 0, this.cssWidth, this.cssHeight);
    this.domainPath(t);
    ctx.fillStyle = BACKGROUND;
    ctx.fill();
    this.drawTraces(t);
    this.drawDiscs(t);
    if (this.domain.kind !== 'open') {
      this.domainPath(t);
      ctx.lineWidth = 2;
      ctx.strokeStyle = INK;
      ctx.stroke();
    }
  }

  /** discs the last draw showed */
  drawnCount(): number {
    return this.drawn ? this.drawn.radii.length : 0;
  }

  /** the disc drawn under canvas point (px, py) (CSS px) by the last draw, or -1 (`slop`: a finger's px) */
  discAt(px: number, py: number, slop = 0): number {
    const d = this.drawn;
    if (!d) return -1;
    const { coords: c, offset: o, radii } = d;
    const discs: DrawnDiscs = { count: radii.length, x: (i) => c[o + 6 * i]!, y: (i) => c[o + 6 * i + 1]!, r: (i) => radii[i]! };
    return pickDisc(discs, d.t, px, py, slop);
  }

  /** disc i as the last draw showed it (x, y, vx, vy, spin), with its centre and radius in canvas CSS px; null: not drawn */
  drawnDisc(i: number): DrawnDisc | null {
    const d = this.drawn;
    if (!d || !(i >= 0 && i < d.radii.length)) return null;
    const at = d.offset + 6 * i;
    const c = d.coords;
    const state: DiscState = { kind: 'disc', number: i, r: d.radii[i]!, x: c[at]!, y: c[at + 1]!, vx: c[at + 3]!, vy: c[at + 4]!, spin: c[at + 5]! };
    return drawnAt(state, d.t);
  }

  private domainPath(t: ViewTransform): void {
    const ctx = this.ctx;
    const d = this.domain;
    ctx.beginPath();
    if (d.kind === 'box') {
      ctx.rect(t.offsetX, t.offsetY - d.height * t.scale, d.width * t.scale, d.height * t.scale);
    } else if (d.kind === 'circle') {
      ctx.arc(t.offsetX, t.offsetY, d.radius * t.scale, 0, 2 * Math.PI);
    } else {
      ctx.rect(0, 0, this.cssWidth, this.cssHeight);
    }
  }

  private drawTraces(t: ViewTransform): void {
    const traces = this.traces;
    if (!traces || traces.length < 2) return;
    const ctx = this.ctx;
    const len = traces.length;
    ctx.lineWidth = 1.5;
    ctx.lineJoin = 'round';
    for (let i = 0; i < traces.discs; i++) {
      ctx.strokeStyle = DISC_COLORS[i % DISC_COLORS.length]!;
      // segment j joins points j-1 and j; group the segments into ALPHA_STEPS opacity steps
      for (let step = 0; step < ALPHA_STEPS; step++) {
        const from = 1 + Math.floor((step * (len - 1)) / ALPHA_STEPS);
        const to = 1 + Math.floor(((step + 1) * (len - 1)) / ALPHA_STEPS);
        if (from >= to) continue;
        ctx.globalAlpha = Math.max(0.04, traces.alpha(to - 1)) * 0.9;
        ctx.beginPath();
        const [x0, y0] = traces.point(i, from - 1);
        ctx.moveTo(t.offsetX + x0 * t.scale, t.offsetY - y0 * t.scale);
        for (let j = from; j < to; j++) {
          const [x, y] = traces.point(i, j);
          ctx.lineTo(t.offsetX + x * t.scale, t.offsetY - y * t.scale);
        }
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 1;
  }

  private drawDiscs(t: ViewTransform): void {
    const c = this.coords;
    const o = this.observers;
    if (!c || !o) return;
    const ctx = this.ctx;
    const n = this.radii.length;
    const { scale, offsetX, offsetY } = t;
    const cx = (i: number): number => offsetX + c[this.coordsOffset + 6 * i]! * scale;
    const cy = (i: number): number => offsetY - c[this.coordsOffset + 6 * i + 1]! * scale;
    // bodies, one path per colour
    ctx.lineWidth = 1.5;
    for (let k = 0; k < DISC_COLORS.length; k++) {
      ctx.beginPath();
      for (let i = k; i < n; i += DISC_COLORS.length) {
        const r = this.radii[i]! * scale;
        ctx.moveTo(cx(i) + r, cy(i));
        ctx.arc(cx(i), cy(i), r, 0, 2 * Math.PI);
      }
      ctx.fillStyle = DISC_COLORS[k]!;
      ctx.globalAlpha = 0.45;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.strokeStyle = DISC_COLORS[k]!;
      ctx.stroke();
    }
    // orientation marks: a radius at the disc's angle (y up in the world, down on the canvas)
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const r = this.radii[i]! * scale;
      const a = c[this.coordsOffset + 6 * i + 2]!;
      ctx.moveTo(cx(i), cy(i));
      ctx.lineTo(cx(i) + r * Math.cos(a), cy(i) - r * Math.sin(a));
    }
    ctx.strokeStyle = INK;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    // observers (a disc without one has it at its centre: no dot)
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const ox = o[this.observersOffset + 2 * i]!;
      const oy = o[this.observersOffset + 2 * i + 1]!;
      const atCentre = Math.hypot(ox - c[this.coordsOffset + 6 * i]!, oy - c[this.coordsOffset + 6 * i + 1]!) < 1e-9 * this.radii[i]!;
      if (atCentre) continue;
      const x = offsetX + ox * scale;
      const y = offsetY - oy * scale;
      const s = Math.max(2, Math.min(5, 0.08 * this.radii[i]! * scale));
      ctx.moveTo(x + s, y);
      ctx.arc(x, y, s, 0, 2 * Math.PI);
    }
    ctx.fillStyle = INK;
    ctx.fill();
  }
}
