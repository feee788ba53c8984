/**
 * The avalanche's three plots (uPlot), every axis and title with its quantity and unit: runout L(t) with
 * L0 marked and the front velocity; kinetic energy (log axis); solver iterations per step (max
 * and mean) with the residual (log axis).
 */
import uPlot from 'uplot';
import { axisValues, COLORS, fitTitle, legendValue, logAxisValues, legendSwatch, logScale, PlotView, type PlotOptions } from '../plot/plot-view';
import { runTimeScale } from '../plot/series';
import { el } from '../ui/dom';
import type { SampleColumn, SampleSeries } from './sample-series';

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

/**
 * The axes' room. uPlot gives every axis a fixed 50 px for its tick values and 30 px for its title,
 * so a two-axis plot spent 180 px on axes: embedded at 480 px wide, a 240 px chart kept a 60 px wide
 * plotting area with a single time tick. Here each axis is as wide as its widest tick value needs
 * (axisSize), the titles get the room their one line of text needs, the ticks are shorter, and a
 * title longer than its side of the plotting area gives way to a short one (fitLabel).
 */
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const TICK_FONT = `12px ${FONT_FAMILY}`;
const LABEL_FONT = `bold 12px ${FONT_FAMILY}`;
/** px: tick length, gap between tick and value, and the room a title takes across its axis */
const TICK_LENGTH = 5;
const TICK_GAP = 4;
const LABEL_ROOM = 20;
/** px a horizontal tick value takes vertically (12 px text) */
const TICK_TEXT_HEIGHT = 15;

let measureContext: CanvasRenderingContext2D | null | undefined;
/** the width (CSS px) of `text` drawn in `font` */
function textWidth(text: string, font: string): number {
  if (measureContext === undefined) measureContext = document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * 7;
  measureContext.font = font;
  return measureContext.measureText(text).width;
}

/**
 * Room (CSS px) for an axis' tick values, tick and gap, the title excluded: across a y axis the widest
 * value, along an x axis one line of text. `values` is null before the first layout.
 */
export function axisSize(values: ReadonlyArray<string | null> | null, vertical: boolean, width: (text: string) => number): number {
  const text = vertical ? Math.max(0, ...(values ?? ['0.00']).map((v) => width(v ?? ''))) : TICK_TEXT_HEIGHT;
  return Math.ceil(TICK_LENGTH + TICK_GAP + text + 3);
}

/** `full` if it fits in `room` px as measured by `width`, else `short` */
export function fitLabel(full: string, short: string, room: number, width: (text: string) => number): string {
  return width(full) <= room ? full : short;
}

/** the short form of each axis title (by its text), for a plotting area too small for the full one */
const SHORT_TITLES = new Map<string, string>();

/**
 * An axis (`extra.side`: 2 bottom, 3 left, 1 right) with its room fitted to its tick values. Its
 * title stays the full text in the options, where the CSV export reads a series' quantity and unit
 * ("iterations per step — max over the interval (1)"); fitTitles swaps in `short` on the chart.
 */
function axis(full: string, short: string, extra: uPlot.Axis = {}): uPlot.Axis {
  const vertical = (extra.side ?? 3) % 2 === 1;
  SHORT_TITLES.set(full, short);
  return {
    values: axisValues,
    font: TICK_FONT,
    labelFont: LABEL_FONT,
    labelSize: LABEL_ROOM,
    ticks: { size: TICK_LENGTH },
    gap: TICK_GAP,
    ...extra,
    label: full,
    size: (_u: uPlot, values: string[] | null) => axisSize(values, vertical, (t) => textWidth(t, TICK_FONT)),
  };
}

/** At the chart's init: each axis title with a short form is drawn full when it fits its side of the plotting area, else short. */
function fitTitles(u: uPlot): void {
  for (const a of u.axes) {
    const full = a.label;
    const short = typeof full === 'string' ? SHORT_TITLES.get(full) : undefined;
    if (typeof full !== 'string' || short === undefined) continue;
    const vertical = (a.side ?? 3) % 2 === 1;
    a.label = (self: uPlot) => {
      const ratio = uPlot.pxRatio > 0 ? uPlot.pxRatio : 1;
      // a y title runs along the plotting area's height; the x title, centred under the plotting
      // area, may reach to the chart's edges
      const centre = (self.bbox.left + self.bbox.width / 2) / ratio;
      const room = (vertical ? self.bbox.height / ratio : 2 * Math.min(centre, self.width - centre)) - 4;
      return fitLabel(full, short, room, (t) => textWidth(t, LABEL_FONT));
    };
  }
}

const TIME_AXIS: uPlot.Axis = axis('time since the gate opened t (s)', 't (s)', { scale: 'x', side: 2 });

/**
 * Each plot's title, full and short, both with their units: the short one where the full one would
 * take a second row (fitTitle; a 480 x 360 frame's chart is 240 px wide, the page's some 290 px).
 */
export const AVALANCHE_TITLES: Readonly<Record<AvalanchePlotKind, readonly [full: string, short: string]>> = {
  runout: ['Runout L (m) and front velocity (m/s) vs time t (s)', 'Runout L (m), v (m/s) vs t (s)'],
  energy: ['Kinetic energy E_kin (J) vs time t (s)', 'Kinetic energy E_kin (J) vs t (s)'],
  iterations: ['Solver iterations per step (1) vs time t (s)', 'Iterations per step (1) vs t (s)'],
};

/** the options every plot shares, with its title and the hooks fitting the titles to the chart */
function base(kind: AvalanchePlotKind): Pick<uPlot.Options, 'title' | 'cursor' | 'legend' | 'hooks'> {
  const [title, short] = AVALANCHE_TITLES[kind];
  const fit = fitTitle(short);
  return { title, cursor: { drag: { x: true, y: false } }, legend: { live: false }, hooks: { init: [fitTitles, fit], setSize: [fit] } };
}

/**
 * Time since the gate opened: the data's span, or 0–1 s while there is one sample or none (uPlot
 * draws no x axis at all for an empty scale, so a new or reset plot had no time axis); the gas and
 * soft plots' rule (runTimeRange) with a span of 1 s rather than one output interval.
 */
export const EMPTY_TIME_SPAN = 1;

function xScale(): uPlot.Scale {
  return runTimeScale(() => EMPTY_TIME_SPAN);
}

/** The chart options of each plot (the axes' titles as plain text: the CSV headers take quantities and units from them). */
export function avalanchePlotOptions(kind: AvalanchePlotKind): PlotOptions {
  const logRange = logScale();
  if (kind === 'runout') {
    return {
      scales: { x: xScale(), y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.08 : 1] }, v: {} },
      axes: [
        TIME_AXIS,
        axis('runout L (m)', 'L (m)', { scale: 'y', side: 3 }),
        axis('front velocity (m/s)', 'front v (m/s)', { side: 1, scale: 'v', grid: { show: false } }),
      ],
      series: [
        { label: 't (s)', value: legendValue },
        line('runout L (m)', COLORS.blue),
        line('L0, settled width (m)', '#1d2025', 'y', { dash: [6, 4], width: 1.25 }),
        line('front velocity (m/s)', COLORS.vermillion, 'v', { width: 1.25 }),
      ],
      ...base(kind),
    };
  }
  if (kind === 'energy') {
    return {
      scales: { x: xScale(), y: logRange },
      axes: [TIME_AXIS, axis('kinetic energy (J)', 'E_kin (J)', { scale: 'y', side: 3, values: logAxisValues })],
      series: [{ label: 't (s)', value: legendValue }, line('kinetic energy (J)', COLORS.green)],
      ...base(kind),
    };
  }
  return {
    scales: { x: xScale(), y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] }, r: logRange },
    axes: [
      TIME_AXIS,
      axis('iterations per step (1)', 'iterations (1)', { scale: 'y', side: 3 }),
      axis('residual (× mean R)', 'residual (× R)', { side: 1, scale: 'r', values: logAxisValues, grid: { show: false } }),
    ],
    series: [
      { label: 't (s)', value: legendValue },
      line('max over the interval', COLORS.blue),
      line('mean over the interval', COLORS.green, 'y', { dash: [5, 3] }),
      line('residual, last step (× mean R)', COLORS.vermillion, 'r', { width: 1.25 }),
    ],
    ...base(kind),
  };
}

/**
 * Why the runout curve steps back and jumps: L is the main mass's front (the largest group of grains
 * in contact, issue 5), not the farthest grain, so a front grain that comes loose takes L back with it
 * and one that is caught up brings it forward, faster than any grain moves.
 */
export const RUNOUT_NOTE = 'L is the front of the main mass (the largest group of grains in contact): it steps back when front grains come loose, and forward when they touch it again.';

/**
 * Each curve's short label in its plot's compact legend (series order, x left out): under the canvas
 * in a 375 x 600 frame the iterations' three legend rows left the last one ("residual, last step
 * (× mean R)") below the frame's edge.
 */
export const AVALANCHE_SHORT_LABELS: Readonly<Record<AvalanchePlotKind, readonly string[]>> = {
  runout: ['L', 'L0', 'v'],
  energy: ['E_kin'],
  iterations: ['max', 'mean', 'residual'],
};

export interface SeriesSummary {
  root: HTMLElement;
  buttons: readonly HTMLButtonElement[];
  /** each button's aria-pressed as the chart's series are shown (an init and setSeries hook) */
  sync(u: uPlot): void;
}

/**
 * A plot's compact legend (PlotView's legendSummary), for a small embedded frame where the full one
 * takes a row per curve: one row of toggle buttons, a curve's swatch (its colour and dash) and short
 * label (`shorts`, the full label its name and tooltip), aria-pressed while the curve is drawn;
 * a click calls `toggle(index, shown)` (index 1 = the first curve after x), as a click on its full
 * legend entry switches it.
 */
export function seriesSummary(series: readonly uPlot.Series[], shorts: readonly string[], toggle: (index: number, shown: boolean) => void): SeriesSummary {
  const buttons = series.slice(1).map((s, k) => {
    const full = typeof s.label === 'string' ? s.label : (shorts[k] ?? '');
    const swatch = legendSwatch(s.stroke, s.dash, { 'aria-hidden': 'true' });
    const button = el('button', { type: 'button', class: 'series-toggle', 'aria-pressed': 'true', 'aria-label': full, title: full },
      swatch, el('span', { class: 'series-short' }, shorts[k] ?? full));
    button.addEventListener('click', () => toggle(k + 1, button.getAttribute('aria-pressed') === 'false'));
    return button;
  });
  const root = el('div', { role: 'group', 'aria-label': 'Legend: each entry shows or hides its series' }, ...buttons);
  return {
    root,
    buttons,
    sync: (u) => buttons.forEach((b, k) => b.setAttribute('aria-pressed', String(u.series[k + 1]?.show !== false))),
  };
}

export class AvalanchePlot {
  private readonly view: PlotView;

  constructor(container: HTMLElement, readonly kind: AvalanchePlotKind) {
    this.view = new PlotView(container, 250, { name: AVALANCHE_PLOT_NAMES[kind] });
    // under the chart, before its reproduce line, and in its picture
    if (kind === 'runout') this.view.note({ id: 'runout-note', className: 'runout-note' }).set(RUNOUT_NOTE);
    const plain = avalanchePlotOptions(kind);
    // a compact legend in a small embedded frame, its toggles following the chart's (either legend's clicks)
    const summary = seriesSummary(plain.series, AVALANCHE_SHORT_LABELS[kind], (index, shown) => this.view.setSeriesShown(index, shown));
    const hooks = plain.hooks ?? {};
    const options: PlotOptions = {
      ...plain,
      hooks: { ...hooks, init: [...(hooks.init ?? []), summary.sync], setSeries: [...(hooks.setSeries ?? []), summary.sync] },
    };
    const empty: uPlot.AlignedData = [[], ...options.series.slice(1).map((): number[] => [])];
    this.view.build(options, empty, summary.root);
  }

  update(series: SampleSeries, l0: number): void {
    const t = series.column('time');
    if (this.kind === 'runout') {
      this.view.setData([t, series.column('runout'), t.map(() => (l0 > 0 ? l0 : null)), series.column('frontVelocity')]);
      return;
    }
    // each chart's columns, named once; the last is on a log axis, which draws no zeros (positive:
    // null), while the CSV keeps them: a residual of 0 is a value
    const columns: SampleColumn[] = this.kind === 'energy' ? ['kineticEnergy'] : ['iterations', 'meanIterations', 'residual'];
    const last = columns.length - 1;
    this.view.setExportData([t, ...columns.map((c) => series.column(c))]);
    this.view.setData([t, ...columns.map((c, i) => (i === last ? series.positive(c) : series.column(c)))]);
  }

  points(): number {
    return this.view.points();
  }
}
