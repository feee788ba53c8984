/** Collision rate per disc (1/s) vs time (s), with the Enskog value at the current T. */
import uPlot from 'uplot';
import type { Theory } from '../sim/granular-wasm';
import { PlotView, COLORS, axisValues, formatValue } from './plot-view';
import type { SeriesStore } from './series';
import { enskogRate } from './theory';

export class RatePlot {
  private readonly view: PlotView;
  private theory: Theory | null = null;

  constructor(container: HTMLElement) {
    this.view = new PlotView(container, undefined, { name: 'collision rate' });
    const fmt = (_u: uPlot, v: number | null): string => (v == null ? '–' : formatValue(v));
    this.view.build(
      {
        title: 'Collisions per disc per second (1/s) vs time t (s)',
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { label: 'time t (s)', values: axisValues },
          { label: 'rate (1/s)', values: axisValues, size: 60 },
        ],
        series: [
          { label: 'time t (s)', value: fmt },
          { label: 'measured', stroke: COLORS.blue, width: 2, points: { show: false }, value: fmt },
          { label: 'Enskog 2nσg(σ)√(πT/m) at current T', stroke: COLORS.vermillion, width: 2, dash: [8, 5], points: { show: false }, value: fmt },
        ],
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
      },
      [[], [], []],
    );
  }

  setTheory(theory: Theory): void {
    this.theory = theory;
  }

  update(series: SeriesStore): void {
    const theory = this.theory;
    // the first instant (t = 0) has no interval behind it: its rate is not a measurement
    const time = series.time.slice(1);
    const rate = series.rate.slice(1);
    const enskog = theory ? series.temperature.slice(1).map((T) => enskogRate(T, theory)) : time.map(() => null);
    this.view.setData([time, rate, enskog]);
  }

  points(): number {
    return this.view.points();
  }
}
