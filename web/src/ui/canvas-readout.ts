/**
 * The disc under the pointer, named on one line under a simulation canvas (or one line under the
 * comparison's three): its number and values as the frame drew them (render/disc-pick.ts). A mouse
 * is followed while it is over a canvas and the line empties when it leaves; a tap (a finger or a
 * pen) reads the disc under it until a touch elsewhere or a scroll, as the plots' read-out does
 * (plot/hover-readout.ts). While the run plays under a still pointer, the line follows the frames
 * drawn (refresh after each draw). The line's room is reserved whether it shows anything or not
 * (its rows set by its width, never by its text), so nothing under it moves; it is aria-hidden (the
 * data are in the CSV and the event log) and takes no pointer events. Embedded (?embed=1), where the
 * frame has no row to spare, the line takes no room: it shows over the canvas, on white, at its
 * bottom, or at its top while the pointer is in the lower half (never over the disc it names).
 */
import { discLine, TOUCH_SLOP_PX, type DiscState } from '../render/disc-pick';
import type { CanvasProbe } from './test-hook';

/** a canvas the line reads: `read` names the disc drawn under canvas point (px, py) (CSS px), or '' */
export interface ReadTarget {
  el: HTMLElement;
  read(px: number, py: number, touch: boolean): string;
}

/** CSS px: a line at least this wide has one row, at least ROW_2_FROM two, else three */
export const ROW_1_FROM = 820;
export const ROW_2_FROM = 400;

/** the rows a line `width` CSS px wide reserves (at most: embedded, over the canvas, it takes those it needs) */
export function readoutRows(width: number): number {
  return width >= ROW_1_FROM ? 1 : width >= ROW_2_FROM ? 2 : 3;
}

export class CanvasReadout {
  readonly line: HTMLElement = document.createElement('div');
  /** the target under the pointer (-1: none) and the pointer's place in the window */
  private target = -1;
  private clientX = 0;
  private clientY = 0;
  private touched = false;
  private written = '';

  /** the line goes right after `wrap` (the canvas' wrapper); embedded, over it */
  constructor(private readonly wrap: HTMLElement, private readonly targets: readonly ReadTarget[], private readonly embed: boolean) {
    this.line.className = 'canvas-readout';
    this.line.setAttribute('aria-hidden', 'true');
    if (embed) wrap.append(this.line);
    else wrap.after(this.line);
    const rows = (): void => {
      const n = readoutRows(this.line.clientWidth);
      this.line.dataset['rows'] = String(n);
    };
    rows();
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(rows).observe(this.line);
    targets.forEach((t, k) => {
      const follow = (e: PointerEvent): void => {
        this.target = k;
        this.clientX = e.clientX;
        this.clientY = e.clientY;
        this.touched = e.pointerType !== 'mouse';
        this.refresh();
      };
      t.el.addEventListener('pointermove', follow);
      t.el.addEventListener('pointerdown', follow);
      // a finger leaves on lifting: its disc stays named until a touch elsewhere or a scroll
      t.el.addEventListener('pointerleave', (e) => {
        if (e.pointerType === 'mouse' && this.target === k) this.clear();
      });
      t.el.addEventListener('pointercancel', () => {
        if (this.touched) this.clear();
      });
    });
    document.addEventListener(
      'pointerdown',
      (e) => {
        if (e.pointerType === 'mouse' || !this.touched) return;
        if (!(e.target instanceof Node && this.targets.some((t) => t.el.contains(e.target as Node)))) this.clear();
      },
      true,
    );
    document.addEventListener(
      'scroll',
      () => {
        if (this.touched) this.clear();
      },
      { capture: true, passive: true },
    );
  }

  /** reads the disc under the pointer again (a frame was drawn); nothing to do with no pointer over a canvas */
  refresh(): void {
    const t = this.targets[this.target];
    if (!t) return;
    const box = t.el.getBoundingClientRect();
    const px = this.clientX - box.left;
    const py = this.clientY - box.top;
    const inside = px >= 0 && py >= 0 && px <= box.width && py <= box.height;
    if (this.embed) {
      const room = this.wrap.getBoundingClientRect();
      const top = this.clientY > room.top + room.height / 2;
      if (this.line.classList.contains('at-top') !== top) this.line.classList.toggle('at-top', top);
    }
    this.show(inside ? t.read(px, py, this.touched) : '');
  }

  private clear(): void {
    this.target = -1;
    this.touched = false;
    this.show('');
  }

  private show(text: string): void {
    if (text === this.written) return;
    this.written = text;
    this.line.textContent = text;
  }
}

/** a disc as a canvas's last frame drew it: its values, its centre and radius in canvas CSS px */
export interface DrawnDisc {
  state: DiscState;
  px: number;
  py: number;
  pr: number;
}

/** what a canvas (its renderer) tells of the discs its last frame drew */
export interface DrawnScene {
  /** the disc (index as drawnDisc takes it) under canvas point (px, py) (CSS px), or -1; `slop`: a finger's px */
  discAt(px: number, py: number, slop: number): number;
  drawnDisc(i: number): DrawnDisc | null;
  drawnCount(): number;
}

/** canvas `el` read through its scene: the disc under the pointer's line (`engine` before it where one line serves several canvases) */
export function discTarget(el: HTMLElement, scene: DrawnScene, engine = ''): ReadTarget {
  return {
    el,
    read: (px, py, touch) => {
      const i = scene.discAt(px, py, touch ? TOUCH_SLOP_PX : 0);
      const disc = i >= 0 ? scene.drawnDisc(i) : null;
      return disc ? discLine(disc.state, engine) : '';
    },
  };
}

/** the test hook's view of the discs drawn on canvases `els` by `scenes` (same order) */
export function canvasProbe(els: readonly HTMLElement[], scenes: readonly DrawnScene[]): CanvasProbe {
  return {
    count: (k) => scenes[k]?.drawnCount() ?? 0,
    disc: (k, i) => {
      const d = scenes[k]?.drawnDisc(i);
      const el = els[k];
      if (!d || !el) return null;
      const box = el.getBoundingClientRect();
      return { state: d.state, clientX: box.left + d.px, clientY: box.top + d.py, radiusPx: d.pr };
    },
  };
}
