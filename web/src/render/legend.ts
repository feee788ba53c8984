/** The speed colour legend: a viridis bar with tick labels in m/s (DOM + a small canvas). */
import { tickLabels } from '../plot/plot-view';
import type { ColourScale } from '../ui/canvas-export';
import { cssColor, viridis } from './colormap';

export class SpeedLegend {
  private readonly bar: HTMLCanvasElement;
  private readonly ticks: HTMLElement[];
  private readonly wallNote: HTMLElement;
  private max = NaN;

  constructor(container: HTMLElement, private readonly titleText = 'Disc speed |v| (m/s)') {
    container.classList.add('legend');
    const title = document.createElement('span');
    title.className = 'legend-title';
    title.textContent = titleText;
    this.bar = document.createElement('canvas');
    this.bar.className = 'legend-bar';
    this.bar.width = 256;
    this.bar.height = 1;
    this.bar.setAttribute('role', 'img');
    this.bar.setAttribute('aria-label', 'colour scale: dark purple slow, yellow fast');
    const ctx = this.bar.getContext('2d');
    if (ctx) {
      for (let x = 0; x < 256; x++) {
        ctx.fillStyle = cssColor(viridis(x / 255));
        ctx.fillRect(x, 0, 1, 1);
      }
    }
    const tickRow = document.createElement('div');
    tickRow.className = 'legend-ticks';
    this.ticks = [0, 1, 2, 3, 4].map(() => {
      const span = document.createElement('span');
      tickRow.append(span);
      return span;
    });
    this.wallNote = document.createElement('span');
    this.wallNote.className = 'legend-wall';
    this.wallNote.hidden = true;
    container.replaceChildren(title, this.bar, tickRow, this.wallNote);
  }

  /** Notes which wall vibrates (drawn orange and dashed), or hides the note (-1). */
  setVibratingWall(index: number): void {
    this.wallNote.hidden = index < 0;
    this.wallNote.textContent = index < 0 ? '' : `orange dashed line: vibrating wall (wall ${index})`;
  }

  /** The scale as the legend shows it, for the canvas's PNG (null before the first frame). */
  colourScale(): ColourScale | null {
    if (!(this.max > 0) || !Number.isFinite(this.max)) return null;
    const max = this.max;
    return { title: this.titleText, max, colour: (u) => cssColor(viridis(u)), tick: (v) => scaleTick(v, max) };
  }

  /** The speed at the top of the scale, m/s. */
  setMax(max: number): void {
    if (max === this.max) return;
    this.max = max;
    const labels = tickLabels(scaleTicks(max));
    this.ticks.forEach((tick, i) => {
      const label = labels[i] ?? '';
      tick.textContent = i === this.ticks.length - 1 ? `≥ ${label}` : label;
    });
  }
}

/** The scale's five ticks, m/s: 0, max/4, …, max. */
function scaleTicks(max: number): number[] {
  return [0, 1, 2, 3, 4].map((i) => (max * i) / 4);
}

/**
 * The label of the speed `v` on a scale up to `max`, in the one style of that scale's ticks
 * (tickLabels: "0, 0.005, 0.01, 0.015, 0.02", not "5.0e-3" beside "0.01").
 */
export function scaleTick(v: number, max: number): string {
  return tickLabels([...scaleTicks(max), v])[5] ?? '';
}
