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
 * bottom, or at its top while the pointer is in the lower half (never over the disc it names; on
 * a canvas with axes, the avalanche's, inside its plot area, never over the axes' labels), in
 * no more rows than cover a quarter of a canvas's height (embedRows; half of it over stacked canvases,
 * where it covers another canvas than the one it names); where the whole line needs
 * more, it gives the disc's number and speed alone (discBrief), and keeps to that short form while the
 * canvas keeps its size, so that the form does not change from disc to disc (in a 480 x 360 frame
 * with a plot the avalanche's line took three rows, half its canvas, and still lost ω to the ellipsis).
 *
 * While the line names a disc, a ring marks it on its canvas (a dense gas or a pile of grains left
 * the line the only clue to which disc it named): a dashed ring, dark dashes on a white band edged
 * in white, just outside the disc's rim, seen on any disc colour and on the background, following
 * the disc from frame to frame and gone when the line empties. Dashed, so that it is not taken for
 * a solid ring a renderer draws (the comparison's black ring round the disc in its velocity plot). It is an element laid over the canvas (clipped to it), never
 * drawn on it, so the canvas's PNG and WebM recording (ui/canvas-export.ts copies and captures the
 * canvas) leave it out; on the comparison it is on the canvas of the engine the line names.
 */
import { discBrief, discLine, TOUCH_SLOP_PX, type DrawnDisc } from '../render/disc-pick';
import type { CanvasProbe } from './test-hook';
import { onTouchAway } from './touch-away';

/** what the line says of a disc drawn on a canvas, and where the disc is drawn (its centre, and its radius with any mark drawn round it, canvas CSS px) */
export interface Reading {
  text: string;
  /** its short form (the disc's number and speed), for an embedded canvas too small for the whole line */
  brief: string;
  px: number;
  py: number;
  pr: number;
}

/** CSS px round a canvas's plot area, where it draws its axes' tick labels and names */
export interface Insets {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** a canvas the line reads: `read` names the disc drawn under canvas point (px, py) (CSS px), or null */
export interface ReadTarget {
  el: HTMLElement;
  read(px: number, py: number, touch: boolean): Reading | null;
  /**
   * the margins round its plot area that hold its axes' labels (the avalanche's): embedded, the line
   * lies inside them, never over the labels
   */
  insets?: Insets;
}

/** CSS px: the ring's white inner band starts this far outside the disc's rim, or a mark drawn round it (ring widths: styles.css .disc-ring) */
export const RING_GAP_PX = 2;
/** CSS px: its white inner band, then its dashed band (dark dashes, white between them; then 1 px of white) */
export const RING_WHITE_PX = 2;
export const RING_DARK_PX = 3;
/** the dashes' colour (the page's ink) */
export const RING_DARK = '#1d2025';

/** CSS px: a line at least this wide has one row, at least ROW_2_FROM two, else three */
export const ROW_1_FROM = 820;
export const ROW_2_FROM = 400;

/** the rows a line `width` CSS px wide reserves (at most: embedded, over the canvas, it takes those it needs) */
export function readoutRows(width: number): number {
  return width >= ROW_1_FROM ? 1 : width >= ROW_2_FROM ? 2 : 3;
}

/** embedded, the line over a canvas covers at most this fraction of its height (at least one row) */
export const EMBED_COVER = 0.25;
/**
 * and over canvases stacked in a column (the comparison's three, for a row or a pair), where it lies
 * over another canvas than the one it names (at the column's bottom, or its top while the pointer is
 * in the lower half), at most this fraction of that canvas: a quarter of their 74 px in a 900 x 560
 * frame with a plot left the line one row, its short form, where the whole line had two and the
 * engines' signed velocities (the row's -0.5, 0.5 m/s) were lost to |v|
 */
export const EMBED_COVER_OTHER = 0.5;

/**
 * The rows the line may take embedded, over a canvas `height` CSS px tall, its rows `rowPx` each:
 * those its width reserves (readoutRows), no more than cover the fraction `cover` of the height, at least one.
 */
export function embedRows(width: number, height: number, rowPx: number, cover = EMBED_COVER): number {
  const most = rowPx > 0 ? Math.floor((height * cover) / rowPx) : 1;
  return Math.min(readoutRows(width), Math.max(1, most));
}

/** canvas boxes one under the other, none beside another (a line over their column lies over one other than the pointer's) */
export function stackedBoxes(boxes: ReadonlyArray<{ top: number; bottom: number }>): boolean {
  return boxes.length > 1 && boxes.every((b, k) => k === 0 || b.top >= boxes[k - 1]!.bottom);
}

export class CanvasReadout {
  readonly line: HTMLElement = document.createElement('div');
  /** the target under the pointer (-1: none) and the pointer's place in the window */
  private target = -1;
  private clientX = 0;
  private clientY = 0;
  private touched = false;
  private written = '';
  /** embedded: the line shows its short form (the whole one did not fit its rows at this size) */
  private brief = false;
  /** the line's width and rows the short form was chosen at: another size tries the whole line again */
  private sizedAs = '';
  /** over the canvas of the disc named, clipped to it: the ring round that disc */
  private readonly ringBox: HTMLElement = document.createElement('div');
  private readonly ring: HTMLElement = document.createElement('div');
  /** where the ring was last put ('' hidden): nothing is written again while it stays put */
  private ringAt = '';

  /** the line goes right after `wrap` (the canvas' wrapper); embedded, over it */
  constructor(private readonly wrap: HTMLElement, private readonly targets: readonly ReadTarget[], private readonly embed: boolean) {
    this.line.className = 'canvas-readout';
    this.line.setAttribute('aria-hidden', 'true');
    if (embed) wrap.append(this.line);
    else wrap.after(this.line);
    this.ringBox.className = 'disc-ring-box';
    this.ringBox.setAttribute('aria-hidden', 'true');
    this.ringBox.hidden = true;
    this.ring.className = 'disc-ring';
    this.ringBox.append(this.ring);
    wrap.append(this.ringBox);
    const rows = (): void => {
      const width = this.line.clientWidth;
      // the comparison's line lies over one of its three canvases (they have one height): stacked, one
      // the pointer is not on
      const height = Math.max(0, ...targets.map((t) => t.el.clientHeight));
      const cover = stackedBoxes(targets.map((t) => t.el.getBoundingClientRect())) ? EMBED_COVER_OTHER : EMBED_COVER;
      const n = embed ? embedRows(width, height, parseFloat(getComputedStyle(this.line).lineHeight), cover) : readoutRows(width);
      this.line.dataset['rows'] = String(n);
      const size = `${width} ${n}`;
      if (size === this.sizedAs) return;
      this.sizedAs = size;
      if (this.brief) {
        this.brief = false;
        this.refresh();
      }
    };
    rows();
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(rows);
      observer.observe(this.line);
      // embedded, the rows follow the canvases' height too
      if (embed) targets.forEach((t) => observer.observe(t.el));
    }
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
    onTouchAway((n) => this.targets.some((t) => t.el.contains(n)), () => this.touched, () => this.clear());
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
      if (t.insets) this.keepOffLabels(t.insets, box, room, top);
    }
    const reading = inside ? t.read(px, py, this.touched) : null;
    this.show(reading);
    this.placeRing(reading ? t.el : null, box, reading);
  }

  /**
   * Embedded, over a canvas with axes: the line inside its plot area, clear of the tick labels (at the
   * canvas's bottom, over a small avalanche, the line hid its x axis's labels and name)
   */
  private keepOffLabels(insets: Insets, box: DOMRect, room: DOMRect, top: boolean): void {
    const w = this.wrap;
    const left = box.left - room.left - w.clientLeft + insets.left;
    const at = top ? box.top - room.top - w.clientTop + insets.top : room.bottom - box.bottom - (room.height - w.clientTop - w.clientHeight) + insets.bottom;
    const s = this.line.style;
    s.left = `${Math.max(0, left)}px`;
    s.top = top ? `${at}px` : 'auto';
    s.bottom = top ? 'auto' : `${at}px`;
  }

  private clear(): void {
    this.target = -1;
    this.touched = false;
    this.show(null);
    this.placeRing(null, null, null);
  }

  private show(reading: Reading | null): void {
    this.write(reading === null ? '' : this.brief ? reading.brief : reading.text);
    // embedded, the whole line cut to its rows: the short form, from now on at this size
    if (reading && this.embed && !this.brief && this.overflows()) {
      this.brief = true;
      this.write(reading.brief);
    }
  }

  private write(text: string): void {
    if (text === this.written) return;
    this.written = text;
    this.line.textContent = text;
  }

  /** the line's text runs past its rows (cut with an ellipsis) */
  private overflows(): boolean {
    const l = this.line;
    return l.scrollHeight > l.clientHeight + 1 || l.scrollWidth > l.clientWidth + 1;
  }

  /** the ring round disc `d` on canvas `el` (its box `box` in the window), or none */
  private placeRing(el: HTMLElement | null, box: DOMRect | null, d: Reading | null): void {
    if (!el || !box || !d) {
      if (this.ringAt !== '') this.ringBox.hidden = true;
      this.ringAt = '';
      return;
    }
    // the box over the canvas, in the wrapper's (scrolled) coordinates
    const room = this.wrap.getBoundingClientRect();
    const left = box.left - room.left - this.wrap.clientLeft + this.wrap.scrollLeft;
    const top = box.top - room.top - this.wrap.clientTop + this.wrap.scrollTop;
    const outer = d.pr + RING_GAP_PX + RING_WHITE_PX + RING_DARK_PX;
    const at = `${left} ${top} ${box.width} ${box.height} ${d.px} ${d.py} ${outer}`;
    if (at === this.ringAt) return;
    this.ringAt = at;
    const b = this.ringBox.style;
    b.left = `${left}px`;
    b.top = `${top}px`;
    b.width = `${box.width}px`;
    b.height = `${box.height}px`;
    const r = this.ring.style;
    r.left = `${d.px - outer}px`;
    r.top = `${d.py - outer}px`;
    r.width = r.height = `${2 * outer}px`;
    this.ringBox.hidden = false;
  }
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
      return disc ? { text: discLine(disc.state, engine), brief: discBrief(disc.state, engine), px: disc.px, py: disc.py, pr: disc.outline ?? disc.pr } : null;
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
      return { state: d.state, clientX: box.left + d.px, clientY: box.top + d.py, radiusPx: d.pr, outlinePx: d.outline ?? d.pr };
    },
  };
}
