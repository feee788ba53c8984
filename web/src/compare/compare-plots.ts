/**
 * The comparison's plots (uPlot), the three engines overlaid in their colours, every axis and title
 * with its quantity and unit: kinetic energy (linear or log), a chosen disc's velocity component,
 * the centre-of-mass height (the pile), and collisions or contacts made (log).
 */
import uPlot from 'uplot';
import { axisValues, fitAxisTitle, fitTitle, legendValue, logAxisValues, logScale, PlotView, type PlotNote } from '../plot/plot-view';
import { runTimeScale } from '../plot/series';
import { ENGINE_COLORS } from '../render/palette';
import { el } from '../ui/dom';
import { ENGINES, ENGINE_NAMES } from './protocol';
import { COMPONENTS, plotted, type CompareSeries, type Component } from './series';

export const COMPARE_PLOT_KINDS = ['energy', 'velocity', 'height', 'contacts', 'table'] as const;
export type ComparePlotKind = (typeof COMPARE_PLOT_KINDS)[number];
type ChartKind = Exclude<ComparePlotKind, 'table'>;

/** for the export buttons' labels and file names */
const NAMES: Readonly<Record<ChartKind, string>> = {
  energy: 'kinetic energy',
  velocity: 'velocity',
  height: 'centre-of-mass height',
  contacts: 'collisions and contacts',
};

const TIME_AXIS: uPlot.Axis = { label: 'time t (s)', values: axisValues };
const BASE: Pick<uPlot.Options, 'cursor' | 'legend'> = { cursor: { drag: { x: true, y: false } }, legend: { live: false } };
const LOG: uPlot.Scale = logScale();
/** a linear axis that always shows 0: differences of 1e-8 between the engines must not fill the plot */
const LINEAR: uPlot.Scale = {
  range: (_u, min, max) => {
    const lo = Math.min(0, min);
    const hi = Math.max(0, max);
    const pad = hi > lo ? 0.06 * (hi - lo) : 1;
    return [lo < 0 ? lo - pad : 0, hi + pad];
  },
};

/** the three engines as series (named by engine; the axis gives quantity and unit, so does the CSV); a step plot for counts */
function engineSeries(stepped = false): uPlot.Series[] {
  const paths = stepped ? uPlot.paths.stepped?.({ align: 1 }) : undefined;
  return ENGINES.map((k, i) => ({
    // "soft, Hunt–Crossley": a name ending in "(...)" would read as a unit in the CSV header
    label: ENGINE_NAMES[k].replace(/ \((.*)\)$/, ', $1'),
    stroke: ENGINE_COLORS[k],
    width: i === 0 ? 2.25 : 1.75,
    // dashes besides colour: the curves often lie on top of each other
    ...(i === 1 ? { dash: [7, 4] } : i === 2 ? { dash: [2, 3] } : {}),
    value: legendValue,
    points: { show: false },
    ...(paths ? { paths } : {}),
  }));
}

/**
 * Each plot's title, in full and in the short form a chart too narrow for the full one on one row
 * shows (fitTitle; embedded at 480 x 360 the chart is 240 px wide), both with the units. The
 * counts' unit is 1: collisions (and wall hits) of the event-driven engine, contacts made by the
 * soft and NSCD engines, cumulative.
 */
const TITLES: Readonly<Record<Exclude<ChartKind, 'velocity'>, readonly [full: string, short: string]>> = {
  energy: ['Kinetic energy E_kin (J) vs time t (s)', 'Kinetic energy E_kin (J) vs t (s)'],
  height: ['Height of the centre of mass y_cm (m) vs time t (s)', 'Height y_cm (m) vs t (s)'],
  contacts: ['Collisions or contacts made so far (1) vs time t (s)', 'Collisions, contacts (1) vs t (s)'],
};

/** The velocity plot's title, full and short (1-based disc), e.g. "Velocity v_x of disc 4 (m/s) vs time t (s)". */
export function velocityTitle(disc: number, component: Component): readonly [full: string, short: string] {
  const [, symbol, quantity] = COMPONENTS.find((c) => c[0] === component) ?? COMPONENTS[0]!;
  // "velocity v_x (m/s)" -> "Velocity v_x"
  const name = quantity.replace(/ \(.*\)$/, '');
  return [`${name.charAt(0).toUpperCase()}${name.slice(1)} of disc ${disc + 1} (m/s) vs time t (s)`, `${symbol} of disc ${disc + 1} (m/s) vs t (s)`];
}

/** whether a set-up's discs all move along y = 0 (the pair, the row, the cradle): its height plot is a flat line at 0 m */
export function heightFlat(setup: string): boolean {
  return setup !== 'pile' && setup !== 'gas';
}

/**
 * What the height plot says under it for a set-up other than the pile (null for the pile): on the
 * page and in its picture (PNG). The page shows it only embedded (the full page hides the card for
 * any but the pile), and an embed has no set-up to choose: "Choose the set-up “pile”" could not be
 * done there. Its way to the pile is the card's own "link" (the full page with this scenario, in a
 * new tab), where the set-up menu names the pile "small pile under gravity". The picture has no
 * link to follow: it says why, and no more.
 */
export function heightNote(setup: string): { page: string; picture: string } | null {
  if (setup === 'pile') return null;
  const why = heightFlat(setup) ? `the ${setup === 'head-on' ? 'pair' : setup}'s discs move along y = 0, so their height stays 0 m` : 'the gas has no gravity, and its centre of mass stays near the middle of its box';
  const picture = `Only the pile falls: ${why}.`;
  return { page: `${picture} For the pile: “link” below, set-up “small pile under gravity”.`, picture };
}

/** what the height card says in place of its chart, flat at 0 m, where that chart would take the canvases' room (compare.css) */
export const HEIGHT_FLAT_STATEMENT = 'Height y_cm = 0 m throughout';

/** The velocity plot's y axis: component and disc (1-based on the page), e.g. "v_x of disc 4 (m/s)". */
export function velocityAxisLabel(disc: number, component: Component): string {
  const [, symbol] = COMPONENTS.find((c) => c[0] === component) ?? COMPONENTS[0]!;
  return `${symbol} of disc ${disc + 1} (m/s)`;
}

/**
 * Each chart's y-axis title, in full (which the options keep, and the CSV's headers read) and the
 * short form drawn where the full one does not fit along the chart (fitAxisTitle: the plotting area
 * and the canvas beyond its ends; each chart's title names the quantity in full). Under the canvases
 * in a 375 x 600 frame the charts are some 87 px tall: "height y_cm (m)" (109 px) was drawn as
 * "height y_cm (m", "collisions or contacts (1)" (167 px) and "v_x of disc 1 (m/s)" (122 px) lost more.
 */
export function yAxisTitle(kind: ChartKind, disc: number, component: Component): readonly [full: string, short: string] {
  if (kind === 'velocity') {
    const [, symbol] = COMPONENTS.find((c) => c[0] === component) ?? COMPONENTS[0]!;
    return [velocityAxisLabel(disc, component), `${symbol} (m/s)`];
  }
  return Y_AXIS_TITLES[kind];
}
const Y_AXIS_TITLES: Readonly<Record<Exclude<ChartKind, 'velocity'>, readonly [full: string, short: string]>> = {
  energy: ['kinetic energy E_kin (J)', 'E_kin (J)'],
  height: ['height y_cm (m)', 'y_cm (m)'],
  contacts: ['collisions or contacts (1)', 'count (1)'],
};

export class ComparePlot {
  private readonly view: PlotView;
  private log = false;
  private disc = 0;
  private component: Component = 'vx';
  /** s, the run's output interval: a lone instant (t = 0, paused) spans one on the time axis */
  private interval = 1;
  /** the time axis: the run's span, as on the other pages (uPlot gave a lone instant 0–100 s) */
  private readonly timeScale = runTimeScale(() => this.interval);

  /** the line under the height plot when the set-up has no height to show (only the pile falls) */
  private readonly heightNote: PlotNote | null;

  constructor(private readonly container: HTMLElement, readonly kind: ChartKind) {
    this.view = new PlotView(container, 240, { name: NAMES[kind] });
    this.heightNote = kind === 'height' ? this.view.note({ id: 'height-note' }) : null;
    // the height card's heading in place of its chart, for a set-up whose discs move along y = 0 (shown by compare.css)
    if (kind === 'height') container.before(el('p', { class: 'plot-statement', id: 'height-statement' }, HEIGHT_FLAT_STATEMENT));
    this.build();
  }

  /**
   * The set-up now loaded. The full page hides the height card for any but the pile; an embed that asks
   * for that plot alone (plot=height) showed a row's flat 0 m line with nothing said. Where the discs
   * move along y = 0 the card is marked `height-flat`: stacked under the canvases in a portrait frame
   * it shows its statement and note instead of the flat chart (compare.css).
   */
  setKind(setup: string): void {
    const note = heightNote(setup);
    this.heightNote?.set(note?.page ?? null, '', note?.picture);
    if (this.kind === 'height') this.container.parentElement?.classList.toggle('height-flat', heightFlat(setup));
  }

  private build(): void {
    const label = (text: string, log = false): uPlot.Axis => ({ label: text, values: log ? logAxisValues : axisValues, size: 64 });
    const [title, short] = this.kind === 'velocity' ? velocityTitle(this.disc, this.component) : TITLES[this.kind];
    // the short title where the full one would take a second row (a 480 x 360 frame); the y axis' short
    // title where the full one is longer than the chart has room for beside its plotting area (a 375 x 600 frame)
    const fit = fitTitle(short);
    const [yTitle, yShort] = yAxisTitle(this.kind, this.disc, this.component);
    const hooks = { init: [fitAxisTitle(1, yShort), fit], setSize: [fit] };
    const common = { title, scales: { x: this.timeScale, y: LINEAR }, series: [{ label: 'time t (s)', value: legendValue }, ...engineSeries()], hooks, ...BASE };
    const empty: uPlot.AlignedData = [[], [], [], []];
    if (this.kind === 'energy') {
      this.view.build({ ...common, scales: { x: this.timeScale, y: this.log ? LOG : LINEAR }, axes: [TIME_AXIS, label(yTitle, this.log)] }, empty);
    } else if (this.kind === 'contacts') {
      this.view.build(
        {
          ...common,
          scales: { x: this.timeScale, y: LOG },
          axes: [TIME_AXIS, label(yTitle, true)],
          series: [{ label: 'time t (s)', value: legendValue }, ...engineSeries(true)],
        },
        empty,
      );
    } else {
      // the velocity's label names the disc: the CSV's headers come from it ("v_x of disc 4 — event-driven (m/s)")
      this.view.build({ ...common, axes: [TIME_AXIS, label(yTitle)] }, empty);
    }
  }

  /** the run's output interval, s (a new load) */
  setOutputInterval(interval: number): void {
    this.interval = interval;
  }

  /** the time axis' drawn range, s ([min, max]; null before the chart exists) */
  timeRange(): [number, number] | null {
    return this.view.xRange();
  }

  /** the energy plot's axis: linear or logarithmic */
  setLog(on: boolean): void {
    if (this.kind !== 'energy' || on === this.log) return;
    this.log = on;
    this.build();
  }

  /** the velocity plot's disc (0-based) and component */
  pick(disc: number, component: Component): void {
    if (this.kind !== 'velocity' || (disc === this.disc && component === this.component)) return;
    this.disc = disc;
    this.component = component;
    this.build();
  }

  update(series: CompareSeries): void {
    const t = series.time;
    const columns: ReadonlyArray<readonly number[]> =
      this.kind === 'energy' ? series.kinetic
        : this.kind === 'velocity' ? [0, 1, 2].map((e) => series.velocity(e, Math.min(this.disc, series.count - 1), this.component))
          : this.kind === 'height' ? series.height
            : series.contacts;
    // a log axis draws no zeros (null), but the CSV keeps them: 0 collisions at t = 0 is a value
    const log = this.kind === 'contacts' || (this.kind === 'energy' && this.log);
    this.view.setExportData(log ? ([t, ...columns.map((c) => plotted(c))] as unknown as uPlot.AlignedData) : null);
    this.view.setData([t, ...columns.map((c) => plotted(c, log))] as unknown as uPlot.AlignedData);
  }


  points(): number {
    return this.view.points();
  }

  csv(): string {
    return this.view.csv();
  }
}
