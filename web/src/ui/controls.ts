/** Play / pause, single step, reset and the speed control (simulated s per real s). */
import { el, formatNumber } from './dom';
import { PACE_SHORT_MAX, paceText, type PaceWait } from './pace';

export interface ControlHandlers {
  play(): void;
  pause(): void;
  step(): void;
  reset(): void;
  /** the run has finished: start it again from t = 0, playing */
  replay(): void;
  speed(value: number): void;
}

/** speed slider: log10 of simulated seconds per real second */
const LOG_MIN = -3;
const LOG_MAX = 3;

export class Controls {
  private readonly playButton: HTMLButtonElement;
  private readonly speedInput: HTMLInputElement;
  private readonly speedOutput: HTMLOutputElement;
  /** what the run really reaches, shown when it falls short of the speed asked for */
  private readonly paceOutput: HTMLElement;
  private readonly timeOutput: HTMLElement;
  private running = false;
  /** the run reached its end (its duration) or was stopped by the engine (inelastic collapse):
   *  Play becomes Replay, Step has nothing left to do */
  private finished = false;
  private endedBy: 'finished' | 'stopped' = 'finished';
  private readonly stepButton: HTMLButtonElement;
  private readonly resetButton: HTMLButtonElement;

  /**
   * `start`: where Reset and Replay take the run, as the tooltips say it ("t = 0"; the avalanche's
   * run starts before its t = 0, with the column settling behind the closed gate)
   */
  constructor(container: HTMLElement, private readonly handlers: ControlHandlers, initialSpeed = 1, private readonly start = 't = 0') {
    this.playButton = el('button', { type: 'button', id: 'btn-play', class: 'primary', 'aria-pressed': 'false' }, 'Play');
    const step = el('button', { type: 'button', id: 'btn-step', title: 'Advance one output interval' }, 'Step');
    this.stepButton = step;
    const reset = el('button', { type: 'button', id: 'btn-reset', title: `Back to ${start}` }, 'Reset');
    this.resetButton = reset;
    this.speedInput = el('input', {
      type: 'range', id: 'speed', min: String(LOG_MIN), max: String(LOG_MAX), step: '0.05',
      value: String(Math.log10(initialSpeed)), 'aria-describedby': 'speed-value',
    });
    this.speedOutput = el('output', { id: 'speed-value', for: 'speed' });
    this.paceOutput = el('span', { class: 'pace', id: 'sim-pace', hidden: true });
    const speedLabel = el('label', { for: 'speed' }, 'Speed');
    // simulated time; not a live region (it changes every frame)
    this.timeOutput = el('span', { class: 'sim-time', id: 'sim-time' }, 't = 0 s');
    container.replaceChildren(
      this.playButton, step, reset,
      el('span', { class: 'speed' }, speedLabel, this.speedInput, this.speedOutput, this.paceOutput),
      this.timeOutput,
    );

    this.playButton.addEventListener('click', () => this.toggle());
    step.addEventListener('click', () => handlers.step());
    reset.addEventListener('click', () => handlers.reset());
    this.speedInput.addEventListener('input', () => {
      const value = this.speed();
      this.showSpeed(value);
      handlers.speed(value);
    });
    this.showSpeed(initialSpeed);
  }

  /** simulated seconds per real second */
  speed(): number {
    return 10 ** Number(this.speedInput.value);
  }

  private showSpeed(value: number): void {
    const text = `${formatNumber(value, 2)} s per s`;
    this.speedOutput.textContent = text;
    this.speedInput.setAttribute('aria-valuetext', `${formatNumber(value, 2)} simulated seconds per real second`);
  }

  /**
   * The simulated seconds per real second the run reaches (PaceMeter), or null: shown next to
   * the speed while it is below 80 % of it ("only 0.012 s per s: the machine cannot keep up");
   * `wait`, while running: the last picture's time and the next's (paceText says when that is far).
   */
  setPace(reached: number | null, wait: PaceWait | null = null): void {
    const text = paceText(reached, this.speed(), wait);
    if (this.paceOutput.textContent !== text) {
      // the reason after the colon is left out where the controls' row has no room for the whole text
      // on its one line (styles.css); a long text's reason needs a wider row
      const cut = text.indexOf(': ');
      const why = text.length > PACE_SHORT_MAX ? 'pace-why long' : 'pace-why';
      if (cut < 0) this.paceOutput.textContent = text;
      else this.paceOutput.replaceChildren(text.slice(0, cut), el('span', { class: why }, text.slice(cut)));
    }
    this.paceOutput.hidden = text === '';
  }

  /** Shows the simulated time, s, or the page's own clock text (e.g. the avalanche's settling time). */
  setTime(time: number, clock: string | null = null): void {
    const text = clock ?? `t = ${formatNumber(time, 5)} s`;
    if (this.timeOutput.textContent !== text) this.timeOutput.textContent = text;
  }

  setRunning(running: boolean): void {
    if (running === this.running) return;
    this.running = running;
    this.showPlay();
  }

  /**
   * The run reached its end (`finished`), or the engine stopped it (`stopped`: inelastic collapse;
   * the engine takes no more steps, so Play and Step would do nothing), or neither (null, a pause):
   * Play offers to play it again from t = 0.
   */
  setFinished(ended: 'finished' | 'stopped' | null): void {
    const finished = ended !== null;
    const by = ended ?? 'finished';
    if (finished === this.finished && by === this.endedBy) return;
    this.finished = finished;
    this.endedBy = by;
    this.showPlay();
    // not `disabled`: a disabled button would drop the keyboard focus of someone stepping to the end
    this.stepButton.setAttribute('aria-disabled', String(finished));
    this.stepButton.title = finished ? `${this.endText()}: Replay or Reset starts it again` : 'Advance one output interval';
  }

  private endText(): string {
    return this.endedBy === 'stopped' ? 'The run was stopped (the status line says why)' : 'The run has finished';
  }

  private showPlay(): void {
    const replay = this.finished && !this.running;
    this.playButton.textContent = this.running ? 'Pause' : replay ? 'Replay' : 'Play';
    this.playButton.title = replay ? `${this.endText()}: play it again from ${this.start}` : '';
    this.playButton.setAttribute('aria-pressed', String(this.running));
  }

  /**
   * The engine could not load (StatusLine.fatal says why): Play, Step, Reset and the speed are
   * disabled, each with `reason` as its tooltip, and the space bar does nothing. They looked ready
   * and did nothing when pressed.
   */
  unavailable(reason: string): void {
    for (const control of [this.playButton, this.stepButton, this.resetButton, this.speedInput]) {
      control.disabled = true;
      control.title = reason;
    }
  }

  /** Play / pause (the Play button, and the space bar when the focus is not in a form control); Replay at the end. */
  toggle(): void {
    if (this.playButton.disabled) return; // unavailable()
    if (this.running) this.handlers.pause();
    else if (this.finished) this.handlers.replay();
    else this.handlers.play();
  }
}
