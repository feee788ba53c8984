/**
 * The page's animation loop: asks the worker for one frame per animation frame (again when
 * a tick went unanswered), redraws the canvas, and redraws the plots at most every PLOT_INTERVAL_MS.
 * While the simulation is idle (paused, at its end: the last frame says it neither runs nor steps)
 * it asks for nothing: the worker answers a play, a step or a load with a frame of its own
 * (sim/run-loop.ts). A paused page ticking anyway kept a fifth of a core busy with frames that
 * carried nothing new.
 */
/** What the loop redraws once per animation frame (a CanvasView, or the comparison's three canvases). */
export interface FrameView {
  update(): void;
}

/** redraw the plots at most this often (ms): uPlot redraws are the costly part */
const PLOT_INTERVAL_MS = 100;
/** ask again when a tick was not answered within this time (ms) */
const TICK_TIMEOUT_MS = 1000;
/** performance mark set when the first frame of the engine is drawn (npm run bench reads it) */
export const FIRST_FRAME_MARK = 'granular:first-frame';

export interface FrameLoopHooks {
  /** a scenario is loaded: ticks are worth sending */
  loaded(): boolean;
  /** the last frame says the simulation neither runs nor steps: no tick would change anything */
  idle(): boolean;
  tick(dt: number): void;
  plotsDirty(): boolean;
  /** redraws the plots and clears what plotsDirty() reports */
  updatePlots(): void;
}

export class FrameLoop {
  private awaiting = false;
  private lastTick = performance.now();
  private lastPlot = 0;
  private answers = 0;
  private marked = false;

  constructor(
    private readonly view: FrameView,
    private readonly hooks: FrameLoopHooks,
  ) {
    requestAnimationFrame(this.loop);
  }

  /** a frame arrived: the next animation frame may tick again */
  answered(): void {
    this.awaiting = false;
    this.answers++;
  }

  private readonly loop = (now: number): void => {
    if (this.hooks.idle()) {
      // the first tick after a play measures from the frame before it, not from the pause
      this.lastTick = now;
    } else if (this.hooks.loaded() && (!this.awaiting || now - this.lastTick > TICK_TIMEOUT_MS)) {
      this.hooks.tick((now - this.lastTick) / 1000);
      this.lastTick = now;
      this.awaiting = true;
    }
    this.view.update();
    if (!this.marked && this.answers > 0) {
      this.marked = true;
      performance.mark(FIRST_FRAME_MARK);
    }
    if (this.hooks.plotsDirty() && now - this.lastPlot > PLOT_INTERVAL_MS) {
      this.hooks.updatePlots();
      this.lastPlot = now;
    }
    requestAnimationFrame(this.loop);
  };
}
