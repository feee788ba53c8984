/** Play / pause, single step, reset and the speed control (simulated s per real s). */
import { el, formatNumber } from './dom';

export interface ControlHandlers {
  play(): void;
  pause(): void;
  step(): void;
  reset(): void;
  speed(value: number): void;
}

/** speed slider: log10 of simulated seconds per real second */
const LOG_MIN = -3;
const LOG_MAX = 3;

export class Controls {
  private readonly playButton: HTMLButtonElement;
  private readonly speedInput: HTMLInputElement;
  private readonly speedOutput: HTMLOutputElement;
  private readonly timeOutput: HTMLElement;
  private running = false;

  constructor(container: HTMLElement, private readonly handlers: ControlHandlers, initialSpeed = 1) {
    this.playButton = el('button', { type: 'button', id: 'btn-play', class: 'primary', 'aria-pressed': 'false' }, 'Play');
    const step = el('button', { type: 'button', id: 'btn-step', title: 'Advance one output interval' }, 'Step');
    const reset = el('button', { type: 'button', id: 'btn-reset', title: 'Back to t = 0' }, 'Reset');
    this.speedInput = el('input', {
      type: 'range', id: 'speed', min: String(LOG_MIN), max: String(LOG_MAX), step: '0.05',
      value: String(Math.log10(initialSpeed)), 'aria-describedby': 'speed-value',
    });
    this.speedOutput = el('output', { id: 'speed-value', for: 'speed' });
    const speedLabel = el('label', { for: 'speed' }, 'Speed');
    // simulated time; not a live region (it changes every frame)
    this.timeOutput = el('span', { class: 'sim-time', id: 'sim-time' }, 't = 0 s');
    container.replaceChildren(
      this.playButton, step, reset,
      el('span', { class: 'speed' }, speedLabel, this.speedInput, this.speedOutput),
      this.timeOutput,
    );

    this.playButton.addEventListener('click', () => (this.running ? handlers.pause() : handlers.play()));
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

  /** Shows the simulated time, s. */
  setTime(time: number): void {
    const text = `t = ${formatNumber(time, 5)} s`;
    if (this.timeOutput.textContent !== text) this.timeOutput.textContent = text;
  }

  setRunning(running: boolean): void {
    if (running === this.running) return;
    this.running = running;
    this.playButton.textContent = running ? 'Pause' : 'Play';
    this.playButton.setAttribute('aria-pressed', String(running));
  }

  /** Space toggles play/pause when the focus is not in a form control. */
  toggle(): void {
    if (this.running) this.handlers.pause();
    else this.handlers.play();
  }
}
