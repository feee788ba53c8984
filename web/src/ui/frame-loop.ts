/**
 * The page's animation loop: asks the worker for one frame per animation frame (again when
 * a tick went unanswered), redraws the canvas, and redraws the plots at most every PLOT_INTERVAL_MS.
 *
 * While the simulation is idle (paused, at its end: the last frame says it neither runs nor steps)
 * it asks for nothing, since the worker answers a play, a step or a load with a frame of its own
 * (sim/run-loop.ts), and once nothing is left to draw it stops asking for animation frames too. A
 * paused page kept a fifth of a core busy in headless Chromium with ticks whose frames carried
 * nothing new and with animation frames that drew nothing. It wakes for a frame from the worker,
 * for a view with something new to draw (FrameView.setWake), for the user's input anywhere on the
 * page (a legend toggled, a plot picked, the pointer over a disc: what the handlers change is drawn
 * on the next frame), and for a resize or a change of the pixel ratio.
 */
/** What the loop redraws once per animation frame (a CanvasView, or the comparison's three canvases). */
export interface FrameView {
  update(): void;
  /** `wake` is to be called whenever the view has something new to draw */
  setWake(wake: () => void): void;
}

/** the page's input events after which the loop runs (handlers may have changed what it draws) */
const WAKE_EVENTS = ['pointerdown', 'pointermove', 'pointerup', 'pointerout', 'keydown', 'input', 'change', 'click', 'wheel', 'focusin', 'focusout', 'touchstart', 'touchend'];

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
  /** an animation frame is asked for */
  private scheduled = false;
  /** the loop stopped at its last run: the next run starts the tick clock afresh */
  private asleep = false;

  constructor(
    private readonly view: FrameView,
    private readonly hooks: FrameLoopHooks,
  ) {
    view.setWake(this.wake);
    for (const type of WAKE_EVENTS) document.addEventListener(type, this.wake, { capture: true, passive: true });
    window.addEventListener('resize', this.wake);
    document.addEventListener('visibilitychange', this.wake);
    this.watchPixelRatio();
    this.wake();
  }

  /** Runs the loop on the next animation frame (again and again until there is nothing to do). */
  readonly wake = (): void => {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(this.loop);
  };

  /** a frame arrived: the next animation frame may tick again */
  answered(): void {
    this.awaiting = false;
    this.answers++;
    this.wake();
  }

  /** wakes when the window moves to a screen of another pixel ratio (the view refits on update) */
  private watchPixelRatio(): void {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener('change', () => {
      this.wake();
      this.watchPixelRatio();
    }, { once: true });
  }

  private readonly loop = (now: number): void => {
    this.scheduled = false;
    const woke = this.asleep;
    this.asleep = false;
    // frames arrive between animation frames, never during one: one answer serves the whole run
    const idle = this.hooks.idle();
    if (idle || woke) {
      // the first tick after a pause or a sleep measures one frame, not the time since
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
    // ticking, waiting for an answer, or plots held back by the interval: the next frame has work
    if (!idle || this.awaiting || this.hooks.plotsDirty()) this.wake();
    else this.asleep = true;
  };
}
