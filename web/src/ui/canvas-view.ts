/** The simulation canvas: sized to its wrapper (and the window), redrawn on the next animation frame when asked. */
import { plotRoomUnder } from '../plot/plot-view';
import { el } from './dom';
import { PHONE_WIDTH } from './page-layout';

/** the canvas never gets taller than this fraction of the window */
const MAX_CANVAS_HEIGHT = 0.72;
/** nor wider than this (CSS px) to keep a scene legible */
const MAX_SCROLL_WIDTH = 2000;
/** embedded, the canvases get at least this height (CSS px) however small the frame */
const EMBED_MIN_HEIGHT = 120;

/**
 * Embedded (?embed=1): the height (CSS px) the frame leaves for the canvases in `wrap`, which now
 * take `drawn` px of it: the window's height less everything else in their column (the controls
 * above, a colour legend and the status line below, the layout's padding, or the plot under the
 * column in a portrait frame, its chart at its least: plotRoomUnder, or `below` where the caller has
 * measured it already with a chart of its own), and at least `least`. A
 * fixed allowance (the window less 150 px) ran the column past the bottom of a small frame once the
 * plot beside the canvas narrowed it and the controls took three rows.
 */
export function embedRoom(wrap: HTMLElement, drawn: number, least = EMBED_MIN_HEIGHT, below?: number): number {
  const stage = wrap.closest<HTMLElement>('.stage') ?? wrap;
  const box = stage.getBoundingClientRect();
  const layout = stage.parentElement;
  const padding = layout ? parseFloat(getComputedStyle(layout).paddingBottom) || 0 : 0;
  const under = below ?? plotRoomUnder(stage) ?? padding;
  return Math.max(least, window.innerHeight - (box.top + window.scrollY) - (box.height - drawn) - under);
}

export interface SceneRenderer {
  /** height / width of the scene drawn `cssWidth` px wide (margins for tick labels do not scale) */
  aspect(cssWidth: number): number;
  /**
   * The narrowest CSS width at which the scene is still legible. On a phone, a wrapper narrower
   * than this gets a canvas this wide that scrolls sideways in it (wider screens always show the
   * whole scene); leave out for scenes that shrink well.
   */
  minWidth?(): number;
  resize(width: number, height: number, dpr: number): void;
  draw(): void;
}

/**
 * Embedded: `fit` again (on the next frame, not inside the observer's callback) whenever the
 * canvas's column changes height for a reason of its own: the colour legend's tick labels come with
 * the first frame, a caption or the status line wraps onto another row; and whenever the plots
 * change height, which under the column (a portrait frame) leave it the rest of the frame: the chart
 * is built, a picker or the legend takes another row. A refit that keeps the room the same changes
 * nothing further (the room leaves the chart its least height, whatever height it has now).
 */
export function refitWithColumn(wrap: HTMLElement, fit: () => void): void {
  const stage = wrap.closest<HTMLElement>('.stage');
  if (!stage) return;
  const observer = new ResizeObserver(() => requestAnimationFrame(fit));
  observer.observe(stage);
  const plots = stage.parentElement?.querySelector(':scope > .plots');
  if (plots) observer.observe(plots);
}

/**
 * The line under a canvas that scrolls sideways, by where it is scrolled (its left edge, its width,
 * the canvas's): which way the rest of the scene lies. Phones browsers draw no scrollbar, and the
 * avalanche's floor was cut mid-label ("floor to x = 1") with nothing saying there was more.
 */
export function sceneScrollHint(scrollLeft: number, clientWidth: number, scrollWidth: number): string {
  const left = scrollLeft > 1;
  const right = scrollLeft + clientWidth < scrollWidth - 1;
  if (!left && !right) return '';
  const way = left && right ? 'sideways' : right ? 'right' : 'left';
  return `The scene is wider than the screen, to keep its grains legible: scroll it ${way} to see the rest.`;
}

export class CanvasView {
  private needsDraw = true;
  /** under the canvas while it scrolls sideways: which way the rest is (sceneScrollHint) */
  private scrollHint: HTMLParagraphElement | null = null;
  private dpr = window.devicePixelRatio || 1;
  /** the frame loop's: something new to draw */
  private wake: () => void = () => undefined;
  /** after each draw (the disc under a still pointer is read again: ui/canvas-readout.ts) */
  onDraw: (() => void) | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly wrap: HTMLElement,
    private readonly renderer: SceneRenderer,
    /** embed: the canvas fits the frame below the controls (the plot sits beside it when wide) */
    private readonly embed: boolean,
  ) {
    const fit = (): void => this.fit();
    new ResizeObserver(fit).observe(wrap);
    window.addEventListener('resize', fit);
    if (embed) refitWithColumn(wrap, fit);
  }

  fit(): void {
    this.dpr = window.devicePixelRatio || 1;
    const maxHeight = this.embed
      ? embedRoom(this.wrap, this.canvas.getBoundingClientRect().height)
      : Math.max(200, window.innerHeight * MAX_CANVAS_HEIGHT);
    const room = this.wrap.clientWidth;
    // embedded frames are small on purpose, and wider screens show enough: there the scene always fits
    const phone = !this.embed && window.innerWidth <= PHONE_WIDTH;
    let w = phone ? Math.max(room, Math.min(MAX_SCROLL_WIDTH, this.renderer.minWidth?.() ?? 0)) : room;
    let h = w * this.renderer.aspect(w);
    if (h > maxHeight) {
      h = maxHeight;
      w = h / this.renderer.aspect(w);
    }
    this.scrollSideways(Math.floor(w) > room);
    this.canvas.style.width = `${Math.floor(w)}px`;
    this.canvas.style.height = `${Math.floor(h)}px`;
    this.renderer.resize(Math.floor(w), Math.floor(h), this.dpr);
    this.invalidate();
  }

  setWake(wake: () => void): void {
    this.wake = wake;
  }

  /**
   * A canvas wider than its wrapper scrolls in it, a region the keyboard can reach and scroll, with
   * a line under it saying which way the rest lies and a fade at the edge that has more.
   */
  private scrollSideways(on: boolean): void {
    if (this.wrap.classList.contains('scrolls-x') !== on) {
      this.wrap.classList.toggle('scrolls-x', on);
      if (on) {
        this.wrap.tabIndex = 0;
        this.wrap.setAttribute('role', 'region');
        this.wrap.setAttribute('aria-label', 'The simulation, wider than the screen: scroll sideways');
        if (!this.scrollHint) {
          this.scrollHint = el('p', { class: 'hint scene-scroll-hint', id: `${this.wrap.id || 'canvas'}-scroll-hint` });
          this.wrap.after(this.scrollHint);
          this.wrap.addEventListener('scroll', () => this.showScrollHint(), { passive: true });
        }
        this.wrap.setAttribute('aria-describedby', this.scrollHint.id);
      } else {
        this.wrap.removeAttribute('tabindex');
        this.wrap.removeAttribute('role');
        this.wrap.removeAttribute('aria-label');
        this.wrap.removeAttribute('aria-describedby');
      }
    }
    // after the canvas took its new width (a page whose canvas never scrolled has no line to update)
    if (this.scrollHint) requestAnimationFrame(() => this.showScrollHint());
  }

  private showScrollHint(): void {
    if (!this.scrollHint) return;
    const on = this.wrap.classList.contains('scrolls-x');
    const { scrollLeft, clientWidth, scrollWidth } = this.wrap;
    const text = on ? sceneScrollHint(scrollLeft, clientWidth, scrollWidth) : '';
    if (this.scrollHint.textContent !== text) this.scrollHint.textContent = text;
    this.scrollHint.hidden = text === '';
    this.wrap.classList.toggle('more-left', on && scrollLeft > 1);
    this.wrap.classList.toggle('more-right', on && scrollLeft + clientWidth < scrollWidth - 1);
  }

  invalidate(): void {
    this.needsDraw = true;
    this.wake();
  }

  /** once per animation frame: refit when the pixel ratio changed, draw when something changed */
  update(): void {
    if ((window.devicePixelRatio || 1) !== this.dpr) this.fit();
    if (this.needsDraw) {
      this.renderer.draw();
      this.needsDraw = false;
      this.onDraw?.();
    }
  }
}
