/** One quantity (x, y, angle, velocities, spin, observer position) of the chosen discs vs time. */
import uPlot from 'uplot';
import { PlotView, axisValues } from '../plot/plot-view';
import { runTimeScale } from '../plot/series';
import { quantityLabel, type CoordinateHistory, type Quantity } from './coordinates';
import { cycleDash, DISC_COLORS } from './soft-renderer';

export class CoordinatePlot {
  private readonly view: PlotView;
  private discs: number[] = [];
  private quantity: Quantity = 'x';
  /** s, the run's output interval: the time axis of a lone instant (t = 0, paused) spans one */
  private interval = 1;

  constructor(container: HTMLElement) {
    this.view = new PlotView(container, 250, { name: 'coordinate' });
    this.rebuild();
  }

  choose(discs: readonly number[], quantity: Quantity): void {
    this.discs = [...discs];
    this.quantity = quantity;
    this.rebuild();
  }

  private rebuild(): void {
    const label = quantityLabel(this.quantity);
    const series: uPlot.Series[] = [{ label: 'time t (s)' }];
    for (const i of this.discs) {
      const dash = cycleDash(i);
      series.push({ label: `disc ${i}`, stroke: DISC_COLORS[i % DISC_COLORS.length], width: 2, points: { show: false }, ...(dash ? { dash } : {}) });
    }
    this.view.build(
      {
        title: `${label} vs time t (s)`,
        scales: { x: runTimeScale(() => this.interval) },
        axes: [
          { label: 'time t (s)', values: axisValues },
          { label, values: axisValues, size: 60 },
        ],
        series,
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
      },
      [[], ...this.discs.map(() => [])],
    );
  }

  /** the run's output interval, s (a new load) */
  setOutputInterval(interval: number): void {
    this.interval = interval;
  }

  update(history: CoordinateHistory): void {
    // uPlot draws gaps for null, not NaN (a disc tracked from a later instant on)
    const gaps = (values: number[]): Array<number | null> => values.map((v) => (Number.isFinite(v) ? v : null));
    this.view.showKept(history.kept());
    this.view.setData([history.time, ...this.discs.map((i) => gaps(history.series(i, this.quantity)))]);
  }

  points(): number {
    return this.view.points();
  }

  /** the time axis' range, s */
  timeRange(): [number, number] | null {
    return this.view.xRange();
  }
}
