/** Collision rate per disc (1/s) vs time (s), with the Enskog value at the current T (a homogeneous gas only). */
import uPlot from 'uplot';
import type { Theory } from '../sim/granular-wasm';
import { PlotView, COLORS, axisValues, legendValue } from './plot-view';
import type { SeriesStore } from './series';
import { enskogRate } from './theory';

export class RatePlot {
  private readonly view: PlotView;
  private theory: Theory | null = null;
  private series: SeriesStore | null = null;

  constructor(container: HTMLElement) {
    this.view = new PlotView(container, undefined, { name: 'collision rate' });
    this.rebuild();
  }

  /** The Enskog reference (null: none, e.g. under gravity, where the density is not uniform). */
  setTheory(theory: Theory | null): void {
    const changed = (theory === null) !== (this.theory === null);
    this.theory = theory;
    if (changed) this.rebuild();
  }

  private rebuild(): void {
    const series: uPlot.Series[] = [
      { label: 'time t (s)', value: legendValue },
      { label: 'measured', stroke: COLORS.blue, width: 2, points: { show: false }, value: legendValue },
    ];
    if (this.theory) {
      series.push({ label: 'Enskog 2nσg(σ)√(πT/m) at current T', stroke: COLORS.vermillion, width: 2, dash: [8, 5], points: { show: false }, value: legendValue });
    }
    this.view.build(
      {
        title: 'Collisions per disc per second (1/s) vs time t (s)',
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { label: 'time t (s)', values: axisValues },
          { label: 'rate (1/s)', values: axisValues, size: 60 },
        ],
        series,
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
      },
      this.data(),
    );
  }

  private data(): uPlot.AlignedData {
    const s = this.series;
    if (!s) return this.theory ? [[], [], []] : [[], []];
    // the first instant (t = 0) has no interval behind it: its rate is not a measurement
    const time = s.time.slice(1);
    const rate = s.rate.slice(1);
    const theory = this.theory;
    return theory ? [time, rate, s.temperature.slice(1).map((T) => enskogRate(T, theory))] : [time, rate];
  }

  update(series: SeriesStore): void {
    this.series = series;
    this.view.setData(this.data());
  }

  points(): number {
    return this.view.points();
  }
}
