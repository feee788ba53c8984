/**
 * A uPlot chart that fills its container and follows its size. With an export name it also gets a
 * footer: the reproduce line (ui/reproduce.ts: scenario, seed, engine, precision, version, link)
 * and CSV / PNG buttons for the chart's data and picture.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { busyWhile } from '../ui/busy-button';
import { downloadBlob, downloadCsv } from '../ui/csv';
import { el, formatCount } from '../ui/dom';
import { exportFileName, reproduce, reproduceText, runStem, runSubject, type ReproduceContext } from '../ui/reproduce';
import { reproduceLine } from '../ui/reproduce-line';
import { chartCsv, pictureLegend, type CsvLabel } from './chart-export';
import { hoverReadout, type ReadoutSource } from './hover-readout';

export const COLORS = {
  blue: '#0072b2',
  vermillion: '#d55e00',
  green: '#009e73',
  blueFill: 'rgba(0, 114, 178, 0.30)',
} as const;

/** uPlot's own height is the plotting area + axes; the legend comes below it. */
const DEFAULT_HEIGHT = 230;
/** embedded beside the canvas, the chart is cut down to fit the frame, but not below this (CSS px) */
const EMBED_MIN_HEIGHT = 120;
/** and what follows the chart in its card (legend, option, export line) ends this far (CSS px) above the frame's bottom edge: the card's and the page's padding below it, with a little to spare (at 8 px the frame could scroll by 2 px; at 12 px, under the canvas in a 375 x 600 frame, where the card's padding is 6 px and the page's 7.5 px, by 1 px) */
const EMBED_BOTTOM_GAP = 14;
/**
 * embedded, a chart given a compact legend (build's `legendSummary`) shows it instead of its full
 * legend when the full one would leave the chart less tall than this (CSS px, plotting area and axes;
 * some 130 px of plotting area with a compact time axis): at 480 x 360 the soft hysteresis plot's ten
 * loops took five legend rows and left 60-100 px to plot in
 */
const FULL_LEGEND_MIN_HEIGHT = 180;

/**
 * embedded with the plot under the canvas (a portrait frame), the canvas leaves the chart at least this
 * height (CSS px, plotting area and axes; some 100 px of plotting area with a compact time axis): at
 * 375 x 600 the soft discs' square box took the frame's whole width and as much height, and the plot
 * began below the frame's bottom edge (plotRoomUnder)
 */
const STACKED_MIN_HEIGHT = 150;

/** embedded, a chart grows into a tall frame's room up to this many times its width in height */
const EMBED_GROW_ASPECT = 1;
/** CSS px a grown chart stays short of its room */
const EMBED_GROW_SLACK = 4;

/** the page is embedded with one plot (?embed=1&plot=…, ui/page-layout.ts): that plot fits the frame's height */
function fitsFrame(): boolean {
  return document.body.classList.contains('embed') && document.body.classList.contains('with-plot');
}

/**
 * Embedded with one plot under the simulation's column `above` (as a portrait frame stacks them): the
 * height (CSS px) that column must leave below itself for the plot to end inside the frame with its
 * chart `chart` tall (STACKED_MIN_HEIGHT unless the page gives it less; never below EMBED_MIN_HEIGHT, under
 * which the chart keeps its height and the frame scrolls): the gap down to the plots, their cards as
 * they are but for the chart's own height, and EMBED_BOTTOM_GAP under them. Null when no plot is shown
 * under it (none asked for, one beside it in a landscape frame, or the comparison's table, which comes
 * before it).
 */
export function plotRoomUnder(above: HTMLElement, chart = STACKED_MIN_HEIGHT): number | null {
  const least = Math.max(EMBED_MIN_HEIGHT, chart);
  if (!fitsFrame()) return null;
  const plots = above.parentElement?.querySelector<HTMLElement>(':scope > .plots');
  if (!plots) return null;
  const box = plots.getBoundingClientRect();
  const column = above.getBoundingClientRect();
  if (box.height === 0 || box.top < column.bottom) return null;
  // uPlot's .u-wrap is as tall as its chart (plotting area and axes): its title and legend stay counted
  let charts = 0;
  for (const wrap of plots.querySelectorAll<HTMLElement>('.uplot > .u-wrap')) {
    if (wrap.offsetParent !== null) charts += wrap.offsetHeight - least;
  }
  return box.bottom - column.bottom - charts + EMBED_BOTTOM_GAP;
}

export type PlotOptions = Omit<uPlot.Options, 'width' | 'height'>;

/** A line under a chart (PlotView.note): `set(null)` hides it. */
export interface PlotNote {
  readonly element: HTMLElement;
  /** `picture`: what the saved picture (PNG) says instead, where the page's line points at the page (a link below) */
  set(text: string | null, tooltip?: string, picture?: string): void;
}

export interface PlotExport {
  /** what the plot shows, for labels and file names, e.g. "energy" ("Download the energy plot as CSV") */
  name: string;
  /** the reproduce line's source (the page's provider by default) */
  context?: ReproduceContext;
  /**
   * lines a saved picture needs to explain itself that the page shows elsewhere (the chain lab's
   * result lines), as shown now: drawn under the PNG's legend. Lines under the chart itself are
   * PlotView.note(), which the picture carries on its own.
   */
  notes?: () => readonly string[];
  /**
   * each curve's label in the CSV headers, as the chart's title or note says it now (chartCsv's
   * `relabel`): the hysteresis plot's pair before its loops' times, the histogram's instant
   */
  csvLabel?: CsvLabel;
}

/**
 * A legend swatch's border style for a line drawn with `dash` ([on, off, …] px): 'dotted' when its
 * dashes are dots (2 px or less), 'dashed' for longer ones, 'solid' for a plain line.
 */
export function markerStyle(dash: readonly number[] | undefined): 'solid' | 'dashed' | 'dotted' {
  if (!dash || dash.length === 0) return 'solid';
  return (dash[0] ?? 0) <= 2 ? 'dotted' : 'dashed';
}

/**
 * A compact legend's swatch (class u-marker, as uPlot's own): a curve's colour (stroke; a non-string
 * stroke is drawn in the page's ink) and its dash as the border's style. Set through the CSSOM: the
 * site's CSP allows no style attribute.
 */
export function legendSwatch(stroke: unknown, dash: readonly number[] | undefined, attrs: Record<string, string>): HTMLElement {
  const swatch = el('span', { class: 'u-marker', ...attrs });
  swatch.style.borderColor = typeof stroke === 'string' ? stroke : '#1d2025';
  swatch.style.borderStyle = markerStyle(dash);
  return swatch;
}

export class PlotView {
  private plot: uPlot | null = null;
  private options: PlotOptions | null = null;
  /** x values at the last build or setData: counted then, not read back from this.data, whose
   *  arrays a caller may grow or empty in place (SampleSeries) */
  private drawnPoints = 0;
  private data: uPlot.AlignedData = [[]];
  private exportData: uPlot.AlignedData | null = null;
  private readonly observer: ResizeObserver;
  private context: ReproduceContext;
  private notes: () => readonly string[];
  private readonly csvLabel: CsvLabel | undefined;
  /** the reproduce line and export buttons (with an export name) */
  private foot: HTMLElement | null = null;
  /** one output in this many is drawn (the series behind the chart, thinned on a long run: their kept()), and the line that says so */
  private keptEvery = 1;
  private thinNote: PlotNote | null = null;
  /** the lines under the chart (note()), in the order made: on the page and in its picture */
  private readonly shownNotes: PlotNote[] = [];
  /** a compact stand-in for the legend (build's `legendSummary`), shown when the chart is short of room */
  private summary: HTMLElement | null = null;
  /** the series a user switched off in the legend, by label: still off when the chart is rebuilt */
  private readonly hidden = new HiddenSeries();

  constructor(private readonly container: HTMLElement, private height = DEFAULT_HEIGHT, exports?: PlotExport) {
    // embedded, on the next frame: there a refit changes the container's height too, which inside
    // the observer's callback would be a resize loop
    this.observer = new ResizeObserver(() => (fitsFrame() ? requestAnimationFrame(() => this.fit()) : this.fit()));
    this.observer.observe(container);
    // embedded, the chart follows what comes before it too: under the canvas in a portrait frame
    // (375 x 600) the play controls took a third row and the canvas grew once the run had started,
    // which moved the chart some 47 px down, its legend below the frame, and left its size unchanged
    // for the observer above; the page's height changes with them
    new ResizeObserver(() => {
      if (fitsFrame()) requestAnimationFrame(() => this.fit());
    }).observe(document.body);
    // an embedded chart follows the frame's height too, which need not change the container
    window.addEventListener('resize', () => {
      if (fitsFrame()) this.fit();
    });
    this.context = exports?.context ?? reproduce;
    this.notes = exports?.notes ?? (() => []);
    this.csvLabel = exports?.csvLabel;
    if (exports) this.addFooter(exports.name);
  }

  /**
   * The series behind the chart keep one output in `every` (EvenThinning, past `atMost` points on a long
   * run): the chart and its CSV had half the outputs the reader set, with nothing saying so. A line
   * under the chart (and in its picture) says it from then on.
   */
  showKept({ every, atMost }: { every: number; atMost: number }): void {
    if (every === this.keptEvery) return;
    this.keptEvery = every;
    this.thinNote ??= this.note({ className: 'thin-note' });
    this.thinNote.set(every > 1 ? thinnedText(every, atMost) : null);
  }

  /**
   * A line under the chart, before its reproduce line, hidden while it has no text; its picture (PNG)
   * carries it too while it is shown. The notes stand in the order they were made. (The energy plot's
   * "No Haff curve", the runout plot's note on its steps, the thinning line.)
   */
  note(options: { id?: string; className?: string } = {}): PlotNote {
    const element = el('p', { class: options.className ? `plot-note ${options.className}` : 'plot-note', hidden: true });
    if (options.id) element.id = options.id;
    const last = this.shownNotes[this.shownNotes.length - 1];
    (last ? last.element : this.container).after(element);
    const note: PlotNote = {
      element,
      set(text: string | null, tooltip = '', picture?: string): void {
        element.textContent = text ?? '';
        element.title = tooltip;
        if (picture === undefined) delete element.dataset['picture'];
        else element.dataset['picture'] = picture;
        element.hidden = text === null || text === '';
      },
    };
    this.shownNotes.push(note);
    return note;
  }

  /** the lines a saved picture carries under its legend (PlotExport's `notes`), for a chart whose card has its own buttons */
  pictureNotes(notes: () => readonly string[]): void {
    this.notes = notes;
  }

  /**
   * The reproduce line's source (PlotExport's `context`) for a chart whose card has its own buttons:
   * each chain-lab panel names its own run, and their pictures said "Unnamed scenario" from the page's.
   */
  reproduceFrom(context: ReproduceContext): void {
    this.context = context;
  }

  /** the reproduce line as the picture (PNG) writes it under the chart */
  provenanceText(): string {
    return reproduceText(this.context.get());
  }

  /** the reproduce line and the export buttons, below the chart */
  private addFooter(name: string): void {
    const line = reproduceLine(this.context, `the ${name} plot`);
    const csv = el('button', { type: 'button', class: 'plot-export-button', 'aria-label': `Download the ${name} plot as CSV`, title: 'Every series of this plot as CSV, those switched off in its legend too' }, 'CSV');
    const png = el('button', { type: 'button', class: 'plot-export-button plot-export-png', 'aria-label': `Download the ${name} plot as PNG`, title: 'This plot as a PNG picture' }, 'PNG');
    csv.addEventListener('click', () => this.downloadCsv(name));
    png.addEventListener('click', () => busyWhile(png, () => this.downloadPng(name)));
    const tools = el('span', { class: 'plot-export', role: 'group', 'aria-label': `Export the ${name} plot` }, csv, png);
    // last in the plot's card (after its options, e.g. the log-axis box), else right below the chart
    const foot = el('div', { class: 'plot-foot' }, line, tools);
    this.foot = foot;
    // its text arrives with the scenario and may take another row: an embedded chart refits
    this.observer.observe(foot);
    const card = this.container.parentElement;
    if (card instanceof HTMLElement && card.tagName === 'FIGURE') card.append(foot);
    else this.container.after(foot);
  }

  /** what the values-under-the-pointer line reads (hover-readout.ts): the chart's own data and labels unless a chart says otherwise */
  protected readoutSource(): ReadoutSource {
    return {};
  }

  /**
   * Every series as CSV (x column first), full precision, each column of values naming the run its
   * picture's reproduce line names (runSubject: scenario, an edited one's hash, seed, engine and
   * version), as the chain lab's CSVs name their inputs: the file said nothing of the run it came
   * from, nor of the engine and build that made it.
   */
  csv(): string {
    return this.dataCsv(runSubject(this.context.get()));
  }

  /** the CSV with `run` in its headers of values: the values of setExportData where given, else those drawn (a chart whose CSV is not its data overrides it) */
  protected dataCsv(run: string): string {
    return this.options ? chartCsv(this.options, this.exportData ?? this.data, this.csvLabel, run) : '';
  }

  /**
   * The values the CSV holds when they differ from those drawn (null: the drawn ones). A log axis
   * cannot draw 0, so a chart gives it null there, and the CSV wrote those instants' zeros as empty
   * cells ("0,,," for the comparison's collisions at t = 0).
   */
  setExportData(data: uPlot.AlignedData | null): void {
    this.exportData = data;
  }

  private downloadCsv(name: string): void {
    if (!this.options) return;
    downloadCsv(exportFileName(runStem(this.context.get()), name, 'csv'), this.csv());
  }

  private async downloadPng(name: string): Promise<void> {
    const blob = await this.png();
    if (blob) downloadBlob(exportFileName(runStem(this.context.get()), name, 'png'), blob);
  }

  /**
   * The chart at device resolution on white, with its title above and below it the names of the
   * series drawn (those switched off in the legend are not drawn, nor named), the notes the page
   * shows with the chart (PlotExport's `notes`) and the reproduce line.
   */
  png(): Promise<Blob | null> {
    const plot = this.plot;
    const options = this.options;
    if (!plot || !options) return Promise.resolve(null);
    const chart = plot.ctx.canvas;
    const ratio = chart.width / Math.max(1, plot.width);
    const font = (px: number, weight = ''): string => `${weight} ${Math.round(px * ratio)}px system-ui, sans-serif`.trim();
    const pad = Math.round(8 * ratio);
    const titleHeight = options.title ? Math.round(24 * ratio) : 0;
    const entries = pictureLegend(options.series, plot.series.map((s) => s.show !== false));
    const measure = document.createElement('canvas').getContext('2d');
    if (measure) measure.font = font(12);
    // the legend wraps onto as many rows as it needs (none when every series is switched off)
    const rows: (typeof entries)[] = entries.length > 0 ? [[]] : [];
    let x = pad;
    for (const entry of entries) {
      const width = 28 * ratio + (measure?.measureText(entry.label).width ?? entry.label.length * 7 * ratio) + 16 * ratio;
      if (x + width > chart.width - pad && (rows[rows.length - 1]?.length ?? 0) > 0) {
        rows.push([]);
        x = pad;
      }
      rows[rows.length - 1]?.push(entry);
      x += width;
    }
    const rowHeight = Math.round(20 * ratio);
    // the page's notes on the chart, as on the page under its legend, on as many lines as they need
    if (measure) measure.font = font(11);
    const shown = this.shownNotes.filter((n) => !n.element.hidden).map((n) => n.element.dataset['picture'] ?? n.element.textContent ?? '');
    const notes = [...this.notes(), ...shown].flatMap((note) => wrapWords(note, chart.width - 2 * pad, (t) => measure?.measureText(t).width ?? t.length * 6.5 * ratio));
    const noteHeight = Math.round(16 * ratio);
    // the picture carries its provenance: the reproduce line, small, at the bottom, on as many lines as it needs
    if (measure) measure.font = font(10);
    const provenance = wrapWords(this.provenanceText(), chart.width - 2 * pad, (t) => measure?.measureText(t).width ?? t.length * 6 * ratio);
    const lineHeight = Math.round(14 * ratio);
    const out = document.createElement('canvas');
    out.width = chart.width;
    const legendBottom = titleHeight + chart.height + rows.length * rowHeight;
    const notesBottom = legendBottom + notes.length * noteHeight;
    out.height = notesBottom + provenance.length * lineHeight + 2 * pad;
    const ctx = out.getContext('2d');
    if (!ctx) return Promise.resolve(null);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.fillStyle = '#1d2025';
    ctx.textBaseline = 'middle';
    if (options.title) {
      ctx.font = font(14, 'bold');
      ctx.textAlign = 'center';
      ctx.fillText(options.title, out.width / 2, titleHeight / 2, out.width - 2 * pad);
    }
    ctx.drawImage(chart, 0, titleHeight);
    ctx.textAlign = 'left';
    ctx.font = font(12);
    rows.forEach((row, r) => {
      const y = titleHeight + chart.height + r * rowHeight + rowHeight / 2;
      let left = pad;
      for (const entry of row) {
        if (entry.fill !== null) {
          // an area: a box filled as the chart fills it, edged in its line's colour
          const [w, h] = [16 * ratio, 10 * ratio];
          ctx.fillStyle = entry.fill;
          ctx.fillRect(left + 2 * ratio, y - h / 2, w, h);
          ctx.strokeStyle = entry.stroke;
          ctx.lineWidth = 1.5 * ratio;
          ctx.strokeRect(left + 2 * ratio, y - h / 2, w, h);
        } else if (entry.dot) {
          // markers alone on the chart: a dot of their size, not a line they are not joined by
          ctx.fillStyle = entry.stroke;
          ctx.beginPath();
          ctx.arc(left + 10 * ratio, y, 3.5 * ratio, 0, 2 * Math.PI);
          ctx.fill();
        } else {
          ctx.strokeStyle = entry.stroke;
          ctx.lineWidth = 2 * ratio;
          ctx.setLineDash(entry.dash.map((d) => d * ratio));
          ctx.beginPath();
          ctx.moveTo(left, y);
          ctx.lineTo(left + 20 * ratio, y);
          ctx.stroke();
          ctx.setLineDash([]);
        }
        ctx.fillStyle = '#1d2025';
        ctx.fillText(entry.label, left + 28 * ratio, y);
        left += 28 * ratio + ctx.measureText(entry.label).width + 16 * ratio;
      }
    });
    ctx.fillStyle = '#1d2025';
    ctx.font = font(11);
    notes.forEach((line, k) => ctx.fillText(line, pad, legendBottom + (k + 0.5) * noteHeight));
    ctx.fillStyle = '#5b6370';
    ctx.font = font(10);
    provenance.forEach((line, k) => {
      ctx.fillText(line, pad, notesBottom + pad + (k + 0.5) * lineHeight);
    });
    return new Promise((resolve) => out.toBlob((blob) => resolve(blob), 'image/png'));
  }

  private size(): { width: number; height: number } {
    return { width: Math.max(200, Math.floor(this.container.clientWidth)), height: this.fittedHeight() };
  }

  /**
   * The chart's height: as asked, or embedded with this one plot, no taller than lets the chart's
   * title, plotting area and legend, an option under it (the log axis) and the card's export line
   * end inside the frame (in a 480 x 360 frame the legend fell below its bottom edge; later the
   * export line, left for the frame to scroll to, ended 60-120 px below it).
   */
  private fittedHeight(): number {
    const room = this.room();
    // a chart that starts too low to fit (under the canvas, in a portrait frame) keeps its height: the frame scrolls to it
    if (room === null || room < EMBED_MIN_HEIGHT) return this.height;
    // a frame taller than the chart asks: it grows into it, up to about as tall as it is wide (a
    // 900 x 560 frame left 150-220 px blank under the avalanche's energy plot)
    const tallest = Math.max(this.height, EMBED_GROW_ASPECT * this.container.clientWidth);
    // grown, it keeps a few px short of the room: filled to the pixel, rounding made the page 1 px taller than the frame
    return Math.floor(room > this.height ? Math.max(this.height, Math.min(room - EMBED_GROW_SLACK, tallest)) : room);
  }

  /**
   * The height the chart may take, embedded with this one plot, for all that comes with it to end
   * inside the frame, with the legend as shown (`full`: with the full legend, whichever is shown);
   * null when the chart is not fitted to the frame or not shown.
   */
  private room(full = false): number | null {
    const plot = this.plot;
    if (!plot || !fitsFrame()) return null;
    const box = plot.root.getBoundingClientRect();
    if (box.height === 0) return null; // not shown
    let bottom = box.bottom;
    const card = this.container.parentElement;
    for (let part = this.container.nextElementSibling; card?.tagName === 'FIGURE' && part; part = part.nextElementSibling) {
      bottom = Math.max(bottom, part.getBoundingClientRect().bottom);
    }
    if (this.foot) bottom = Math.max(bottom, this.foot.getBoundingClientRect().bottom);
    let besides = bottom - box.top - plot.height; // the title, the legend, the option, the export line
    if (full && this.compactLegend()) {
      // the summary shown, the full legend laid out at the chart's width but taking no room (styles.css)
      const legend = plot.root.querySelector<HTMLElement>(':scope > .u-legend');
      besides += (legend?.offsetHeight ?? 0) - (this.summary?.offsetHeight ?? 0);
    }
    return window.innerHeight - (box.top + window.scrollY) - besides - EMBED_BOTTOM_GAP;
  }

  private compactLegend(): boolean {
    return this.plot?.root.classList.contains('legend-compact') ?? false;
  }

  /**
   * The full legend, or its compact summary where the full one would leave the chart short of room
   * (FULL_LEGEND_MIN_HEIGHT; embedded only: on a page the frame scrolls). The choice depends on the
   * chart's width and the frame, not on the legend shown, so refits settle.
   */
  private chooseLegend(): void {
    const plot = this.plot;
    if (!plot || !this.summary) return;
    const room = this.room(true);
    const compact = room !== null && room < Math.min(this.height, FULL_LEGEND_MIN_HEIGHT);
    if (compact !== this.compactLegend()) plot.root.classList.toggle('legend-compact', compact);
  }

  /** whether the chart shows its compact legend (build's `legendSummary`) */
  legendCompact(): boolean {
    return this.compactLegend();
  }

  private fit(): void {
    if (!this.plot) return;
    this.chooseLegend();
    const { width, height } = this.size();
    if (width !== this.plot.width || height !== this.plot.height) this.plot.setSize({ width, height });
  }

  /**
   * (Re)creates the chart with new options, keeping the data. `legendSummary`: a compact stand-in
   * for the legend (class "legend-summary"), shown in its place where the full one leaves the chart
   * short of room in an embedded frame (chooseLegend).
   */
  build(plotOptions: PlotOptions, data: uPlot.AlignedData, legendSummary?: HTMLElement): void {
    const options = plotOptions.series ? { ...plotOptions, series: showLonePoints(plotOptions.series) } : plotOptions;
    const size = this.size(); // the old chart's fitted height, if any
    // a keyboard user's place in the legend, kept through the rebuild (the soft hysteresis plot is
    // rebuilt at each output instant of a contact): the same series' entry, or the same place
    const focused = this.plot ? focusedLegendEntry(this.plot) : null;
    this.plot?.destroy();
    // kept as given (a rebuild starts from them again); the chart gets the axes' tick room and records its ticks
    this.options = options;
    this.data = data;
    this.drawnPoints = data[0]?.length ?? 0;
    const fitted = withLogSplits(fitsFrame() ? compactTimeAxis(withTickRoom(options)) : withTickRoom(options));
    // the legend's toggles follow each series switched on or off: by mouse, keyboard or setSeriesShown;
    // and the memory of those switched off, which the new chart starts from (a rebuild turned every
    // series back on: the energy plot's log axis, Haff's curve coming or going, Reset, a new load)
    const remember = (u: uPlot, index: number | null, opts: uPlot.Series): void => {
      if (opts.show !== undefined) this.hidden.record(options.series ?? [], u.series.map((s) => s.show !== false), index);
    };
    const hooks: uPlot.Hooks.Arrays = { ...fitted.hooks, setSeries: [...(fitted.hooks?.setSeries ?? []), syncLegendToggles, remember] };
    const series = fitted.series ? this.hidden.apply(fitted.series) : fitted.series;
    // the values under the pointer, on a line of its own under the chart (the legend stays fixed)
    const plugins = [...(fitted.plugins ?? []), hoverReadout(options, this.readoutSource())];
    // a dashed line's legend swatch dashed too (the soft ledger's total and initial energy share a
    // colour), and a dotted one dotted (the avalanche study's 1.9 a^(2/3) beside the dashed 1.2 a)
    const legend: uPlot.Legend = { ...fitted.legend, markers: { dash: (u, i) => markerStyle(u.series[i]?.dash), ...fitted.legend?.markers } };
    this.plot = new uPlot({ ...this.recordingTicks({ ...fitted, ...(series ? { series } : {}), hooks, plugins, legend }), ...size }, data, this.container);
    legendToggles(this.plot);
    if (focused) refocusLegendEntry(this.plot, focused);
    this.summary = legendSummary ?? null;
    if (this.summary) {
      this.summary.classList.add('legend-summary');
      this.plot.root.append(this.summary);
    }
    // the new chart's title and legend may leave another height (embedded): measured once uPlot has
    // sized its plotting area, in the microtask its constructor queued (measured at once, what follows
    // the chart in its card stood where the unsized chart left it, and a note under the energy plot
    // pushed the card 5 px below a 480 x 360 frame; the refitted chart, as tall as the old one, gave
    // the resize observer nothing to report)
    if (fitsFrame()) {
      const plot = this.plot;
      queueMicrotask(() => {
        if (this.plot === plot) this.fit();
      });
    }
  }

  setData(data: uPlot.AlignedData, resetScales = true): void {
    const count = data[0]?.length ?? 0;
    const emptied = count === 0 && this.drawnPoints > 0;
    this.drawnPoints = count;
    this.data = data;
    // uPlot keeps the last ranges when given no points, so a plot emptied by Reset went on showing
    // the old run's time axis; a new chart starts from the empty plot's own ranges (and its compact legend)
    if (emptied && this.options) this.build(this.options, data, this.summary ?? undefined);
    else this.plot?.setData(data, resetScales);
  }

  /**
   * The options with each axis' tick labels, as last drawn, written on the chart's container
   * (data-ticks0, data-ticks1, …, the labels joined by spaces, blanks left out), and the room between
   * two ticks in CSS px (data-ticks0-space, …): what the end-to-end tests read of an axis drawn on a
   * canvas.
   */
  private recordingTicks(options: PlotOptions): PlotOptions {
    if (!options.axes) return options;
    const container = this.container;
    const axes = options.axes.map((axis, k): uPlot.Axis => {
      const values = axis.values;
      if (typeof values !== 'function') return axis;
      return {
        ...axis,
        values: (u, splits, axisIdx, space, incr) => {
          const labels = values(u, splits, axisIdx, space, incr);
          // written only when the ticks change: the axis is drawn on every frame of a running page
          const drawn = labels.filter((v) => v !== null && v !== '').join(' ');
          if (container.dataset[`ticks${k}`] !== drawn) container.dataset[`ticks${k}`] = drawn;
          // and the room between two ticks, CSS px: what the labels must fit in
          const room = String(Math.round(space * 100) / 100);
          if (container.dataset[`ticks${k}Space`] !== room) container.dataset[`ticks${k}Space`] = room;
          return labels;
        },
      };
    });
    return { ...options, axes };
  }

  /** Switches series `index` (1 = the first after x) on or off, as a click on its legend entry does (uPlot's setSeries hooks run). */
  setSeriesShown(index: number, shown: boolean): void {
    const plot = this.plot;
    if (plot && index > 0 && index < plot.series.length && plot.series[index]?.show !== shown) plot.setSeries(index, { show: shown });
  }

  /** number of x values currently plotted */
  points(): number {
    return this.drawnPoints;
  }

  /** the x axis' drawn range, [min, max] (null before the chart exists) */
  xRange(): [number, number] | null {
    const x = this.plot?.scales['x'];
    return x && x.min != null && x.max != null ? [x.min, x.max] : null;
  }

  setHeight(height: number): void {
    this.height = height;
    this.fit();
  }
}

/**
 * A series whose legend entry stays a plain label, not a toggle: give it this `class` (uPlot adds a
 * series' class to its legend row), e.g. a placeholder that draws nothing.
 */
export const LEGEND_FIXED = 'legend-fixed';

/**
 * The series a user switched off in a chart's legend, by label, for the chart rebuilt from new
 * options to start with them off (every rebuild turned them all back on). Only series whose options
 * leave `show` unset: a page that sets it keeps its own memory (the soft hysteresis plot's
 * HiddenLoops, by pair and impact time: two pairs' loops may share a label). A label that a rebuild
 * no longer has is forgotten (a series that comes back later comes back on). The x series (0) and
 * LEGEND_FIXED series are not the user's to switch.
 */
export class HiddenSeries {
  private readonly off = new Set<string>();

  /** the series the memory keeps: labelled, switchable, `show` left to the legend */
  private static kept(s: uPlot.Series | undefined, index: number): s is uPlot.Series & { label: string } {
    return index > 0 && s !== undefined && typeof s.label === 'string' && s.show === undefined && !(s.class ?? '').split(/\s+/).includes(LEGEND_FIXED);
  }

  /**
   * The series for a new chart: those remembered as switched off given `show: false`. The memory
   * forgets the labels these series do not have.
   */
  apply(series: uPlot.Series[]): uPlot.Series[] {
    const labels = new Set(series.flatMap((s, k) => (HiddenSeries.kept(s, k) ? [s.label] : [])));
    for (const label of [...this.off]) if (!labels.has(label)) this.off.delete(label);
    return series.map((s, k) => (HiddenSeries.kept(s, k) && this.off.has(s.label) ? { ...s, show: false } : s));
  }

  /**
   * Series `index` (null: all) of a chart built from `series` switched on or off, `shown` being each
   * series' state in the chart now (a setSeries hook).
   */
  record(series: readonly uPlot.Series[], shown: readonly boolean[], index: number | null): void {
    series.forEach((s, k) => {
      if ((index !== null && k !== index) || !HiddenSeries.kept(s, k)) return;
      if (shown[k] === false) this.off.add(s.label);
      else this.off.delete(s.label);
    });
  }

  /** the labels remembered as switched off */
  labels(): string[] {
    return [...this.off];
  }
}

/** the legend's entries (uPlot's cells that a click switches), each with its series' index */
function legendEntries(u: uPlot): Array<{ cell: HTMLElement; index: number; fixed: boolean }> {
  const rows = [...u.root.querySelectorAll<HTMLElement>(':scope > .u-legend .u-series')];
  // a legend that is not live, and a facet chart's, has no row for x: the rows are the last series'
  const first = u.series.length - rows.length;
  return rows.flatMap((row, k) => {
    const cell = row.querySelector<HTMLElement>(':scope > th');
    return cell ? [{ cell, index: first + k, fixed: row.classList.contains(LEGEND_FIXED) }] : [];
  });
}

/**
 * uPlot's legend entries as toggle buttons: a click switched a series on or off, but the entries were
 * table cells a keyboard could not reach and a screen reader did not announce. Each entry (but
 * LEGEND_FIXED's) is now focusable, a button whose aria-pressed says whether its series is drawn,
 * switched by Enter and Space as by a click (the site's focus ring, styles.css); the table is a group
 * of them.
 */
function legendToggles(u: uPlot): void {
  const legend = u.root.querySelector<HTMLElement>(':scope > .u-legend');
  if (!legend) return;
  const entries = legendEntries(u);
  const toggles = entries.filter((e) => !e.fixed).length;
  legend.setAttribute('role', 'group');
  legend.setAttribute('aria-label', toggles > 0 ? 'Legend: each entry shows or hides its series' : 'Legend');
  for (const part of legend.querySelectorAll(':scope > tbody, :scope > thead, :scope > * > tr')) part.setAttribute('role', 'none');
  for (const { cell, index, fixed } of entries) {
    if (fixed) {
      cell.setAttribute('role', 'none');
      continue;
    }
    cell.tabIndex = 0;
    cell.setAttribute('role', 'button');
    cell.addEventListener('keydown', (e) => {
      if ((e.key !== 'Enter' && e.key !== ' ') || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault(); // Space would scroll the page
      if (!e.repeat) u.setSeries(index, { show: u.series[index]?.show === false });
    });
  }
  syncLegendToggles(u);
}

/** each legend toggle's aria-pressed as its series' `show` (a setSeries hook) */
function syncLegendToggles(u: uPlot): void {
  for (const { cell, index, fixed } of legendEntries(u)) {
    const pressed = String(u.series[index]?.show !== false);
    if (!fixed && cell.getAttribute('aria-pressed') !== pressed) cell.setAttribute('aria-pressed', pressed);
  }
}

/** the legend toggle that has the focus: its series' index and label */
function focusedLegendEntry(u: uPlot): { index: number; label: string } | null {
  const active = document.activeElement;
  const entry = legendEntries(u).find((e) => !e.fixed && e.cell === active);
  return entry ? { index: entry.index, label: entry.cell.textContent ?? '' } : null;
}

/** the focus onto the new chart's legend: the entry with the same label, else the one in the same place */
function refocusLegendEntry(u: uPlot, old: { index: number; label: string }): void {
  const toggles = legendEntries(u).filter((e) => !e.fixed);
  const entry = toggles.find((e) => (e.cell.textContent ?? '') === old.label) ?? toggles.filter((e) => e.index <= old.index).pop() ?? toggles[0];
  entry?.cell.focus({ preventScroll: true });
}

/**
 * Series drawn as lines without points get their point back where a line cannot be drawn: one
 * value in view (the plots at t = 0, or a run that stopped at its first output instant, showed
 * nothing at all). The x series and series that choose their points otherwise are left alone.
 */
export function showLonePoints(series: uPlot.Series[]): uPlot.Series[] {
  return series.map((s, k) =>
    k === 0 || s.points?.show !== false ? s : { ...s, points: { ...s.points, show: (_u: uPlot, _s: number, i0: number, i1: number) => i1 <= i0 } },
  );
}

/** CSS px: uPlot's least room between the ticks of a horizontal axis (its default), and the least we go down to */
const TICK_SPACE = { max: 50, min: 28 } as const;

/**
 * The least room between the ticks of a horizontal axis for a plotting area `plotDim` CSS px wide,
 * before its labels are measured (labelTickSpace): uPlot's 50 px, or a quarter of the width when that
 * is less (not below 28 px). uPlot picks the tick step among 1, 2, 2.5, 5 × 10^k, each at most twice
 * the one before, so a quarter of the width leaves at least two ticks: with 50 px, a 120 px wide
 * collision-rate plot embedded in a 480 × 360 frame showed one time tick ("1") from 0.1 to 1.6 s.
 */
export function tickSpace(plotDim: number): number {
  return Math.max(TICK_SPACE.min, Math.min(TICK_SPACE.max, plotDim / 4));
}

/** CSS px: the least clear gap between two neighbouring labels of a horizontal axis */
export const TICK_LABEL_GAP = 8;

/** uPlot's tick steps for a linear axis (its numIncrs): 1, 2, 2.5, 5 × 10^k */
const TICK_STEPS: readonly number[] = Array.from({ length: 64 }, (_, k) => k - 32).flatMap((e) => [1, 2, 2.5, 5].map((m) => Number(`${m}e${e}`)));

/** The tick step uPlot takes for ticks at least `space` px apart (its findIncr): the least such step, and its room in px; null: none. */
export function tickStep(min: number, max: number, plotDim: number, space: number, steps: readonly number[] = TICK_STEPS): { step: number; room: number } | null {
  const span = max - min;
  if (!(span > 0) || !(plotDim > 0)) return null;
  const step = steps.find((s) => (plotDim * s) / span >= space);
  return step === undefined ? null : { step, room: (plotDim * step) / span };
}

/** The multiples of `step` in [min, max] (uPlot's splits of a linear axis), without the float noise of k × step. */
export function tickValues(min: number, max: number, step: number): number[] {
  const out: number[] = [];
  const first = Math.ceil(min / step - 1e-9);
  const last = Math.floor(max / step + 1e-9);
  for (let k = first; k <= last && out.length < 1000; k++) out.push(Number((k * step).toPrecision(12)) || 0);
  return out;
}

/**
 * The room (CSS px) to ask between the ticks of a horizontal axis so that no two of its labels
 * overlap: from tickSpace, widened until the labels of the step it leads to (`labels`, the axis' own
 * formatting, measured by `width`) fit between their ticks with TICK_LABEL_GAP to spare. A fixed
 * room could not: the collision-rate plot embedded at 480 × 360, 120 px wide, spans 0-0.02 s at its
 * first output instants, and 30 px per 0.005 s ran "0.01", "0.015" and "0.02" together.
 */
export function labelTickSpace(
  min: number,
  max: number,
  plotDim: number,
  labels: (ticks: number[], step: number, room: number) => ReadonlyArray<string | number | null>,
  width: (text: string) => number,
  steps: readonly number[] = TICK_STEPS,
): number {
  let space = tickSpace(plotDim);
  // each round asks for more room, so a coarser step; a handful of rounds settles (a coarser step's
  // labels are rarely longer: 0.25 after 0.2)
  for (let round = 0; round < 6; round++) {
    const found = tickStep(min, max, plotDim, space, steps);
    if (!found) return space;
    const texts = labels(tickValues(min, max, found.step), found.step, found.room).map((t) => (t === null ? '' : String(t)));
    let need = 0;
    for (let k = 1; k < texts.length; k++) {
      const a = texts[k - 1] ?? '';
      const b = texts[k] ?? '';
      // neighbours' halves (labels are centred on their ticks); an unlabelled tick leaves room
      if (a !== '' && b !== '') need = Math.max(need, (width(a) + width(b)) / 2 + TICK_LABEL_GAP);
    }
    if (need <= found.room) return space;
    space = Math.max(space + 1, Math.ceil(need));
  }
  return space;
}

/** uPlot's font for tick labels (CSS px), where an axis sets none */
const TICK_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"';

/** measured label widths, by font and text (an axis is laid out on every frame of a running page) */
const labelWidths = new Map<string, number>();

/**
 * The width (CSS px) of tick label `text` of axis `axisIdx` as uPlot draws it: in the axis' font,
 * which uPlot keeps, once the chart exists, as [font at the device's pixel ratio, size, CSS size].
 * NaN where nothing can measure (no canvas).
 */
function tickLabelWidth(u: uPlot, axisIdx: number, text: string): number {
  const font: unknown = u.axes?.[axisIdx]?.font;
  const ratio = uPlot.pxRatio > 0 ? uPlot.pxRatio : 1;
  const [css, scale] = Array.isArray(font) && typeof font[0] === 'string' ? [font[0], ratio] : typeof font === 'string' ? [font, 1] : [TICK_FONT, 1];
  const key = `${css}\n${text}`;
  const known = labelWidths.get(key);
  if (known !== undefined) return known;
  measuring ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measuring) return NaN;
  measuring.font = css;
  const w = measuring.measureText(text).width / scale;
  if (labelWidths.size > 4000) labelWidths.clear();
  labelWidths.set(key, w);
  return w;
}

/**
 * The options with room for the labels on every horizontal axis (bottom or top) of a linear scale
 * that does not set its own space: labelTickSpace with the axis' own `values` and the labels'
 * measured widths (`width`, by default in the axis' font on a canvas), or tickSpace where there is
 * nothing to measure. Log axes, whose ticks are decades (logAxisValues spaces their labels), and
 * vertical axes (uPlot: 30 px) keep theirs.
 */
export function withTickRoom(options: PlotOptions, width?: (text: string) => number): PlotOptions {
  if (!options.axes) return options;
  const axes = options.axes.map((axis, k): uPlot.Axis => {
    const side = axis.side ?? (k === 0 ? 2 : 3);
    const scale = options.scales?.[axis.scale ?? (k === 0 ? 'x' : 'y')];
    if (side % 2 === 1 || axis.space !== undefined || scale?.distr === 3) return axis;
    const values = axis.values;
    const steps = Array.isArray(axis.incrs) ? axis.incrs : TICK_STEPS;
    return {
      ...axis,
      space: (u: uPlot, axisIdx: number, min: number, max: number, plotDim: number) => {
        const measure = width ?? ((t: string) => tickLabelWidth(u, axisIdx, t));
        if (typeof values !== 'function' || !Number.isFinite(measure('0'))) return tickSpace(plotDim);
        return labelTickSpace(min, max, plotDim, (ticks, step, room) => values(u, ticks, axisIdx, room, step), measure, steps);
      },
    };
  });
  return { ...options, axes };
}

/** CSS px: a horizontal axis' room for its ticks and values, and for its title, when compact (uPlot: 50 and 30) */
const COMPACT_AXIS = { size: 30, labelSize: 22 } as const;

/**
 * The options with every horizontal axis that does not size itself made compact (COMPACT_AXIS): for
 * a chart fitted into a small embedded frame, where uPlot's 80 px under the plotting area were a third
 * of the chart (the soft ledger's drawing area was 113 px tall at 480 x 360 once its export line
 * had to fit too).
 */
export function compactTimeAxis(options: PlotOptions): PlotOptions {
  if (!options.axes) return options;
  const axes = options.axes.map((axis, k): uPlot.Axis => {
    const side = axis.side ?? (k === 0 ? 2 : 3);
    if (side % 2 === 1 || axis.size !== undefined) return axis;
    return { ...axis, size: COMPACT_AXIS.size, labelSize: axis.labelSize ?? COMPACT_AXIS.labelSize };
  });
  return { ...options, axes };
}

/** Sizes written as plain numbers (0.001 … 100000); others in exponent form. */
const PLAIN = { min: 1e-3, max: 1e5 } as const;

function plainSize(v: number): boolean {
  const a = Math.abs(v);
  return v === 0 || (a >= PLAIN.min && a <= PLAIN.max);
}

function plainText(v: number): string {
  return String(Number(v.toPrecision(4)));
}

/** One value (the legend, a read-out) that stays readable from 1e-9 to 1e9. */
export function formatValue(v: number | null): string {
  // uPlot hands a log axis null splits when its range is a single value (one point, after a reset)
  if (v === null || !Number.isFinite(v)) return '';
  if (v === 0) return '0';
  if (plainSize(v)) return plainText(v);
  return v.toExponential(1).replace('e+', 'e');
}

/**
 * The labels of one axis' ticks, all in one style: plain numbers when every tick is within
 * 0.001 … 100000 in size (or 0), otherwise every tick in exponent form with the same number of
 * decimals, the fewest (at most 3) that tell every tick's value ("0, 5.0e4, 1.0e5, 1.5e5";
 * "1e3, 1e4, 1e5, 1e6"), never "10000" beside "1.0e5". null, ±∞ and NaN (ticks left unlabelled)
 * give ''.
 */
export function tickLabels(values: ReadonlyArray<number | null>): string[] {
  const ticks = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (ticks.every(plainSize)) return values.map((v) => (v === null || !Number.isFinite(v) ? '' : plainText(v)));
  const exact = (v: number, d: number): boolean => v === 0 || Math.abs(Number(v.toExponential(d)) - v) <= 1e-9 * Math.abs(v);
  let decimals = 0;
  while (decimals < 3 && !ticks.every((v) => exact(v, decimals))) decimals++;
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return '';
    return v === 0 ? '0' : v.toExponential(decimals).replace('e+', 'e');
  });
}

/**
 * `text` in lines no wider than `width` (as `measure` gives it), broken between words; a word
 * wider than the line gets a line of its own. (A caption squeezed into one line by fillText's
 * maxWidth was unreadable under a 330 px plot.)
 */
export function wrapWords(text: string, width: number, measure: (t: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && measure(next) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * A log axis' range: the whole decades around the data ([4.2e-5, 0.9] -> [1e-5, 1]). uPlot's own
 * log range could end between decades, above the lowest point (the avalanche's kinetic energy at
 * the gate's opening and at the stop, 4e-5 J, fell under a 1e-4 floor and was cut off).
 */
export function decadeRange(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !(min > 0) || !(max > 0) || !Number.isFinite(min) || !Number.isFinite(max)) return [0.1, 1];
  // 10 ** -5 is 9.999999999999999e-6: a negative power as 1 / 10 ** 5 is the double nearest 1e-5
  const pow10 = (e: number): number => (e < 0 ? 1 / 10 ** -e : 10 ** e);
  const lo = pow10(Math.floor(Math.log10(min) + 1e-9));
  let hi = pow10(Math.ceil(Math.log10(max) - 1e-9));
  if (hi <= lo) hi = lo * 10;
  return [lo, hi];
}

/**
 * The ticks of a base-10 log axis from `min` to `max`: 1 to 9 times each power of ten while the axis
 * spans at most 12 decades, the powers alone past that, each written from its decimal form ("2e-25");
 * past 400 decades (a double spans some 630) every 2nd, 3rd, … power, at exponents that are multiples
 * of the stride, so the ticks still reach both ends. uPlot's own log ticks step by adding and rounding to a table of decimals that ends
 * near 1e-32, and for some ranges under 1e-20 never reach the top: an avalanche of grains of areal
 * density 1e-15 kg/m² (energies 1e-28 to 1e-24 J) froze the tab building a list of millions of ticks.
 */
export function logSplits(_u: uPlot, _axisIdx: number, min: number, max: number): number[] {
  if (!(min > 0) || !(max >= min) || !Number.isFinite(max)) return [];
  const first = Math.floor(Math.log10(min) + 1e-9);
  const last = Math.ceil(Math.log10(max) - 1e-9);
  const mults = last - first <= 12 ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1];
  const stride = Math.max(1, Math.ceil((last - first + 1) / 400));
  const out: number[] = [];
  for (let e = Math.ceil(first / stride) * stride; e <= last; e += stride) {
    for (const m of mults) {
      const v = Number(`${m}e${e}`);
      if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) out.push(v);
    }
  }
  return out;
}

/**
 * `options` with logSplits for every axis on a log scale (distr 3) that gives no splits of its own,
 * and on a horizontal one logLabelFilter (measuring the axis' own labels), unless it filters its
 * labels itself.
 */
function withLogSplits(options: PlotOptions): PlotOptions {
  if (!options.axes) return options;
  const log = (a: uPlot.Axis, k: number): boolean => options.scales?.[a.scale ?? (k === 0 ? 'x' : 'y')]?.distr === 3;
  // uPlot's default side: the first axis at the bottom (2), the others at the left (3)
  const horizontal = (a: uPlot.Axis, k: number): boolean => (a.side ?? (k === 0 ? 2 : 3)) % 2 === 0;
  return {
    ...options,
    axes: options.axes.map((a, k) => {
      if (!log(a, k)) return a;
      const withSplits = a.splits === undefined ? { ...a, splits: logSplits } : a;
      if (!horizontal(a, k) || a.filter !== undefined) return withSplits;
      const values = a.values;
      return { ...withSplits, filter: logLabelFilter(typeof values === 'function' ? values : undefined) };
    }),
  };
}

/** the mantissas labelled inside a decade, densest first (else the powers of ten alone) */
const DECADE_LABEL_SETS: ReadonlyArray<readonly number[]> = [
  [1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 5, 7],
  [1, 2, 5],
];

/** the ticks of `splits` whose leading digit is one of `mantissas`, the others null */
function keepMantissas(splits: readonly number[], mantissas: readonly number[]): Array<number | null> {
  return splits.map((v) => {
    if (!(v > 0) || !Number.isFinite(v)) return null;
    // the leading digit of v, read from its decimal form (2e-25, 0.30000000000000004 → 3)
    const mantissa = Number(v.toExponential(6).split('e')[0]);
    return mantissas.some((m) => Math.abs(mantissa - m) < 1e-6) ? v : null;
  });
}

/**
 * The width (CSS px) of tick label `text` of axis `axisIdx`: measured in the axis' font
 * (tickLabelWidth), or where nothing can measure, estimated from the font's size (a digit some
 * 0.6 em wide).
 */
function tickLabelWidthOrEstimate(u: uPlot, axisIdx: number, text: string): number {
  const measured = tickLabelWidth(u, axisIdx, text);
  if (Number.isFinite(measured)) return measured;
  const font: unknown = u.axes?.[axisIdx]?.font;
  const size = Array.isArray(font) && typeof font[2] === 'number' && font[2] > 0 ? font[2] : 12;
  return [...text].length * 0.6 * size;
}

/**
 * The label filter of a horizontal log axis: inside a decade every mantissa, or 1, 2, 3, 5 and 7, or
 * 1, 2 and 5, the densest whose labels, as the axis writes them (`labels`, by default logTickLabels)
 * and as wide as they are (`width`, by default measured in the axis' font), leave TICK_LABEL_GAP
 * clear between every two neighbours (labels are centred on their ticks); else the powers of ten
 * alone (logAxisValues thins those). uPlot's own filter compares the distance between 9, 7 or 5 and
 * 10 with a fixed 50 px, which it measures signed, negative left to right: the avalanche study's a
 * axis, 0.25 to 12, read "1" and "10" at any width; and without the sign 50 px still left it so on
 * a laptop, 271 px wide, where 5 and 10 stand 48 px apart though "5" and "10" take 11 px of it.
 */
export function logLabelFilter(
  labels?: (u: uPlot, splits: number[], axisIdx: number, foundSpace: number, foundIncr: number) => ReadonlyArray<string | number | null>,
  width?: (text: string) => number,
): uPlot.Axis.Filter {
  return (u, splits, axisIdx, foundSpace, foundIncr) => {
    const scale = u.axes[axisIdx]?.scale ?? (axisIdx === 0 ? 'x' : 'y');
    const measure = width ?? ((t: string) => tickLabelWidthOrEstimate(u, axisIdx, t));
    const fits = (kept: Array<number | null>): boolean => {
      // the axis' labels of the kept ticks (an axis' values take nulls for the ticks left unlabelled)
      const texts = labels ? labels(u, kept as number[], axisIdx, foundSpace, foundIncr) : logTickLabels(kept);
      let last: { pos: number; width: number } | null = null;
      for (let k = 0; k < kept.length; k++) {
        const v = kept[k];
        const text = texts[k];
        if (v === null || v === undefined || text === null || text === undefined || text === '') continue;
        const here = { pos: u.valToPos(v, scale), width: measure(String(text)) };
        if (last && Math.abs(here.pos - last.pos) < (last.width + here.width) / 2 + TICK_LABEL_GAP) return false;
        last = here;
      }
      return true;
    };
    for (const mantissas of DECADE_LABEL_SETS) {
      const kept = keepMantissas(splits, mantissas);
      if (fits(kept)) return kept;
    }
    return keepMantissas(splits, [1]);
  };
}

/**
 * What a chart thinned on a long run says: "Long run: drawn and exported, every 2nd output (the plot
 * keeps at most 20,000 points; the CSV's times say which)".
 */
export function thinnedText(every: number, atMost: number): string {
  const nth = every === 2 ? '2nd' : every === 3 ? '3rd' : `${formatCount(every)}th`;
  return `Long run: drawn and exported, every ${nth} output (the plot keeps at most ${formatCount(atMost)} points; the CSV's times say which)`;
}

/** A base-10 log scale over whole decades (decadeRange). */
export function logScale(): uPlot.Scale {
  return { distr: 3, log: 10, range: (_u, min, max) => decadeRange(min, max) };
}

/** A series' value in the legend: '–' where there is none. */
export function legendValue(_u: uPlot, v: number | null): string {
  return v == null ? '–' : formatValue(v);
}

/** Tick labels of a linear axis, one style for all (tickLabels; a log scale hands over null for the ticks it leaves unlabelled: ''). */
export function axisValues(_u: uPlot, splits: Array<number | null>): string[] {
  return tickLabels(splits);
}

/** uPlot's axis-title font, for measuring (CSS px) */
const TITLE_FONT = 'bold 12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * The room, CSS px, that an axis title has along its side: uPlot draws it centred on the plotting
 * area, and it may run past the area's ends as far as the chart's canvas reaches on both sides (the
 * axis' own column, empty above and below the area): twice the nearer canvas edge's distance from
 * the area's middle. `start` and `length`: the plotting area along that side; `total`: the canvas's
 * length there (0 or less where unknown: the plotting area alone). (Measured along the plotting
 * area alone, the comparison's contacts chart, 143 px of area in a canvas 240 px tall with 17 px
 * above the area, drew "count (1)" on a laptop for a full title of 167 px, which has 177 px.)
 */
export function axisTitleRoom(start: number, length: number, total: number): number {
  if (!(total > 0)) return length;
  const middle = start + length / 2;
  return Math.max(length, 2 * Math.min(middle, total - middle));
}

/**
 * An init hook: axis `axisIdx`'s title drawn in full when it fits along its side of the chart
 * (axisTitleRoom: the plotting area and the canvas beyond its ends), else as `short`; the options
 * keep the full title, which the CSV's headers read. (A chart fitted into a small embedded frame,
 * 130 px of plotting height, cut "kinetic energy E_kin (J)".)
 */
export function fitAxisTitle(axisIdx: number, short: string): (u: uPlot) => void {
  return (u) => {
    const axis = u.axes[axisIdx];
    const full = axis?.label;
    if (!axis || typeof full !== 'string') return;
    const vertical = (axis.side ?? (axisIdx === 0 ? 2 : 3)) % 2 === 1;
    axis.label = (self: uPlot) => {
      const ratio = uPlot.pxRatio > 0 ? uPlot.pxRatio : 1;
      // bbox in canvas pixels, the chart's size in CSS px
      const room = (vertical
        ? axisTitleRoom(self.bbox.top / ratio, self.bbox.height / ratio, self.height)
        : axisTitleRoom(self.bbox.left / ratio, self.bbox.width / ratio, self.width)) - 4;
      const ctx = self.ctx;
      ctx.save();
      ctx.font = TITLE_FONT;
      const width = ctx.measureText(full).width;
      ctx.restore();
      return width <= room ? full : short;
    };
  };
}

/** a canvas to measure text on (fitTitle) */
let measuring: CanvasRenderingContext2D | null = null;

/**
 * An init and setSize hook: the chart's title in full where it fits on one row across the chart,
 * else `short` (which should keep the units); the full title stays for screen readers and as the
 * tooltip, and the options keep it for the CSV and the PNG. (Embedded in a 480 x 360 frame,
 * "Collisions per disc per second (1/s) vs time t (s)" took two rows of a 240 px wide chart.)
 * The choice depends on the chart's width alone, so a refit of its height settles.
 */
export function fitTitle(short: string): (u: uPlot) => void {
  return (u) => {
    const title = u.root.querySelector<HTMLElement>(':scope > .u-title');
    if (!title) return;
    let full = title.querySelector<HTMLElement>('.title-full');
    if (!full) {
      full = el('span', { class: 'title-full' }, title.textContent ?? '');
      title.replaceChildren(full, el('span', { class: 'title-short', 'aria-hidden': 'true' }, short));
      title.title = full.textContent ?? '';
    }
    // u.width: the chart's CSS width (unset before its first size; setSize follows); the title's own
    // side padding is not room for text (a padded title was judged to fit and took a second row)
    const style = getComputedStyle(title);
    const padding = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
    const room = (u.width > 0 ? u.width : title.clientWidth) - padding;
    if (!(room > 0)) return;
    measuring ??= document.createElement('canvas').getContext('2d');
    if (!measuring) return;
    measuring.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const compact = measuring.measureText(full.textContent ?? '').width > room - 2;
    if (compact !== title.classList.contains('title-compact')) title.classList.toggle('title-compact', compact);
  };
}

/**
 * An init hook: gives each legend entry whose label `shorts` lists that label twice, the full one
 * and its short form, which a small embedded frame shows in its place (styles.css: embedded with a
 * plot, narrower than 640 px), read by no screen reader; the full one stays for them and as the
 * entry's tooltip, and the options keep it for the CSV. (The soft ledger's nine full labels took a
 * row each in a 480 × 360 frame and left its chart some 80 px tall; the gas page's Enskog entry took
 * three rows there.)
 */
export function shortLegendLabels(shorts: ReadonlyMap<string, string>): (u: uPlot) => void {
  return (u) => {
    for (const label of u.root.querySelectorAll<HTMLElement>('.u-legend .u-label')) {
      const full = label.textContent ?? '';
      const short = shorts.get(full);
      if (short === undefined || label.querySelector('.label-full')) continue;
      label.replaceChildren(el('span', { class: 'label-full' }, full), el('span', { class: 'label-short', 'aria-hidden': 'true' }, short));
      label.title = full;
    }
  };
}

/** Room, in CSS px, that one decade label of a log axis needs along the axis. */
const DECADE_LABEL_SPACE = { vertical: 22, horizontal: 56 } as const;

/**
 * Tick labels for a log axis. uPlot labels every decade however many there are, so a residual that
 * falls from 1e-4 to 1e-16 gets 13 labels on top of each other; here the decades that do not fit are
 * left blank: every 2nd, 3rd, … decade is labelled, always at exponents that are multiples of the step
 * (1e-16, 1e-14, …), so the labels that stay are round. Labels within a decade (2, 3, 5 × 10^k, which
 * uPlot gives on a short range) are kept as long as every decade can be labelled. The labels that
 * show share one style (tickLabels).
 */
export function logAxisValues(u: uPlot, splits: Array<number | null>, axisIdx: number): string[] {
  const side = u.axes[axisIdx]?.side ?? 3;
  const vertical = side % 2 === 1;
  const ratio = uPlot.pxRatio > 0 ? uPlot.pxRatio : 1;
  const length = (vertical ? u.bbox.height : u.bbox.width) / ratio;
  const exponent = (v: number | null): number | null => {
    if (v === null || !(v > 0) || !Number.isFinite(v)) return null;
    const e = Math.log10(v);
    return Math.abs(e - Math.round(e)) < 1e-6 ? Math.round(e) : null;
  };
  const decades = splits.filter((v) => exponent(v) !== null).length;
  const room = Math.max(2, Math.floor(length / (vertical ? DECADE_LABEL_SPACE.vertical : DECADE_LABEL_SPACE.horizontal)));
  const step = Math.max(1, Math.ceil(decades / room));
  const shown = splits.map((v) => {
    if (step === 1) return v;
    const e = exponent(v);
    return e !== null && e % step === 0 ? v : null;
  });
  // the style is chosen for the labels that show: one axis, one style
  return logTickLabels(shown);
}

const SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
};

/** 10 to the power `e` as the app's texts write powers: "10⁻⁵", "10⁰", "10³". */
export function powerOfTen(e: number): string {
  return `10${[...String(e)].map((c) => SUPERSCRIPTS[c] ?? c).join('')}`;
}

/**
 * The labels of a log axis' ticks, all in one style: plain numbers while every tick is within
 * 0.001 … 100000 (tickLabels: "0.001, 0.01, 0.1, 1"), otherwise powers of ten ("10⁻⁵, 10⁻⁴, …, 10⁰";
 * inside a decade "2·10⁻⁵"), where the exponent form read "1e-5 … 1e-1, 1e0". null, ±∞, NaN and
 * values ≤ 0 (no tick of a log axis) give ''.
 */
export function logTickLabels(values: ReadonlyArray<number | null>): string[] {
  const ticks = values.filter((v): v is number => v !== null && Number.isFinite(v) && v > 0);
  if (ticks.every(plainSize)) return tickLabels(values);
  return values.map((v) => {
    if (v === null || !Number.isFinite(v) || !(v > 0)) return '';
    let e = Math.floor(Math.log10(v) + 1e-9);
    // 10 ** -5 is 9.999999999999999e-6: a negative power as 1 / 10 ** 5 (as decadeRange)
    let mantissa = Number((e < 0 ? v * 10 ** -e : v / 10 ** e).toPrecision(3));
    if (mantissa >= 10) {
      mantissa /= 10;
      e += 1;
    }
    return mantissa === 1 ? powerOfTen(e) : `${mantissa}·${powerOfTen(e)}`;
  });
}
