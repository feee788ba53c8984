/**
 * The row of spheres drawn to scale on a line (x in m along the bottom), each with its own
 * diameter and the centres on one axis, with play / pause, reset and a time slider. Positions
 * come from the timeline (exact: piecewise linear).
 */
import { FIRST_FRAME_MARK } from '../ui/frame-loop';
import { el } from '../ui/dom';
import { seriesColor } from './palette';
import { collisionsAt, extent, positionsAt, type Timeline } from './timeline';
import { fmt } from './widgets';

const SLIDER_STEPS = 1000;
/** simulated seconds per real second on offer */
const SPEEDS = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500];
/** a new run plays in about this many real seconds at the speed chosen for it */
const PLAY_SECONDS = 12;
const AXIS_PX = 30;
const PAD_PX = 14;
/** the largest sphere is drawn at most this tall, px */
const MAX_SPHERE_PX = 148;

/** The smallest tick spacing 1, 2 or 5 × 10^k m that is at least `least` m. */
function tickStep(least: number): number {
  const p = 10 ** Math.floor(Math.log10(least));
  return [1, 2, 5, 10].map((f) => f * p).find((s) => s >= least) ?? 10 * p;
}

export class RowAnimation {
  readonly root: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly playButton: HTMLButtonElement;
  private readonly slider: HTMLInputElement;
  private readonly speed: HTMLSelectElement;
  private readonly clock: HTMLElement;
  private tl: Timeline | null = null;
  private logged = 0;
  private t = 0;
  private playing = false;
  private lastFrame = 0;
  /** the address's ?until=: playing stops there once (then Play goes on to the end) */
  private until: number | null = null;

  constructor() {
    this.canvas = el('canvas', { id: 'row-canvas', role: 'img', 'aria-label': 'The row of spheres, drawn to scale' });
    this.playButton = el('button', { type: 'button', id: 'row-play', class: 'primary', 'aria-pressed': 'false' }, 'Play');
    const reset = el('button', { type: 'button', id: 'row-reset', title: 'Back to t = 0' }, 'Reset');
    this.slider = el('input', { type: 'range', id: 'row-time', min: '0', max: String(SLIDER_STEPS), step: '1', value: '0' });
    this.speed = el(
      'select', { id: 'row-speed' },
      ...SPEEDS.map((v) => el('option', { value: String(v), selected: v === 2 }, `${v} s per s`)),
    );
    this.clock = el('span', { class: 'sim-time', id: 'row-clock' }, 't = 0 s');
    this.root = el(
      'div', { class: 'row-animation' },
      el('div', { class: 'canvas-wrap' }, this.canvas),
      el(
        'div', { class: 'controls', role: 'toolbar', 'aria-label': 'Animation controls' },
        this.playButton, reset,
        el('label', { for: 'row-time' }, 'time'), this.slider,
        // together, so that a narrow row (a 480 px frame) does not end on "speed" with its list on the next line
        el('span', { class: 'speed' }, el('label', { for: 'row-speed' }, 'speed'), this.speed),
        this.clock,
      ),
    );
    this.playButton.addEventListener('click', () => this.setPlaying(!this.playing));
    reset.addEventListener('click', () => {
      this.setPlaying(false);
      this.seek(0);
    });
    this.slider.addEventListener('input', () => this.seek((Number(this.slider.value) / SLIDER_STEPS) * this.duration()));
    new ResizeObserver(() => this.draw()).observe(this.root);
  }

  /** Pause when playing reaches t (s), once: the page address's ?until=. */
  setUntil(t: number | null): void {
    this.until = t;
  }

  private duration(): number {
    return this.tl ? (this.tl.time[this.tl.time.length - 1] ?? 0) : 0;
  }

  show(tl: Timeline, logged: number): void {
    this.tl = tl;
    this.logged = logged;
    const wanted = this.duration() / PLAY_SECONDS;
    this.speed.value = String(SPEEDS.find((v) => v >= wanted) ?? SPEEDS[SPEEDS.length - 1]);
    this.setPlaying(false);
    this.seek(0);
  }

  private seek(t: number): void {
    this.t = Math.min(Math.max(0, t), this.duration());
    const d = this.duration();
    this.slider.value = String(d > 0 ? Math.round((this.t / d) * SLIDER_STEPS) : 0);
    this.slider.setAttribute('aria-valuetext', `t = ${fmt(this.t, 4)} s`);
    this.draw();
  }

  private setPlaying(playing: boolean): void {
    if (playing && this.t >= this.duration()) this.seek(0);
    this.playing = playing && this.tl !== null;
    this.playButton.textContent = this.playing ? 'Pause' : 'Play';
    this.playButton.setAttribute('aria-pressed', String(this.playing));
    if (this.playing) {
      this.lastFrame = performance.now();
      requestAnimationFrame((now) => this.frame(now));
    }
  }

  private frame(now: number): void {
    if (!this.playing) return;
    const dt = Math.min(0.1, (now - this.lastFrame) / 1000);
    this.lastFrame = now;
    const next = this.t + dt * Number(this.speed.value);
    if (this.until !== null && this.t < this.until && next >= this.until) {
      this.seek(this.until);
      this.until = null;
      this.setPlaying(false);
      return;
    }
    this.seek(next);
    if (this.t >= this.duration()) this.setPlaying(false);
    else requestAnimationFrame((n) => this.frame(n));
  }

  private draw(): void {
    const canvas = this.canvas;
    const wrap = canvas.parentElement;
    const ctx = canvas.getContext('2d');
    if (!wrap || !ctx || !this.tl) return;
    const { min, max } = extent(this.tl);
    const cssWidth = Math.max(200, Math.floor(wrap.clientWidth));
    const largest = Math.max(...this.tl.diameters.filter((d) => Number.isFinite(d) && d > 0), 1e-9);
    // one scale for x and for the spheres, so touching spheres touch on screen; a short row of
    // large spheres is drawn narrower than the canvas (centred) rather than taller than MAX_SPHERE_PX
    const span = cssWidth - 2 * PAD_PX;
    const scale = Math.min(span / (max - min), MAX_SPHERE_PX / largest);
    const left = PAD_PX + 0.5 * (span - (max - min) * scale);
    const largestPx = largest * scale;
    const cssHeight = Math.round(Math.max(60, largestPx + 12) + AXIS_PX);
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${cssWidth}px`;
    canvas.style.height = `${cssHeight}px`;
    if (canvas.width !== Math.round(cssWidth * dpr) || canvas.height !== Math.round(cssHeight * dpr)) {
      canvas.width = Math.round(cssWidth * dpr);
      canvas.height = Math.round(cssHeight * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cssWidth, cssHeight);
    const X = (x: number): number => left + (x - min) * scale;
    const lineY = cssHeight - AXIS_PX;
    const tl = this.tl;
    const radius = (i: number): number => 0.5 * (tl.diameters[i] ?? largest) * scale;
    // the centres on one axis (a head-on row), the largest sphere just above the line
    const cy = lineY - 4 - largestPx / 2;

    // the line and its metre ticks
    ctx.strokeStyle = '#5b6370';
    ctx.fillStyle = '#5b6370';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(X(min), lineY + 0.5);
    ctx.lineTo(X(max), lineY + 0.5);
    ctx.stroke();
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const every = tickStep(50 / scale);
    const labelLeft = cssWidth - 2 - ctx.measureText('x (m)').width;
    for (let k = Math.ceil(min / every); k * every <= max; k++) {
      const m = Number((k * every).toPrecision(12));
      if (X(m) + 10 > labelLeft) break;
      ctx.beginPath();
      ctx.moveTo(X(m) + 0.5, lineY);
      ctx.lineTo(X(m) + 0.5, lineY + 5);
      ctx.stroke();
      ctx.fillText(`${m}`, X(m), lineY + 7);
    }
    ctx.textAlign = 'right';
    ctx.fillText('x (m)', cssWidth - 2, lineY + 7);

    const xs = positionsAt(this.tl, this.t);
    xs.forEach((x, i) => {
      const r = radius(i);
      ctx.beginPath();
      ctx.arc(X(x), cy, Math.max(2, r - 0.5), 0, 2 * Math.PI);
      ctx.fillStyle = seriesColor(i);
      ctx.fill();
      if (r >= 8) {
        ctx.fillStyle = i % 8 === 0 || i % 8 === 6 ? '#fff' : '#000';
        ctx.font = `${Math.round(Math.min(18, r))}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(i + 1), X(x), cy);
      }
    });

    const done = collisionsAt(this.tl, this.t, this.logged);
    this.clock.textContent = `t = ${fmt(this.t, 4)} s · ${done} collision${done === 1 ? '' : 's'}`;
    this.canvas.setAttribute('aria-label', `The row of ${xs.length} spheres at t = ${fmt(this.t, 4)} s, drawn to scale; centres at ${xs.map((x) => fmt(x, 4)).join(', ')} m`);
    if (performance.getEntriesByName(FIRST_FRAME_MARK).length === 0) performance.mark(FIRST_FRAME_MARK);
  }
}
