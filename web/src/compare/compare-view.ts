/**
 * The comparison's three canvases, one per engine, drawn to the same scale from the same region:
 * the walls, the discs in the engine's colour, disc numbers when they fit, the disc picked in the
 * velocity plot ringed in solid black (the disc under the pointer gets a dashed ring laid over the
 * canvas: ui/canvas-readout.ts), a 1 m scale bar in a strip of its own under the scene
 * (scene-layout.ts). Wide set-ups (the pair, the row) stack the
 * canvases; boxes (the gas, the pile) stand side by side. A fourth, off-screen canvas composes
 * the three with their names, for the PNG and WebM exports. No physics here.
 */
import { ENGINE_COLORS } from '../render/palette';
import { sizeCanvas, toCanvasX, toCanvasY, type Bounds } from '../render/view-transform';
import { plotRoomUnder } from '../plot/plot-view';
import { embedRoom, refitWithColumn } from '../ui/canvas-view';
import type { DrawnScene } from '../ui/canvas-readout';
import { pickDisc, type DrawnDiscs } from '../render/disc-pick';
import type { FrameView } from '../ui/frame-loop';
import { ENGINES, ENGINE_NAMES } from './protocol';
import { canvasSize, sceneLayout, SCALE_FONT, type Rect, type SceneLayout } from './scene-layout';

/** below this height / width the canvases are stacked */
const STACK_BELOW = 0.45;
/**
 * Embedded, the canvases' column gets at least this height (CSS px): 30 px for each of three stacked,
 * 90 px for boxes side by side. The other pages' 120 px (canvas-view.ts) held the three at 40 px each
 * stacked or 120 px side by side however little the frame left, and a 480 x 360 frame with a banner
 * of two rows above them (two address problems: compare.html?embed=1&plot=runout&until=abc) ran
 * 9-13 px past its bottom edge and scrolled, its status and link line cut off.
 */
const EMBED_LEAST = 90;
/**
 * Stacked above the plot (a portrait frame, 375 x 600), the three canvases get at least this height
 * together, 36 px each, and the plot's chart is counted at STACKED_CHART px instead of the other
 * pages' 150 (plotRoomUnder): at 30 px each the row was a 155 px strip of dots without numbers or a
 * scale, the head-on pair 62 px wide. 36 px is what the most crowded set-up leaves with the chart at
 * STACKED_CHART (the head-on pair, its controls on three rows); the row and the cradle, their controls
 * on two rows, get some 45 px, the row its full width.
 */
const STACKED_UNDER_LEAST = 108;
/** the chart's height counted under the stacked canvases (CSS px): 10 px above the least a chart is fitted at (120 px, plot-view.ts) */
const STACKED_CHART = 130;
const BACKGROUND = '#fbfbfc';
const WALL = '#1d2025';
/** the solid black ring round the disc in the velocity plot: CSS px wide, from the rim of a disc drawn at least PICKED_MIN px in radius */
const PICKED_WIDTH = 3;
const PICKED_MIN = 3;

interface Scene {
  count: number;
  radii: Float64Array;
  /** what is drawn now (it grows when discs leave it) */
  region: Bounds;
  /** the region at load: the canvases' shape */
  initial: Bounds;
  /** height / width at load */
  aspect: number;
  walls: Float64Array;
}

/** the smallest radius (px) a disc is drawn with, however far the view is zoomed out */
const MIN_DISC_PX = 3;

export class CompareView implements FrameView {
  private scene: Scene | null = null;
  private positions: Float64Array | null = null;
  private velocities: Float64Array | null = null;
  /** what the last draw showed, for the disc under the pointer (each frame's arrays are its own) */
  private drawn: { scene: Scene; positions: Float64Array; velocities: Float64Array | null; layouts: Array<SceneLayout | null>; selected: number } | null = null;
  /** after each draw (the disc under a still pointer is read again: ui/canvas-readout.ts) */
  onDraw: (() => void) | null = null;
  private selected = -1;
  private dirty = true;
  private dpr = window.devicePixelRatio || 1;
  /** the frame loop's: something new to draw */
  private wake: () => void = () => undefined;
  private sizes: Array<{ w: number; h: number; strip: boolean; margin: number }> = [];
  readonly composite = document.createElement('canvas');

  constructor(
    private readonly canvases: readonly HTMLCanvasElement[],
    private readonly wrap: HTMLElement,
    private readonly embed: boolean,
  ) {
    const fit = (): void => this.fit();
    new ResizeObserver(fit).observe(wrap);
    window.addEventListener('resize', fit);
    // the captions' counts grow while it runs and can wrap onto a second row
    if (embed) refitWithColumn(wrap, fit);
  }

  /** height / width of the canvases: the region at load */
  aspect(): number {
    return this.scene?.aspect ?? 1;
  }

  stacked(): boolean {
    return this.aspect() < STACK_BELOW;
  }

  setScene(count: number, radii: Float64Array, region: Float64Array, walls: Float64Array, positions: Float64Array): void {
    const bounds = { minX: region[0] ?? 0, minY: region[1] ?? 0, maxX: region[2] ?? 1, maxY: region[3] ?? 1 };
    const w = bounds.maxX - bounds.minX;
    const h = bounds.maxY - bounds.minY;
    this.scene = { count, radii, region: bounds, initial: bounds, aspect: w > 0 && h > 0 ? h / w : 1, walls };
    this.positions = positions;
    this.velocities = null;
    this.grow();
    this.wrap.classList.toggle('stacked', this.stacked());
    this.fit();
  }

  /** positions and velocities (3 x 2N each, engine by engine; m, m/s) */
  setPositions(positions: Float64Array, velocities: Float64Array | null = null): void {
    this.positions = positions;
    this.velocities = velocities;
    this.grow();
    this.invalidate();
  }

  /**
   * Widens the region (never narrows it) so that every disc of every engine stays in view: the
   * canvases keep their size, the scale shrinks. A box never needs it; a row whose discs run
   * further than the exact answer foresaw does.
   */
  private grow(): void {
    const scene = this.scene;
    const pos = this.positions;
    if (!scene || !pos) return;
    const r = scene.region;
    let { minX, minY, maxX, maxY } = r;
    for (let i = 0; i + 1 < pos.length; i += 2) {
      const x = pos[i] ?? NaN;
      const y = pos[i + 1] ?? NaN;
      // half a radius of slack: a soft disc pressed into a wall must not zoom the view out
      const rad = 0.5 * (scene.radii[(i / 2) % Math.max(1, scene.count)] ?? 0);
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      minX = Math.min(minX, x - rad);
      maxX = Math.max(maxX, x + rad);
      minY = Math.min(minY, y - rad);
      maxY = Math.max(maxY, y + rad);
    }
    if (minX === r.minX && maxX === r.maxX && minY === r.minY && maxY === r.maxY) return;
    const slack = 0.1 * Math.max(maxX - minX, maxY - minY);
    scene.region = {
      minX: minX < r.minX ? minX - slack : r.minX,
      minY: minY < r.minY ? minY - slack : r.minY,
      maxX: maxX > r.maxX ? maxX + slack : r.maxX,
      maxY: maxY > r.maxY ? maxY + slack : r.maxY,
    };
  }

  /** the disc ringed in every canvas (0-based; -1: none) */
  select(disc: number): void {
    if (disc === this.selected) return;
    this.selected = disc;
    this.invalidate();
  }

  fit(): void {
    this.dpr = window.devicePixelRatio || 1;
    const aspect = this.aspect();
    const stacked = this.stacked();
    // embedded: what the frame leaves besides the controls, the captions and the status line
    const heights = this.canvases.map((canvas) => canvas.getBoundingClientRect().height);
    const drawn = stacked ? heights.reduce((sum, h) => sum + h, 0) : Math.max(0, ...heights);
    const stage = this.wrap.closest<HTMLElement>('.stage');
    // stacked above the plot: what it needs below them, measured once, with its chart at STACKED_CHART
    const under = this.embed && stacked && stage !== null ? plotRoomUnder(stage, STACKED_CHART) : null;
    const room = this.embed ? (under !== null ? embedRoom(this.wrap, drawn, STACKED_UNDER_LEAST, under) : embedRoom(this.wrap, drawn, EMBED_LEAST)) : window.innerHeight * 0.62;
    const maxHeight = this.embed ? room / (stacked ? 3 : 1) : Math.max(120, room / (stacked ? 3 : 1));
    const region = this.scene?.initial ?? { minX: 0, minY: 0, maxX: 1, maxY: aspect };
    this.sizes = this.canvases.map((canvas) => {
      const box = canvas.parentElement ?? this.wrap;
      // never wider than its column: three 120 px canvases overlapped in a phone's 110 px columns
      const size = canvasSize(region, Math.max(40, Math.floor(box.clientWidth)), maxHeight);
      canvas.style.width = `${size.w}px`;
      canvas.style.height = `${size.h}px`;
      sizeCanvas(canvas, size.w, size.h, this.dpr);
      return size;
    });
    this.invalidate();
  }

  setWake(wake: () => void): void {
    this.wake = wake;
  }

  /** something new to draw on the next animation frame */
  private invalidate(): void {
    this.dirty = true;
    this.wake();
  }

  update(): void {
    if ((window.devicePixelRatio || 1) !== this.dpr) this.fit();
    if (!this.dirty) return;
    this.dirty = false;
    this.canvases.forEach((canvas, k) => this.draw(canvas, k));
    this.compose();
    this.drawn =
      this.scene && this.positions
        ? { scene: this.scene, positions: this.positions, velocities: this.velocities, layouts: this.canvases.map((_, k) => this.layout(k)), selected: this.selected }
        : null;
    this.onDraw?.();
  }

  /** canvas k's discs as the last draw showed them, numbered from 1 as the canvases and the velocity plot's picker number them */
  drawnScene(k: number): DrawnScene {
    const at = (i: number): number => {
      const d = this.drawn;
      return d ? k * 2 * d.scene.count + 2 * i : 0;
    };
    return {
      drawnCount: () => this.drawn?.scene.count ?? 0,
      discAt: (px, py, slop) => {
        const d = this.drawn;
        const layout = d?.layouts[k];
        if (!d || !layout) return -1;
        const p = d.positions;
        const radii = d.scene.radii;
        const discs: DrawnDiscs = { count: d.scene.count, x: (i) => p[at(i)] ?? NaN, y: (i) => p[at(i) + 1] ?? NaN, r: (i) => radii[i] ?? 0 };
        // tiny discs are drawn 1.5 px in radius at least
        return pickDisc(discs, layout.transform, px, py, slop, 1.5);
      },
      drawnDisc: (i) => {
        const d = this.drawn;
        const t = d?.layouts[k]?.transform;
        if (!d || !t || !(i >= 0 && i < d.scene.count)) return null;
        const x = d.positions[at(i)] ?? NaN;
        const y = d.positions[at(i) + 1] ?? NaN;
        if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
        const v = d.velocities;
        const r = d.scene.radii[i] ?? 0;
        return {
          // no ω: every engine here is frictionless and starts without spin, so no disc ever turns (docs/compare.md)
          state: { kind: 'disc', number: i + 1, r, x, y, vx: v ? v[at(i)] ?? NaN : null, vy: v ? v[at(i) + 1] ?? NaN : null, spin: null },
          px: toCanvasX(t, x),
          py: toCanvasY(t, y),
          pr: Math.max(1.5, r * t.scale),
          // the velocity plot's disc: the pointer's ring goes round its solid ring, both in view
          ...(i === d.selected ? { outline: Math.max(PICKED_MIN, r * t.scale) + PICKED_WIDTH } : {}),
        };
      },
    };
  }

  private layout(k: number): SceneLayout | null {
    const scene = this.scene;
    const size = this.sizes[k];
    if (!scene || !size) return null;
    return sceneLayout(scene.region, size.w, size.h, size.strip, size.margin);
  }

  /** for the tests: per canvas, its box, the scene and the scale bar in page px (the bar null when not drawn) */
  boxes(): Array<{ canvas: Rect; scene: Rect; bar: Rect | null }> {
    return this.canvases.map((canvas, k) => {
      const layout = this.layout(k);
      const at = canvas.getBoundingClientRect();
      const x = at.left + window.scrollX;
      const y = at.top + window.scrollY;
      const shift = (r: Rect): Rect => ({ x: r.x + x, y: r.y + y, w: r.w, h: r.h });
      const none = { x: 0, y: 0, w: 0, h: 0 };
      return { canvas: { x, y, w: at.width, h: at.height }, scene: shift(layout?.scene ?? none), bar: layout?.bar ? shift(layout.bar) : null };
    });
  }

  private draw(canvas: HTMLCanvasElement, k: number): void {
    const ctx = canvas.getContext('2d');
    const scene = this.scene;
    const size = this.sizes[k];
    const layout = this.layout(k);
    if (!ctx || !size) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, size.w, size.h);
    if (!scene || !layout) return;
    const t = layout.transform;
    // walls
    ctx.strokeStyle = WALL;
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (let i = 0; i + 3 < scene.walls.length; i += 4) {
      ctx.moveTo(toCanvasX(t, scene.walls[i]!), toCanvasY(t, scene.walls[i + 1]!));
      ctx.lineTo(toCanvasX(t, scene.walls[i + 2]!), toCanvasY(t, scene.walls[i + 3]!));
    }
    ctx.stroke();
    // discs
    const key = ENGINES[k] ?? 'event';
    const pos = this.positions;
    const n = scene.count;
    const base = k * 2 * n;
    const label = n <= 12;
    ctx.fillStyle = ENGINE_COLORS[key];
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1;
    for (let i = 0; pos && i < n; i++) {
      const x = pos[base + 2 * i];
      const y = pos[base + 2 * i + 1];
      if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
      const r = Math.max(MIN_DISC_PX, (scene.radii[i] ?? 0) * t.scale);
      ctx.beginPath();
      ctx.arc(toCanvasX(t, x), toCanvasY(t, y), r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    }
    if (pos && this.selected >= 0 && this.selected < n) {
      const x = pos[base + 2 * this.selected] ?? NaN;
      const y = pos[base + 2 * this.selected + 1] ?? NaN;
      if (Number.isFinite(x) && Number.isFinite(y)) {
        ctx.strokeStyle = '#000000';
        ctx.lineWidth = PICKED_WIDTH;
        ctx.beginPath();
        ctx.arc(toCanvasX(t, x), toCanvasY(t, y), Math.max(PICKED_MIN, (scene.radii[this.selected] ?? 0) * t.scale) + PICKED_WIDTH / 2, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    if (label && pos) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      // numbers inside discs large enough to hold them; above smaller ones (the row at e = 0.9 spans
      // some 430 m, its discs a few px: they had no numbers), each where it does not cover another
      const taken: Array<{ x0: number; x1: number; y: number }> = [];
      for (let i = 0; i < n; i++) {
        const x = toCanvasX(t, pos[base + 2 * i] ?? NaN);
        const y = toCanvasY(t, pos[base + 2 * i + 1] ?? NaN);
        if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
        const r = (scene.radii[i] ?? 0) * t.scale;
        if (r >= 9) {
          ctx.fillStyle = '#ffffff';
          ctx.font = `600 ${Math.round(Math.min(18, r))}px system-ui, sans-serif`;
          ctx.fillText(String(i + 1), x, y);
          continue;
        }
        const above = y - Math.max(MIN_DISC_PX, r) - 8;
        const half = 4 * String(i + 1).length + 2;
        if (above < 6 || taken.some((b) => Math.abs(b.y - above) < 12 && x + half > b.x0 && x - half < b.x1)) continue;
        taken.push({ x0: x - half, x1: x + half, y: above });
        ctx.fillStyle = WALL;
        ctx.font = '600 11px system-ui, sans-serif';
        ctx.fillText(String(i + 1), x, above);
      }
    }
    // the scale bar (1 m, or longer where 1 m is too short to see) in its strip under the scene, left
    const bar = layout.bar;
    if (bar) {
      const x0 = bar.x;
      const y0 = bar.y + bar.h / 2 + 2;
      const length = layout.barMetres * t.scale;
      ctx.strokeStyle = WALL;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x0 + length, y0);
      ctx.moveTo(x0, y0 - 4);
      ctx.lineTo(x0, y0 + 2);
      ctx.moveTo(x0 + length, y0 - 4);
      ctx.lineTo(x0 + length, y0 + 2);
      ctx.stroke();
      ctx.fillStyle = WALL;
      ctx.font = SCALE_FONT;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(`${layout.barMetres} m`, x0 + length + 5, y0 - 1);
    }
  }

  /** the three canvases with their engines' names, stacked or side by side, for the exports */
  private compose(): void {
    const labelH = Math.round(20 * this.dpr);
    const parts = this.canvases.map((c) => ({ c, w: c.width, h: c.height }));
    const stacked = this.stacked();
    const width = stacked ? Math.max(...parts.map((p) => p.w)) : parts.reduce((s, p) => s + p.w, 0);
    const height = stacked ? parts.reduce((s, p) => s + p.h + labelH, 0) : Math.max(...parts.map((p) => p.h)) + labelH;
    if (this.composite.width !== width) this.composite.width = width;
    if (this.composite.height !== height) this.composite.height = height;
    const ctx = this.composite.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.font = `600 ${Math.round(13 * this.dpr)}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    let x = 0;
    let y = 0;
    parts.forEach((p, k) => {
      const key = ENGINES[k] ?? 'event';
      ctx.fillStyle = ENGINE_COLORS[key];
      ctx.fillText(ENGINE_NAMES[key], x + 6 * this.dpr, y + labelH / 2);
      ctx.drawImage(p.c, x, y + labelH);
      if (stacked) y += p.h + labelH;
      else x += p.w;
    });
  }
}
