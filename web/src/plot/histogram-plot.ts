/**
 * Speed histogram (probability density, 1/(m/s)) with the 2D Maxwell distribution at the current T
 * (one per disc mass, each kind of mass at its own temperature).
 */
import uPlot from 'uplot';
import { PlotView, COLORS, axisValues, legendValue } from './plot-view';
import { formatNumber } from '../ui/dom';
import { binCenters, maxwellKinds, type MassGroups } from './theory';

/**
 * What the exports say of the snapshot, which changes at every output: "Speeds at t = 5.2 s; the
 * 2D Maxwell curve at T = 3.295e-6 J" (each kind of mass's T, when there are several). A cooling
 * gas's histogram saved without its instant could not be tied to a time.
 */
export function snapshotNote(time: number, temperatures: readonly number[]): string {
  return `Speeds at t = ${formatNumber(time, 6)} s; the 2D Maxwell curve at ${temperatureText(temperatures)}`;
}

/** "T = 3.295e-6 J", or each kind of mass's: "T = 0.01 J and 0.02 J (one for each kind of mass)" */
function temperatureText(temperatures: readonly number[]): string {
  const distinct = [...new Set(temperatures)];
  return distinct.length <= 1
    ? `T = ${formatNumber(distinct[0] ?? NaN)} J`
    : `T = ${distinct.map((v) => formatNumber(v)).join(' J and ')} J (one for each kind of mass)`;
}

const MEASURED = 'measured';
const MAXWELL = '2D Maxwell at current T';

/** The CSV's headers name the instant and the temperature (snapshotNote): "measured at t = 2 s". */
export function histogramCsvLabel(label: string, snapshot: { time: number; temperatures: readonly number[] } | null): string {
  if (!snapshot) return label;
  if (label === MEASURED) return `measured at t = ${formatNumber(snapshot.time, 6)} s`;
  if (label === MAXWELL) return `2D Maxwell at ${temperatureText(snapshot.temperatures)}`;
  return label;
}

export class HistogramPlot {
  private readonly view: PlotView;
  private max = 1;
  /** the speeds' instant and the Maxwell curve's temperatures, for the exports */
  private snapshot: { time: number; temperatures: readonly number[] } | null = null;

  constructor(container: HTMLElement) {
    this.view = new PlotView(container, undefined, {
      name: 'speed distribution',
      notes: () => (this.snapshot ? [snapshotNote(this.snapshot.time, this.snapshot.temperatures)] : []),
      csvLabel: (label) => histogramCsvLabel(label, this.snapshot),
    });
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
            label: MEASURED, stroke: COLORS.blue, fill: COLORS.blueFill, width: 1,
            points: { show: false }, value: legendValue, ...(bars ? { paths: bars } : {}),
          },
          { label: MAXWELL, stroke: COLORS.vermillion, width: 2, points: { show: false }, value: legendValue },
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
   * J (the granular temperature for all, or each kind of mass's own); time: the snapshot's instant, s.
   */
  update(density: Float64Array, max: number, masses: MassGroups, temperatures: readonly number[], time = 0): void {
    this.max = max > 0 ? max : 1;
    this.snapshot = { time, temperatures: [...temperatures] };
    const x = binCenters(density.length, this.max);
    const maxwell = x.map((v) => maxwellKinds(v, masses, temperatures));
    this.view.setData([x, Array.from(density), maxwell]);
  }

  points(): number {
    return this.view.points();
  }
}
