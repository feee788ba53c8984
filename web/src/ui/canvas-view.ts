/** The simulation canvas: sized to its wrapper (and the window), redrawn on the next animation frame when asked. */

/** the canvas never gets taller than this fraction of the window */
const MAX_CANVAS_HEIGHT = 0.72;

export interface SceneRenderer {
  /** height / width of the scene */
  aspect(): number;
  resize(width: number, height: number, dpr: number): void;
  draw(): void;
}

export class CanvasView {
  private needsDraw = true;
  private dpr = window.devicePixelRatio || 1;

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
  }

  fit(): void {
    this.dpr = window.devicePixelRatio || 1;
    const maxHeight = Math.max(200, this.embed ? window.innerHeight - 150 : window.innerHeight * MAX_CANVAS_HEIGHT);
    let w = this.wrap.clientWidth;
    let h = w * this.renderer.aspect();
    if (h > maxHeight) {
      h = maxHeight;
      w = h / this.renderer.aspect();
    }
    this.canvas.style.width = `${Math.floor(w)}px`;
    this.canvas.style.height = `${Math.floor(h)}px`;
    this.renderer.resize(Math.floor(w), Math.floor(h), this.dpr);
    this.needsDraw = true;
  }

  invalidate(): void {
    this.needsDraw = true;
  }

  /** once per animation frame: refit when the pixel ratio changed, draw when something changed */
  update(): void {
    if ((window.devicePixelRatio || 1) !== this.dpr) this.fit();
    if (this.needsDraw) {
      this.renderer.draw();
      this.needsDraw = false;
    }
  }
}
