/**
 * Which disc is drawn under the pointer on a simulation canvas, and the line that names it (pure).
 * The canvases draw discs with equal axes (render/view-transform.ts: one scale, y up), so a
 * pointer's canvas position (CSS px) maps back to a world position through the transform the frame
 * was drawn with; the disc hit is the one whose drawn circle holds the pointer (a finger gets a few
 * px of slack around small discs), the nearest centre where circles overlap. A linear scan: it
 * runs on pointer moves and on frames drawn under a still pointer, never per disc per frame.
 */
import { formatNumber } from '../ui/dom';
import { fromCanvasX, fromCanvasY, toCanvasX, toCanvasY, type ViewTransform } from './view-transform';

/** The discs as a frame drew them: count, and each one's centre and radius (m), read without allocating. */
export interface DrawnDiscs {
  count: number;
  x(i: number): number;
  y(i: number): number;
  r(i: number): number;
}

/** CSS px: a finger or a pen hits a disc drawn smaller than this (radius) within this distance of its centre */
export const TOUCH_SLOP_PX = 10;

/**
 * The index of the disc drawn under canvas point (px, py) (CSS px), or -1: the disc whose circle
 * (at least `slop` px in radius) holds the point, the nearest centre where several do. `minPx`: the
 * smallest radius a disc is drawn with (the comparison draws tiny discs 1.5 px wide).
 */
export function pickDisc(discs: DrawnDiscs, t: ViewTransform, px: number, py: number, slop = 0, minPx = 0): number {
  if (!(t.scale > 0) || !Number.isFinite(px) || !Number.isFinite(py)) return -1;
  const wx = fromCanvasX(t, px);
  const wy = fromCanvasY(t, py);
  const least = Math.max(slop, minPx) / t.scale;
  let best = -1;
  let bestD2 = Infinity;
  for (let i = 0; i < discs.count; i++) {
    const dx = discs.x(i) - wx;
    const dy = discs.y(i) - wy;
    const d2 = dx * dx + dy * dy;
    if (!(d2 < bestD2)) continue;
    const reach = Math.max(discs.r(i), least);
    if (d2 <= reach * reach) {
      best = i;
      bestD2 = d2;
    }
  }
  return best;
}

/** What the line says of a disc: its number and values as drawn (velocities and spin where the engine has them). */
export interface DiscState {
  /** "disc", "grain", "fixed floor disc" */
  kind: string;
  /** its number as the page numbers it (the engine's, as in its pickers, CSV and event log) */
  number: number;
  /** m */
  r: number;
  x: number;
  y: number;
  /** m/s; null: not written (a fixed disc) */
  vx: number | null;
  vy: number | null;
  /** rad/s; null: the engine has no spins (or the disc is fixed) */
  spin: number | null;
}

/** a disc as a canvas's last frame drew it: its values, its centre and radius in canvas CSS px */
export interface DrawnDisc {
  state: DiscState;
  px: number;
  py: number;
  pr: number;
  /**
   * CSS px from its centre: the outer edge of a mark the canvas draws round the disc (the
   * comparison's solid ring round the disc in its velocity plot); absent, none (pr). The pointer's
   * ring (ui/canvas-readout.ts) goes round it, leaving it in view.
   */
  outline?: number;
}

/** disc `state` where transform `t` draws it */
export function drawnAt(state: DiscState, t: ViewTransform): DrawnDisc {
  return { state, px: toCanvasX(t, state.x), py: toCanvasY(t, state.y), pr: state.r * t.scale };
}

/** a value with its unit, joined by no-break spaces: the line wraps between items only */
function item(name: string, v: number, unit: string, digits = 4): string {
  return `${name}\u00a0=\u00a0${formatNumber(v, digits)}\u00a0${unit}`;
}

/**
 * The line under a canvas: "disc 12 · r = 0.01 m · x = 0.512 m · y = 0.301 m · vx = 0.1 m/s · vy =
 * -0.2 m/s · |v| = 0.2236 m/s · ω = 1.2 rad/s" (no-break spaces inside each item), `engine` before
 * it where one line serves several canvases ("event-driven: disc 2 · …").
 */
export function discLine(d: DiscState, engine = ''): string {
  const items = [`${d.kind}\u00a0${d.number}`, item('r', d.r, 'm'), item('x', d.x, 'm'), item('y', d.y, 'm')];
  if (d.vx !== null && d.vy !== null) {
    items.push(item('vx', d.vx, 'm/s'), item('vy', d.vy, 'm/s'), item('|v|', Math.hypot(d.vx, d.vy), 'm/s'));
  }
  if (d.spin !== null) items.push(item('ω', d.spin, 'rad/s'));
  // the dot ends a row, never starts one
  const line = items.join('\u00a0· ');
  return engine === '' ? line : `${engine}: ${line}`;
}

/**
 * The line's short form, for a canvas too small to give the whole line room over it (embedded in a
 * small frame: ui/canvas-readout.ts): the disc's number and its speed to 3 significant digits,
 * "grain 64 · |v| = 0.0256 m/s" (`engine` before it as in discLine); a fixed disc, its number alone.
 * (With 4 digits, a 480 x 360 frame with a plot gave the line 168 px for a 165 px text: one more
 * character, as a longer number or engine name brings, was cut.)
 */
export function discBrief(d: DiscState, engine = ''): string {
  const items = [`${d.kind}\u00a0${d.number}`];
  if (d.vx !== null && d.vy !== null) items.push(item('|v|', Math.hypot(d.vx, d.vy), 'm/s', 3));
  const line = items.join('\u00a0· ');
  return engine === '' ? line : `${engine}: ${line}`;
}
