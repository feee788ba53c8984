/**
 * Draws the avalanche to scale on a 2D canvas, sharp on HiDPI screens: grains coloured by speed
 * (viridis, COLOR_BINS colours) with a rotation mark each (a radius at the grain's angle), the
 * fixed floor discs in grey, the boundary segments (the gate while closed, imported slopes),
 * optionally the force chains (contact lines, width ∝ normal impulse), and axes with ticks in m.
 * The view covers the column and the reach of its flow with equal axes, and widens when a grain
 * nears its right edge (view-range.ts); a floor that goes on beyond it says how far. No physics: it
 * draws what it is given.
 */
import { FORCE_CHAIN_COLOR } from '../render/palette';
import { formatNumber } from '../ui/dom';
import { colorBin, colorTable } from '../render/colormap';
import { sizeCanvas, type Bounds, type ViewTransform } from '../render/view-transform';
import { CONTACT_STRIDE, GRAIN_STRIDE } from './protocol';
import { drawnAt, pickDisc, type DiscState, type DrawnDisc, type DrawnDiscs } from '../render/disc-pick';
import { chainWidth, largestImpulse, niceTicks } from './scales';
import { grownViewMaxX, outOfReach, reachableRegion } from './view-range';

export const COLOR_BINS = 32;
/** plot margins, CSS px: room for the tick labels (embedded, the disc line keeps off them: ui/canvas-readout.ts) */
export const PAD = { left: 46, right: 12, top: 10, bottom: 34 } as const;
const BACKGROUND = '#ffffff';
const INK = '#1d2025';
const AXIS = '#5b6470';
const FLOOR_FILL = '#b8bdc4';
const FLOOR_STROKE = '#8b929b';
const WALL = '#30343b';
const CHAIN = FORCE_CHAIN_COLOR;
/** the village: a house in the palette's vermillion, drawn behind the grains */
const VILLAGE_FILL = '#f3c9b4';
const VILLAGE_STROKE = '#b4441a';
/** CSS px from the floor's top to the label's baseline: just above the house's roof */
const VILLAGE_LABEL_LIFT = 31;
/** grain opacity while force chains are drawn over them */
const FADED = 0.3;
/** rotation marks only where a grain is at least this many CSS px across */
const MARK_MIN_PX = 4;
/** below this many CSS px per mean grain diameter the canvas gets wider than a phone and scrolls */
const LEGIBLE_GRAIN_PX = 5;

export class AvalancheRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly colors = colorTable(COLOR_BINS);
  /** the whole scene: the floor, the column's height, imported segments */
  private bounds: Bounds = { minX: 0, minY: 0, maxX: 1, maxY: 0.3 };
  /** right edge (m) of the part shown now, and of the first view, which sizes the canvas */
  private viewMaxX = 1;
  private firstViewMaxX = 1;
  /** x (m) of the floor's last fixed disc's right edge */
  private floorEnd = 0;
  private radii: Float64Array = new Float64Array(0);
  private floor: Float64Array = new Float64Array(0);
  private grainCount = 0;
  private grains: Float64Array | null = null;
  private walls: Float64Array = new Float64Array(0);
  private contacts: Float64Array | null = null;
  private village: { x: number; base: number } | null = null;
  private speedMax = 1;
  /** mean diameter of the mobile grains (m) */
  private meanDiameter = 0;
  private cssWidth = 300;
  private cssHeight = 150;
  private dpr = 1;
  private transform: ViewTransform = { scale: 1, offsetX: 0, offsetY: 0 };
  /** what the last draw showed, for the grain under the pointer (each frame's block is its own) */
  private drawn: { grains: Float64Array | null; floor: Float64Array; radii: Float64Array; count: number; t: ViewTransform } | null = null;

  constructor(private readonly canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('2D canvas is not available');
    this.ctx = ctx;
  }

  /**
   * A new scenario: radii and initial positions of all bodies (grains first), the whole scene, the
   * right edge of the first view (m; initialViewMaxX), the top of the speed scale (m/s).
   */
  setScene(grains: number, radii: Float64Array, positions: Float64Array, bounds: Bounds, viewMaxX: number, speedMax: number): void {
    this.grainCount = grains;
    this.radii = radii;
    this.floor = positions;
    this.bounds = bounds;
    this.viewMaxX = this.firstViewMaxX = Math.min(bounds.maxX, Math.max(viewMaxX, bounds.minX + 1e-9));
    this.floorEnd = 0;
    for (let i = grains; i < radii.length; i++) this.floorEnd = Math.max(this.floorEnd, positions[2 * i]! + radii[i]!);
    let sum = 0;
    for (let i = 0; i < grains; ++i) sum += radii[i]!;
    this.meanDiameter = grains > 0 ? (2 * sum) / grains : 0;
    this.speedMax = speedMax > 0 ? speedMax : 1;
    this.grains = null;
    this.contacts = null;
    this.walls = new Float64Array(0);
    this.drawn = null;
  }

  /** the village at x (m) standing on the floor's top at height `base` (m), or null for none */
  setVillage(x: number | null, base: number): void {
    this.village = x === null ? null : { x, base };
  }

  setFrame(grains: Float64Array, walls: Float64Array): void {
    this.grains = grains;
    this.walls = walls;
    let front = -Infinity;
    const n = Math.min(this.grainCount, Math.floor(grains.length / GRAIN_STRIDE));
    for (let i = 0; i < n; i++) front = Math.max(front, grains[GRAIN_STRIDE * i]! + this.radii[i]!);
    this.viewMaxX = grownViewMaxX(this.viewMaxX, front, this.bounds);
  }

  /** the x range shown now (m) */
  viewRange(): { minX: number; maxX: number; floorEnd: number } {
    return { minX: this.bounds.minX, maxX: this.viewMaxX, floorEnd: this.floorEnd };
  }

  /** the part of the scene shown now, or the first view (which sizes the canvas: it keeps its size as the view widens) */
  private view(first = false): Bounds {
    const b = this.bounds;
    const maxX = first ? this.firstViewMaxX : this.viewMaxX;
    const pad = 0.02 * (maxX - b.minX); // a little room beside the wall and the view's edge
    return { minX: b.minX - pad, minY: b.minY, maxX: maxX + pad, maxY: b.maxY };
  }

  /** contact lines (5 x C) to draw as force chains, or null for none */
  setContacts(contacts: Float64Array | null): void {
    this.contacts = contacts;
  }

  /** the largest normal impulse drawn (N s), 0 when no force chains are shown */
  impulseMax(): number {
    return this.contacts ? largestImpulse(this.contacts, CONTACT_STRIDE) : 0;
  }

  aspect(cssWidth: number): number {
    const b = this.view(true);
    // the canvas height that gives equal axes once the margins are taken off
    const w = Math.max(cssWidth, PAD.left + PAD.right + 1);
    const h = ((b.maxY - b.minY) / (b.maxX - b.minX)) * (w - PAD.left - PAD.right) + PAD.top + PAD.bottom;
    return h / w;
  }

  /** the width that draws the mean grain LEGIBLE_GRAIN_PX across: a 1 m floor of 1 cm grains is 578 px */
  minWidth(): number {
    if (!(this.meanDiameter > 0)) return 0;
    const b = this.view(true);
    return PAD.left + PAD.right + ((b.maxX - b.minX) * LEGIBLE_GRAIN_PX) / this.meanDiameter;
  }

  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    ({ cssWidth: this.cssWidth, cssHeight: this.cssHeight, dpr: this.dpr } = sizeCanvas(this.canvas, cssWidth, cssHeight, dpr));
  }

  private fit(): ViewTransform {
    const b = this.view();
    const w = this.cssWidth - PAD.left - PAD.right;
    const h = this.cssHeight - PAD.top - PAD.bottom;
    const scale = Math.max(1e-9, Math.min(w / (b.maxX - b.minX), h / (b.maxY - b.minY)));
    return { scale, offsetX: PAD.left - b.minX * scale, offsetY: this.cssHeight - PAD.bottom + b.minY * scale };
  }

  draw(): void {
    const ctx = this.ctx;
    const t = (this.transform = this.fit());
    this.drawn = { grains: this.grains, floor: this.floor, radii: this.radii, count: this.grainCount, t };
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.cssWidth, this.cssHeight);
    this.drawAxes();
    // the scene stays inside the axes (a tall gate or slope is cut at the top)
    ctx.save();
    ctx.beginPath();
    ctx.rect(PAD.left, 0, this.cssWidth - PAD.left, this.cssHeight - PAD.bottom + 2);
    ctx.clip();
    this.drawFloor();
    this.drawVillage();
    this.drawGrains(t);
    this.drawWalls();
    this.drawContacts();
    this.drawVillageLabel();
    ctx.restore();
    this.drawFloorNote();
  }

  /** where the floor goes on beyond the view: "floor to x = 3 m →" at the axis' right end */
  private drawFloorNote(): void {
    if (this.viewMaxX >= this.bounds.maxX) return;
    const ctx = this.ctx;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillStyle = AXIS;
    const text = `floor to x = ${formatNumber(this.floorEnd, 3)} m →`;
    // not on a small canvas (an embed), where it would lie over the grains
    if (ctx.measureText(text).width > 0.35 * (this.x(this.viewMaxX) - this.x(this.bounds.minX))) return;
    // on the floor's top (minY is −R_min, the floor discs' centres at 0)
    ctx.fillText(text, this.x(this.viewMaxX), this.y(-this.bounds.minY) - 4);
  }

  private x(v: number): number {
    return this.transform.offsetX + v * this.transform.scale;
  }

  private y(v: number): number {
    return this.transform.offsetY - v * this.transform.scale;
  }

  private drawAxes(): void {
    const ctx = this.ctx;
    const view = this.view();
    // a view widened during the run leaves room above the scene: the y axis goes up to the top
    const b = { ...view, maxY: Math.max(view.maxY, view.minY + (this.cssHeight - PAD.top - PAD.bottom) / this.transform.scale) };
    const left = this.x(b.minX);
    const right = this.x(b.maxX);
    const bottom = this.y(b.minY);
    const top = this.y(b.maxY);
    ctx.strokeStyle = AXIS;
    ctx.fillStyle = AXIS;
    ctx.lineWidth = 1;
    ctx.font = '11px system-ui, sans-serif';
    ctx.beginPath();
    ctx.moveTo(left, top);
    ctx.lineTo(left, bottom + 0.5);
    ctx.lineTo(right, bottom + 0.5);
    const xTicks = niceTicks(b.minX, b.maxX, Math.max(2, Math.floor((right - left) / 70)));
    const yTicks = niceTicks(b.minY, b.maxY, Math.max(2, Math.floor((bottom - top) / 40)));
    for (const v of xTicks) {
      ctx.moveTo(this.x(v), bottom);
      ctx.lineTo(this.x(v), bottom + 5);
    }
    for (const v of yTicks) {
      ctx.moveTo(left - 5, this.y(v));
      ctx.lineTo(left, this.y(v));
    }
    ctx.stroke();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const v of xTicks) ctx.fillText(String(v), this.x(v), bottom + 7);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const v of yTicks) ctx.fillText(String(v), left - 7, this.y(v));
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText('x (m)', right, this.cssHeight - 1);
    ctx.save();
    ctx.translate(11, top);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText('y (m)', 0, 0);
    ctx.restore();
  }

  /** bodies the last draw showed: the grains (engine numbers 0 .. grains-1), then the fixed floor discs */
  drawnCount(): number {
    return this.drawn ? this.drawn.radii.length : 0;
  }

  /** a body's centre (m) as the last draw showed it (a grain not drawn yet: NaN) */
  private drawnX(i: number): number {
    const d = this.drawn!;
    return i < d.count ? (d.grains ? d.grains[GRAIN_STRIDE * i] ?? NaN : NaN) : d.floor[2 * i]!;
  }

  private drawnY(i: number): number {
    const d = this.drawn!;
    return i < d.count ? (d.grains ? d.grains[GRAIN_STRIDE * i + 1] ?? NaN : NaN) : d.floor[2 * i + 1]!;
  }

  /** the body drawn under canvas point (px, py) (CSS px) by the last draw, or -1 (`slop`: a finger's px); not in the margins */
  discAt(px: number, py: number, slop = 0): number {
    const d = this.drawn;
    if (!d || px < PAD.left || py > this.cssHeight - PAD.bottom + 2) return -1;
    const radii = d.radii;
    const discs: DrawnDiscs = { count: radii.length, x: (i) => this.drawnX(i), y: (i) => this.drawnY(i), r: (i) => radii[i]! };
    return pickDisc(discs, d.t, px, py, slop);
  }

  /** body i as the last draw showed it (a grain with its velocity and spin; a fixed floor disc without), in m and canvas CSS px */
  drawnDisc(i: number): DrawnDisc | null {
    const d = this.drawn;
    if (!d || !(i >= 0 && i < d.radii.length)) return null;
    const x = this.drawnX(i);
    const y = this.drawnY(i);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
    const g = d.grains;
    const grain = i < d.count && g !== null;
    const at = GRAIN_STRIDE * i;
    const state: DiscState = {
      kind: grain ? 'grain' : 'fixed floor disc', number: i, r: d.radii[i]!, x, y,
      vx: grain ? g[at + 4]! : null, vy: grain ? g[at + 5]! : null, spin: grain ? g[at + 6]! : null,
    };
    return drawnAt(state, d.t);
  }

  private circle(i: number, cx: number, cy: number): void {
    const r = this.radii[i]! * this.transform.scale;
    this.ctx.moveTo(cx + r, cy);
    this.ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  }

  private drawFloor(): void {
    const ctx = this.ctx;
    const p = this.floor;
    ctx.beginPath();
    for (let i = this.grainCount; i < this.radii.length; i++) this.circle(i, this.x(p[2 * i]!), this.y(p[2 * i + 1]!));
    ctx.fillStyle = FLOOR_FILL;
    ctx.fill();
    ctx.strokeStyle = FLOOR_STROKE;
    ctx.lineWidth = 0.75;
    ctx.stroke();
  }

  /** A house of fixed size at the village, behind the grains: a flow that reaches it covers it. */
  private drawVillage(): void {
    const v = this.village;
    if (!v) return;
    const ctx = this.ctx;
    const cx = this.x(v.x);
    const base = this.y(v.base);
    const w = 16;
    const h = 11;
    ctx.beginPath();
    ctx.moveTo(cx - w / 2, base);
    ctx.lineTo(cx - w / 2, base - h);
    ctx.lineTo(cx, base - h - 9);
    ctx.lineTo(cx + w / 2, base - h);
    ctx.lineTo(cx + w / 2, base);
    ctx.closePath();
    ctx.fillStyle = VILLAGE_FILL;
    ctx.fill();
    ctx.strokeStyle = VILLAGE_STROKE;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.fillStyle = VILLAGE_STROKE;
    ctx.fillRect(cx - 2.5, base - 6, 5, 6);
  }

  /** The village's label, over everything (with a light halo) so that it reads even when the flow has buried the house. */
  private drawVillageLabel(): void {
    const v = this.village;
    if (!v) return;
    const ctx = this.ctx;
    const cx = this.x(v.x);
    const y = this.y(v.base) - VILLAGE_LABEL_LIFT;
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.strokeText('village', cx, y);
    ctx.fillStyle = VILLAGE_STROKE;
    ctx.fillText('village', cx, y);
  }

  private drawGrains(t: ViewTransform): void {
    const g = this.grains;
    if (!g) return;
    const ctx = this.ctx;
    const n = Math.min(this.grainCount, Math.floor(g.length / GRAIN_STRIDE));
    const bins: number[][] = Array.from({ length: COLOR_BINS }, () => []);
    for (let i = 0; i < n; i++) bins[colorBin(g[GRAIN_STRIDE * i + 3]!, this.speedMax, COLOR_BINS)]!.push(i);
    // with force chains on, the grains step back so the chains read (not while there is none to read)
    ctx.globalAlpha = this.impulseMax() > 0 ? FADED : 1;
    bins.forEach((list, k) => {
      if (list.length === 0) return;
      ctx.beginPath();
      for (const i of list) this.circle(i, this.x(g[GRAIN_STRIDE * i]!), this.y(g[GRAIN_STRIDE * i + 1]!));
      ctx.fillStyle = this.colors[k]!;
      ctx.fill();
    });
    // outlines and rotation marks: a radius at the grain's angle (y up in the world, down here)
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const r = this.radii[i]! * t.scale;
      if (2 * r < MARK_MIN_PX) continue;
      const cx = this.x(g[GRAIN_STRIDE * i]!);
      const cy = this.y(g[GRAIN_STRIDE * i + 1]!);
      const a = g[GRAIN_STRIDE * i + 2]!;
      ctx.moveTo(cx, cy);
      ctx.lineTo(cx + r * Math.cos(a), cy - r * Math.sin(a));
    }
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.lineWidth = 1.25;
    ctx.stroke();
    ctx.beginPath();
    for (let i = 0; i < n; i++) this.circle(i, this.x(g[GRAIN_STRIDE * i]!), this.y(g[GRAIN_STRIDE * i + 1]!));
    ctx.strokeStyle = 'rgba(29, 32, 37, 0.55)';
    ctx.lineWidth = 0.6;
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  private drawWalls(): void {
    const ctx = this.ctx;
    const w = this.walls;
    ctx.beginPath();
    for (let k = 0; k + 3 < w.length; k += 4) {
      ctx.moveTo(this.x(w[k]!), this.y(w[k + 1]!));
      ctx.lineTo(this.x(w[k + 2]!), this.y(w[k + 3]!));
    }
    ctx.strokeStyle = WALL;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.stroke();
  }

  private drawContacts(): void {
    const c = this.contacts;
    if (!c || c.length === 0) return;
    const ctx = this.ctx;
    const max = largestImpulse(c, CONTACT_STRIDE);
    ctx.strokeStyle = CHAIN;
    ctx.lineCap = 'round';
    for (let k = 0; k + CONTACT_STRIDE - 1 < c.length; k += CONTACT_STRIDE) {
      const width = chainWidth(c[k + 4]!, max);
      if (width <= 0) continue;
      ctx.lineWidth = width;
      ctx.beginPath();
      ctx.moveTo(this.x(c[k]!), this.y(c[k + 1]!));
      ctx.lineTo(this.x(c[k + 2]!), this.y(c[k + 3]!));
      ctx.stroke();
    }
  }
}

/**
 * The whole scene: the floor (x from the left wall to the floor's end), the column's height with a
 * little room, and imported segments as far as the grains can reach (reachableRegion). Segments
 * anywhere within the scenario's ±1e4 m used to stretch the scene to their ends: a dam drawn in
 * millimetres made the view 370 m wide, the column a speck.
 */
export function sceneBounds(floorLength: number, columnHeight: number, floorRadius: number, walls: ArrayLike<number>): Bounds {
  const region = reachableRegion(floorLength, columnHeight);
  const clampX = (x: number): number => Math.min(region.maxX, Math.max(region.minX, x));
  const clampY = (y: number): number => Math.min(region.maxY, Math.max(region.minY, y));
  let minX = 0;
  let maxX = floorLength;
  let maxY = columnHeight;
  for (let k = 0; k + 3 < walls.length; k += 4) {
    const segment = [walls[k]!, walls[k + 1]!, walls[k + 2]!, walls[k + 3]!];
    if (outOfReach(segment, region)) continue;
    minX = Math.min(minX, clampX(walls[k]!), clampX(walls[k + 2]!));
    maxX = Math.max(maxX, clampX(walls[k]!), clampX(walls[k + 2]!));
    maxY = Math.max(maxY, clampY(walls[k + 1]!), clampY(walls[k + 3]!));
  }
  return { minX, minY: -floorRadius, maxX, maxY: maxY * 1.05 };
}
