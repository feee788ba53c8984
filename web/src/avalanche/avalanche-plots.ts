/**
 * The avalanche's three plots (uPlot), every axis with its quantity and unit: runout L(t) with
 * L0 marked and the front velocity; kinetic energy (log axis); solver iterations per step (max
 * and mean) with the residual (log axis).
 */
import uPlot from 'uplot';
import { axisValues, COLORS, legendValue, logAxisValues, logScale, PlotView } from '../plot/plot-view';
import type { SampleSeries } from './sample-series';

export const AVALANCHE_PLOT_KINDS = ['runout', 'energy', 'iterations'] as const;
export type AvalanchePlotKind = (typeof AVALANCHE_PLOT_KINDS)[number];
/** for the export buttons' labels and file names */
const AVALANCHE_PLOT_NAMES: Readonly<Record<AvalanchePlotKind, string>> = {
  runout: 'runout',
  energy: 'kinetic energy',
  iterations: 'solver iterations',
};

const line = (label: string, stroke: string, scale = 'y', extra: Partial<uPlot.Series> = {}): uPlot.Series => ({
  label, stroke, scale, width: 1.75, value: legendValue, points: { show: false }, ...extra,
});

const TIME_AXIS: uPlot.Axis = { label: 'time since the gate opened t (s)', values: axisValues };
const BASE: Pick<uPlot.Options, 'cursor' | 'legend'> = { cursor: { drag: { x: true, y: false } }, legend: { live: false } };

/**
 * Time since the gate opened: the data's span, or 0–1 s before there is any (uPlot draws no
 * x axis at all for an empty scale, so a new or reset plot had no time axis).
 */
export function timeRange(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  return max > min ? [min, max] : [min, min + 1];
}

function xScale(): uPlot.Scale {
  return { time: false, range: (_u, min, max) => timeRange(min, max) };
}

export class AvalanchePlot {
  private readonly view: PlotView;

  constructor(container: HTMLElement, readonly kind: AvalanchePlotKind) {
    this.view = new PlotView(container, 250, { name: AVALANCHE_PLOT_NAMES[kind] });
    const logRange = logScale();
    if (kind === 'runout') {
      this.view.build(
        {
          title: 'Runout L(t) and front velocity',
          scales: { x: xScale(), y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.08 : 1] }, v: {} },
          axes: [
            TIME_AXIS,
            { label: 'runout L (m)', values: axisValues, size: 60 },
            { label: 'front velocity (m/s)', values: axisValues, side: 1, scale: 'v', size: 60, grid: { show: false } },
          ],
          series: [
            { label: 't (s)', value: legendValue },
            line('runout L (m)', COLORS.blue),
            line('L0, settled width (m)', '#1d2025', 'y', { dash: [6, 4], width: 1.25 }),
            line('front velocity (m/s)', COLORS.vermillion, 'v', { width: 1.25 }),
          ],
          ...BASE,
        },
        [[], [], [], []],
      );
    } else if (kind === 'energy') {
      this.view.build(
        {
          title: 'Kinetic energy of the grains',
          scales: { x: xScale(), y: logRange },
          axes: [TIME_AXIS, { label: 'kinetic energy (J)', values: logAxisValues, size: 64 }],
          series: [{ label: 't (s)', value: legendValue }, line('kinetic energy (J)', COLORS.green)],
          ...BASE,
        },
        [[], []],
      );
    } else {
      this.view.build(
        {
          title: 'Solver iterations per step',
          scales: { x: xScale(), y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] }, r: logRange },
          axes: [
            TIME_AXIS,
            { label: 'iterations per step', values: axisValues, size: 50 },
            { label: 'residual (× mean R)', values: logAxisValues, side: 1, scale: 'r', size: 64, grid: { show: false } },
          ],
          series: [
            { label: 't (s)', value: legendValue },
            line('max over the interval', COLORS.blue),
            line('mean over the interval', COLORS.green, 'y', { dash: [5, 3] }),
            line('residual, last step (× mean R)', COLORS.vermillion, 'r', { width: 1.25 }),
          ],
          ...BASE,
        },
        [[], [], [], []],
      );
    }
  }

  update(series: SampleSeries, l0: number): void {
    const t = series.column('time');
    let data: uPlot.AlignedData;
    if (this.kind === 'runout') data = [t, series.column('runout'), t.map(() => (l0 > 0 ? l0 : null)), series.column('frontVelocity')];
    else if (this.kind === 'energy') data = [t, series.positive('kineticEnergy')];
    else data = [t, series.column('iterations'), series.column('meanIterations'), series.positive('residual')];
    this.view.setData(data);
  }

  points(): number {
    return this.view.points();
  }
}
