/** The page's status line (a live region): engine failures, loading, and the run state of the latest frame. */
import { AdvanceStatus, type FrameCommon } from '../sim/protocol';
import { formatNumber } from './dom';

export class StatusLine {
  private failed = false;
  /** a message that stays until the run is played again (e.g. the engine was restarted) */
  private pinned: string | null = null;

  /**
   * `canvasHost`: the element round the page's canvas. A fatal message is also laid over it, where
   * the user is looking: the status line sits below the canvas, off screen on a laptop.
   */
  constructor(
    private readonly element: HTMLElement,
    private readonly canvasHost: HTMLElement | null = null,
  ) {}

  set(text: string): void {
    this.element.textContent = text;
  }

  /** the engine failed: the message stays, frames no longer change it */
  fatal(message: string): void {
    this.failed = true;
    this.element.textContent = message;
    this.element.classList.add('error');
    if (this.canvasHost) {
      let over = this.canvasHost.querySelector<HTMLElement>('.engine-fatal');
      if (!over) {
        over = document.createElement('p');
        over.className = 'engine-fatal';
        this.canvasHost.append(over);
      }
      // the status line is the live region that announces it; this copy is for the eye
      over.setAttribute('aria-hidden', 'true');
      over.textContent = message;
    }
  }

  /** a warning that frames do not replace until the run plays again */
  notice(message: string): void {
    this.pinned = message;
    this.element.textContent = message;
    this.element.classList.add('error');
  }

  /**
   * `runningText` while running; it changes on play / pause / step / end, not every frame.
   * `clock`, when given, says where a paused run is instead of its time and output index.
   * The time said is the picture's (pictureTime): a step of a long output interval is computed
   * paused, and the engine's time, ahead of the picture, ran up in "Paused at t = …".
   */
  frame(msg: FrameCommon, runningText: string, clock: string | null = null): void {
    if (this.failed) return;
    if (this.pinned !== null) {
      if (!msg.running) return;
      this.pinned = null;
      this.element.classList.remove('error');
    }
    let text: string;
    if (msg.status === AdvanceStatus.Stopped) text = `Stopped at t = ${formatNumber(msg.pictureTime, 6)} s: ${msg.message}`;
    else if (msg.status === AdvanceStatus.Finished) text = `finished at t = ${formatNumber(msg.pictureTime, 6)} s`;
    else if (msg.running) text = runningText;
    else if (clock !== null) text = `Paused, ${clock}`;
    else text = `Paused at t = ${formatNumber(msg.pictureTime, 6)} s (output ${msg.outputIndex})`;
    if (this.element.textContent !== text) this.element.textContent = text;
    this.element.classList.toggle('stopped', msg.status === AdvanceStatus.Stopped);
  }
}
