/**
 * Speed histogram (probability density, 1/(m/s)) with the 2D Maxwell distribution at the current T
 * (one per disc mass, each kind of mass at its own temperature).
 */
import uPlot from 'uplot';
import { PlotView, COLORS, axisValues, legendValue } from './plot-view';
import { binCenters, maxwellKinds, type MassGroups } from './theory';

export class HistogramPlot {
  private readonly view: PlotView;
  private max = 1;

  constructor(container: HTMLElement) {
    this.view = new PlotView(container, undefined, { name: 'speed distribution' });
    const bars = uPlot.paths.bars?.({ size: [1, Infinity], align: 0 });
    this.view.build(
      {
        title: 'Speed distribution f(v) (1/(m/s))',
        scales: {
          x: { time: false, range: () => [0, this.max] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          { label: 'speed v (m/s)', values: axisValues },
          { label: 'f(v) (1/(m/s))', values: axisValues, size: 60 },
        ],
        series: [
          { label: 'speed v (m/s)', value: legendValue },
          {
            label: 'measured', stroke: COLORS.blue, fill: COLORS.blueFill, width: 1,
            points: { show: false }, value: legendValue, ...(bars ? { paths: bars } : {}),
          },
          { label: '2D Maxwell at current T', stroke: COLORS.vermillion, width: 2, points: { show: false }, value: legendValue },
        ],
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
      },
      [[], [], []],
    );
  }

  /**
   * density: probability density per bin, 1/(m/s); max: upper edge of the last bin, m/s;
   * masses: the discs' masses, grouped (massKinds), kg; temperatures: each group's temperature now,
   * J (the granular temperature for all, or each kind of mass's own).
   */
  update(density: Float64Array, max: number, masses: MassGroups, temperatures: readonly number[]): void {
    this.max = max > 0 ? max : 1;
    const x = binCenters(density.length, this.max);
    const maxwell = x.map((v) => maxwellKinds(v, masses, temperatures));
    this.view.setData([x, Array.from(density), maxwell]);
  }

  points(): number {
    return this.view.points();
  }
}
