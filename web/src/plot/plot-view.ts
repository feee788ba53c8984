/** A uPlot chart that fills its container and follows its size. */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export const COLORS = {
  blue: '#0072b2',
  vermillion: '#d55e00',
  green: '#009e73',
  blueFill: 'rgba(0, 114, 178, 0.30)',
} as const;

/** uPlot's own height is the plotting area + axes; the legend comes below it. */
const DEFAULT_HEIGHT = 230;

export type PlotOptions = Omit<uPlot.Options, 'width' | 'height'>;

export class PlotView {
  private plot: uPlot | null = null;
  private data: uPlot.AlignedData = [[]];
  private readonly observer: ResizeObserver;

  constructor(private readonly container: HTMLElement, private height = DEFAULT_HEIGHT) {
    this.observer = new ResizeObserver(() => this.fit());
    this.observer.observe(container);
  }

  private size(): { width: number; height: number } {
    return { width: Math.max(200, Math.floor(this.container.clientWidth)), height: this.height };
  }

  private fit(): void {
    if (!this.plot) return;
    const { width, height } = this.size();
    if (width !== this.plot.width || height !== this.plot.height) this.plot.setSize({ width, height });
  }

  /** (Re)creates the chart with new options, keeping the data. */
  build(options: PlotOptions, data: uPlot.AlignedData): void {
    this.plot?.destroy();
    this.data = data;
    this.plot = new uPlot({ ...options, ...this.size() }, data, this.container);
  }

  setData(data: uPlot.AlignedData, resetScales = true): void {
    this.data = data;
    this.plot?.setData(data, resetScales);
  }

  /** number of x values currently plotted */
  points(): number {
    return this.data[0]?.length ?? 0;
  }

  setHeight(height: number): void {
    this.height = height;
    this.fit();
  }
}

/** Axis tick formatter that stays readable from 1e-9 to 1e9. */
export function formatValue(v: number | null): string {
  // uPlot hands a log axis null splits when its range is a single value (one point, after a reset)
  if (v === null || !Number.isFinite(v)) return '';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-3 && a < 1e5) return String(Number(v.toPrecision(4)));
  return v.toExponential(1).replace('e+', 'e');
}

export function axisValues(_u: uPlot, splits: number[]): string[] {
  return splits.map(formatValue);
}
