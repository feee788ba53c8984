/**
 * A uPlot chart for the chain panels: a title, axes labelled with quantity and unit, any number
 * of series (lines, step functions, bars, markers), linear or logarithmic y. The chart is rebuilt
 * when the set of series changes, otherwise only its data.
 */
import uPlot from 'uplot';
import { NO_PATH, pointsOnly } from '../plot/chart-export';
import { axisValues, fitTitle, legendValue, logAxisValues, PlotView } from '../plot/plot-view';
import type { ReproduceContext } from '../ui/reproduce';

export interface SeriesSpec {
  label: string;
  color: string;
  dash?: number[] | undefined;
  width?: number;
  /** step function: the value holds from a point until the next */
  stepped?: boolean;
  bars?: boolean;
  /** markers at the points (and no line when `line` is false) */
  points?: boolean;
  line?: boolean;
  fill?: string;
}

export interface ChainPlotOptions {
  /** with its unit(s), on one row of the chart ("Positions x_i (m) vs time t (s)") */
  title: string;
  /** the title's short form, with its units, shown where the full one would take a second row (fitTitle) */
  shortTitle?: string;
  xLabel: string;
  yLabel: string;
  logY?: boolean;
  /** logarithmic x axis (log–log with logY) */
  logX?: boolean;
  height?: number;
  /** x counts whole things (Newton's iteration k): ticks at whole numbers only, not 0.5, 1.5, … */
  integerX?: boolean;
  /** y range always includes 0 */
  yFromZero?: boolean;
  /** what the page shows beside the chart that its picture needs (the study's result and slopes): under the PNG's legend */
  pictureNotes?: () => readonly string[];
  /** the run the picture's reproduce line names: the panel's own (RunProvenance), not the page's */
  context?: ReproduceContext;
}

export type Column = ArrayLike<number | null>;

/** tick spacings of a whole-number axis (integerX) */
export const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];

/**
 * The legend swatch of each series drawn as markers alone (pointsOnly, judged on the options given:
 * uPlot turns `points.show` into a function): a filled dot of its colour (styles.css). The legend's
 * rows are the chart's last series, in order (a legend that is not live has no row for x), so a row
 * is matched to its series by place, not by a label two series may share.
 */
function dotSwatches(series: readonly uPlot.Series[]): (u: uPlot) => void {
  return (u) => {
    const rows = [...u.root.querySelectorAll<HTMLElement>('.u-legend .u-series')];
    const first = series.length - rows.length;
    rows.forEach((row, k) => {
      const s = series[first + k];
      const marker = row.querySelector<HTMLElement>('.u-marker');
      if (!s || !marker || !pointsOnly(s)) return;
      marker.classList.add('marker-dot');
      marker.style.background = typeof s.stroke === 'string' ? s.stroke : '';
    });
  };
}

export class ChainPlot {
  private readonly view: PlotView;
  private signature = '';

  constructor(container: HTMLElement, private readonly options: ChainPlotOptions) {
    this.view = new PlotView(container, options.height ?? 260);
    if (options.pictureNotes) this.view.pictureNotes(options.pictureNotes);
    if (options.context) this.view.reproduceFrom(options.context);
  }

  private build(series: readonly SeriesSpec[]): void {
    const o = this.options;
    const stepped = uPlot.paths.stepped?.({ align: 1 });
    const bars = uPlot.paths.bars?.({ size: [1, Infinity], align: 0 });
    const yScale: uPlot.Scale = o.logY
      ? { distr: 3, log: 10 }
      : o.yFromZero
        ? { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.08 : 1] }
        : { range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min - 0.05 * (max - min), max + 0.05 * (max - min)]) };
    const plotSeries: uPlot.Series[] = [
      { label: o.xLabel, value: legendValue },
      ...series.map((s): uPlot.Series => {
        const paths = s.bars ? bars : s.stepped ? stepped : undefined;
        return {
          label: s.label,
          stroke: s.color,
          width: s.width ?? 1.75,
          value: legendValue,
          ...(s.dash ? { dash: s.dash } : {}),
          ...(s.fill ? { fill: s.fill } : {}),
          ...(paths ? { paths } : s.line === false ? { paths: NO_PATH } : {}),
          points: s.points ? { show: true, size: 6, stroke: s.color, fill: s.color } : { show: false },
        };
      }),
    ];
    this.view.build(
      {
        title: o.title,
        // a log x axis spans the data, not the decades around it (the study's 0.25–12 ran to 100)
        scales: { x: o.logX ? { time: false, distr: 3, log: 10, range: (_u, min, max) => (min < max ? [min, max] : [min / 2, max * 2]) } : { time: false }, y: yScale },
        axes: [
          { label: o.xLabel, values: o.logX ? logAxisValues : axisValues, ...(o.integerX ? { incrs: WHOLE_STEPS } : {}) },
          { label: o.yLabel, values: o.logY ? logAxisValues : axisValues, size: 64 },
        ],
        series: plotSeries,
        cursor: { drag: { x: true, y: false } },
        legend: { live: false },
        hooks: {
          init: [dotSwatches(plotSeries), ...(o.shortTitle !== undefined ? [fitTitle(o.shortTitle)] : [])],
          ...(o.shortTitle !== undefined ? { setSize: [fitTitle(o.shortTitle)] } : {}),
        },
      },
      [[], ...series.map(() => [])],
    );
  }

  show(x: Column, series: ReadonlyArray<{ spec: SeriesSpec; data: Column }>): void {
    const signature = JSON.stringify(series.map((s) => s.spec));
    if (signature !== this.signature) {
      this.build(series.map((s) => s.spec));
      this.signature = signature;
    }
    const data = [x, ...series.map((s) => s.data)] as unknown as uPlot.AlignedData;
    this.view.setData(data);
  }

  /** the chart as a picture with its title and legend (PlotView.png); null before it is drawn */
  png(): Promise<Blob | null> {
    return this.view.png();
  }

  /** the reproduce line the picture carries at its foot */
  provenanceText(): string {
    return this.view.provenanceText();
  }

  /** x values plotted */
  points(): number {
    return this.view.points();
  }
}
