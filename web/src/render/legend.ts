/** The speed colour legend: a viridis bar with tick labels in m/s (DOM + a small canvas). */
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
    return { title: this.titleText, max: this.max, colour: (u) => cssColor(viridis(u)), tick: formatTick };
  }

  /** The speed at the top of the scale, m/s. */
  setMax(max: number): void {
    if (max === this.max) return;
    this.max = max;
    this.ticks.forEach((tick, i) => {
      const v = (max * i) / (this.ticks.length - 1);
      tick.textContent = i === this.ticks.length - 1 ? `≥ ${formatTick(v)}` : formatTick(v);
    });
  }
}

function formatTick(v: number): string {
  if (v === 0) return '0';
  return Math.abs(v) >= 1e-2 && Math.abs(v) < 1e4 ? String(Number(v.toPrecision(3))) : v.toExponential(1);
}
