/**
 * Collision rate per disc (1/s) vs time (s), each over one output interval, with the Enskog rate over
 * the same interval (a homogeneous gas only).
 */
import uPlot from 'uplot';
import { PlotView, COLORS, axisValues, fitTitle, legendValue, shortLegendLabels } from './plot-view';
import { measuredIntervals, runTimeScale, type SeriesStore } from './series';

/**
 * The Enskog rate drawn: coefficient √T (ui/app.ts takes it from theory.ts' enskogCoefficient), or
 * for kinds of mass with temperatures of their own, the rate at those (enskogKindsRate).
 */
export interface EnskogReference {
  /** the rate at T divided by √T, 1/(s √J) */
  coefficient: number;
  /** the discs come in several sizes or masses (the legend then names the mixture) */
  mixture: boolean;
  /** the rate (1/s) at the temperatures of the discs' kinds (J, as SeriesStore.kinds holds them); absent: one temperature */
  kinds?: (temperatures: readonly number[]) => number;
}

/** the legend of the Enskog curve, equal discs or a mixture */
export function enskogLabel(mixture: boolean): string {
  return mixture ? 'Enskog, mixture of the disc sizes, over each interval' : 'Enskog 2nσg(σ)√(πT/m) over each interval';
}

/** the Enskog entry's short form, for a small embedded frame (at 480 × 360 the full one took three rows) */
const SHORT_LABELS = new Map<string, string>([
  [enskogLabel(false), 'Enskog'],
  [enskogLabel(true), 'Enskog, mixture'],
]);

/** the title's short form, for a narrow chart (fitTitle) */
const SHORT_TITLE = 'Collisions per disc (1/s) vs t (s)';

export class RatePlot {
  private readonly view: PlotView;
  private theory: EnskogReference | null = null;
  private series: SeriesStore | null = null;
  /** s, the run's output interval (the time axis of a lone instant spans one) */
  private interval = 1;
  /** the kinds' rate at each record's temperatures, computed once (a record's arrays stay the same when the store thins) */
  private kindRates = new WeakMap<readonly number[], number>();

  constructor(container: HTMLElement) {
    this.view = new PlotView(container, undefined, { name: 'collision rate' });
    this.rebuild();
  }

  /** The Enskog reference (null: none, e.g. under gravity, where the density is not uniform). */
  setTheory(theory: EnskogReference | null): void {
    const changed = (theory === null) !== (this.theory === null) || (theory !== null && theory.mixture !== this.theory?.mixture);
    this.theory = theory;
    this.kindRates = new WeakMap();
    if (changed) this.rebuild();
  }

  private rebuild(): void {
    const series: uPlot.Series[] = [
      { label: 'time t (s)', value: legendValue },
      { label: 'measured', stroke: COLORS.blue, width: 2, points: { show: false }, value: legendValue },
    ];
    if (this.theory) {
      series.push({ label: enskogLabel(this.theory.mixture), stroke: COLORS.vermillion, width: 2, dash: [8, 5], points: { show: false }, value: legendValue });
    }
    this.view.build(
      {
        title: 'Collisions per disc per second (1/s) vs time t (s)',
        scales: { x: runTimeScale(() => this.interval, () => this.series?.time[0]), y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { label: 'time t (s)', values: axisValues },
          { label: 'rate (1/s)', values: axisValues, size: 60 },
        ],
        series,
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
        // 'Collisions per disc (1/s) vs t (s)' where the full title would take two rows (a 480 x 360 frame)
        hooks: { init: [shortLegendLabels(SHORT_LABELS), fitTitle(SHORT_TITLE)], setSize: [fitTitle(SHORT_TITLE)] },
      },
      this.data(),
    );
  }

  private data(): uPlot.AlignedData {
    const s = this.series;
    if (!s) return this.theory ? [[], [], []] : [[], []];
    // the first instant (t = 0) has no interval behind it, nor has a second record of one instant (a
    // collapse where the previous record was taken): their rates are not measurements
    const kept = measuredIntervals(s.time);
    const time = kept.map((k) => s.time[k] as number);
    const rate = kept.map((k) => s.rate[k] as number);
    const theory = this.theory;
    if (!theory) return [time, rate];
    // over the interval, as the measured rate: the mean of its ends' rates (∝ √T for one temperature)
    const kinds = theory.kinds;
    const at = (temperatures: readonly number[] | undefined): number | null => {
      if (!kinds || !temperatures || temperatures.length === 0) return null;
      let r = this.kindRates.get(temperatures);
      if (r === undefined) {
        r = kinds(temperatures);
        this.kindRates.set(temperatures, r);
      }
      return r;
    };
    const enskog = kept.map((k) => {
      const end = at(s.kinds[k]);
      const start = at(s.kindsBefore[k]);
      return end !== null && start !== null ? (start + end) / 2 : theory.coefficient * (s.rootTemperature[k] as number);
    });
    return [time, rate, enskog];
  }

  /** the run's output interval, s (a new load) */
  setOutputInterval(interval: number): void {
    this.interval = interval;
  }

  update(series: SeriesStore): void {
    this.series = series;
    this.view.showKept(series.kept());
    this.view.setData(this.data());
  }

  points(): number {
    return this.view.points();
  }
}
