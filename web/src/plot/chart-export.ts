/**
 * A chart's data as CSV (pure): the x column and every y series, full precision, each header
 * with its quantity and unit. A series label that carries no unit borrows its axis's: the energy
 * plot's "measured" becomes "E_kin — measured (J)".
 */
import type uPlot from 'uplot';
import { columnsToCsv, type CsvCell } from '../ui/csv';

/** a flag's coding as its unit: "collapsed (1 = yes)" (the chain lab's sweep) */
const FLAG_UNIT = /^[01] = [a-z]+$/;
/** a multiple of a reference quantity: "residual (× mean R)", "tolerance (× R)" */
const MULTIPLE_UNIT = /^× [^;=<>,()]{1,12}$/;
/** what a unit's symbols are joined by: spaces, products, quotients, powers, brackets, numbers */
const UNIT_JOINS = /[\s/·*^()⁻¹²³0-9.+-]+/;
/** a unit's symbol: a few letters ("s", "kg", "Pa", "rad", "Hz"), or a sign of its own ("%", "°") */
const UNIT_SYMBOL = /^(?:[A-Za-zµμΩÅ]{1,3}|%|°)$/;

/**
 * Whether a label's final parenthesis is a unit, not a note: symbols of at most three letters
 * joined by products, quotients and powers ("J", "m/s²", "1/(m/s)", "kg/m²", "m g R", "1"), a
 * multiple of a reference ("× mean R"), or a flag's coding ("1 = yes"). A note is not: words
 * ("one for each kind of mass", "Hertz", "six-collision regime"), a pair ("1–2", "Hunt–Crossley"),
 * a clause ("disc j > i; wall k as j = -(k+1)").
 */
export function isUnit(text: string): boolean {
  const t = text.trim();
  if (t === '') return false;
  if (FLAG_UNIT.test(t) || MULTIPLE_UNIT.test(t)) return true;
  if (/[;=<>,–—]/.test(t)) return false;
  return t.split(UNIT_JOINS).filter((w) => w !== '').every((w) => UNIT_SYMBOL.test(w));
}

/**
 * "E_kin (J)" -> { quantity: "E_kin", unit: "J" }; "f(v) (1/(m/s))" -> { "f(v)", "1/(m/s)" }; no
 * unit: null, and so for a final parenthesis that is a note rather than a unit (isUnit): "partner j
 * (disc j > i; wall k as j = -(k+1))", "2D Maxwell at T = 1 J and 2 J (one for each kind of mass)",
 * whose note runHeaders made the unit ("… — <run> (one for each kind of mass)") and chartHeaders
 * kept from the axis' unit.
 */
export function splitUnit(label: string): { quantity: string; unit: string } | null {
  const text = label.trim();
  if (!text.endsWith(')')) return null;
  let depth = 0;
  for (let k = text.length - 1; k >= 0; k--) {
    const ch = text[k];
    if (ch === ')') depth++;
    else if (ch === '(') {
      depth--;
      if (depth === 0) {
        // a unit stands apart: "E_kin (J)", not "f(v)"
        if (k === 0 || text[k - 1] !== ' ') return null;
        const unit = text.slice(k + 1, -1).trim();
        return isUnit(unit) ? { quantity: text.slice(0, k).trim(), unit } : null;
      }
    }
  }
  return null;
}

/**
 * The CSV headers of a run: the first `keys` columns (x, the sample or sphere number, …) as they
 * are, every later column with a unit as "<quantity> — <subject> (<unit>)", the form chartCsv's
 * relabel gives a series ("x20 — N = 20, e = 0.5, engine chain (double), Granular Lab 0.1.0 (m)"
 * in the chain lab, "E_kin — measured — Cooling granular gas, seed 7, engine event (double),
 * Granular Lab 0.1.0 (J)" on a scenario's page), so that a file read away from the page names its
 * run, and the engine and build that made it, in the one line every reader parses: no comment line
 * before the headers for a reader to skip, no column more; a column without a unit (a collision's pair,
 * the kind of a Newton step) names no quantity of the run and stays as it is, and so does every
 * column when `subject` is ''.
 */
export function runHeaders(header: readonly string[], subject: string, keys = 1): string[] {
  return header.map((h, k) => {
    if (k < keys || subject === '') return h;
    const split = splitUnit(h);
    return split ? `${split.quantity} — ${subject} (${split.unit})` : h;
  });
}

function labelText(label: uPlot.Series['label'] | uPlot.Axis['label']): string {
  if (typeof label === 'string') return label;
  return label instanceof Object && 'textContent' in label ? String(label.textContent ?? '') : '';
}

/** A series label as the CSV writes it: `relabel` of chartCsv, the label itself by default. */
export type CsvLabel = (label: string) => string;
const asShown: CsvLabel = (label) => label;

/**
 * The header of each column of a chart: x as labelled, then each y series with quantity and unit,
 * its label passed through `relabel` first.
 */
export function chartHeaders(options: Pick<uPlot.Options, 'series' | 'axes'>, relabel: CsvLabel = asShown): string[] {
  const axes = options.axes ?? [];
  const axisFor = (scale: string): string => {
    const k = axes.findIndex((a, index) => (a.scale ?? (index === 0 ? 'x' : 'y')) === scale);
    return k >= 0 ? labelText(axes[k]?.label) : '';
  };
  return options.series.map((s, k) => {
    const label = labelText(s.label) || (k === 0 ? 'x' : `series ${k}`);
    if (k === 0) return splitUnit(label) ? label : axisFor('x') || label;
    return withAxisUnit(relabel(label), axisFor(s.scale ?? 'y'));
  });
}

/** "<quantity> — <series> (<unit>)" for a series label without a unit, from an axis label */
function withAxisUnit(label: string, axis: string): string {
  if (splitUnit(label)) return label;
  const unit = splitUnit(axis);
  if (unit) return `${unit.quantity} — ${label} (${unit.unit})`;
  return axis !== '' ? `${axis} — ${label}` : label;
}

type Column = ArrayLike<number | null | undefined>;

const cells = (column: Column | null | undefined): CsvCell[] =>
  column ? Array.from(column, (v) => (v === undefined ? null : v)) : [];

/** One entry of the legend under a chart's picture (PNG). */
export interface PictureEntry {
  label: string;
  stroke: string;
  dash: number[];
  /** drawn as markers alone (pointsOnly): a dot, not a line */
  dot: boolean;
  /** an area's fill (the histogram's bars, the ledger's bands): a filled box, as the page's legend shows it */
  fill: string | null;
}

/** The path builder of a series drawn as markers alone (no line between them). */
export const NO_PATH: uPlot.Series.PathBuilder = () => null;

/** a series drawn as markers alone: its path is NO_PATH and its points are shown (the study's cases) */
export function pointsOnly(s: uPlot.Series): boolean {
  return s.paths === NO_PATH && typeof s.points === 'object' && s.points.show === true;
}

/**
 * The legend under a chart's picture: the series drawn, each with its label (the full one), colour
 * and dash. A series switched off in the page's legend (`shown[k]` false, k as in `series`) is left
 * out, as uPlot leaves its curve out of the chart: the soft hysteresis plot's PNG named a loop
 * switched off on the page, with no curve for it. (The CSV keeps every series: it is the data.)
 */
export function pictureLegend(series: readonly uPlot.Series[], shown: readonly boolean[]): PictureEntry[] {
  return series.flatMap((s, k) => {
    if (k === 0 || shown[k] === false) return [];
    return [{ label: labelText(s.label), stroke: typeof s.stroke === 'string' ? s.stroke : '#1d2025', dash: s.dash ?? [], dot: pointsOnly(s), fill: typeof s.fill === 'string' ? s.fill : null }];
  });
}

/**
 * CSV of the chart: one row per x value, empty cells where a series has no value. A chart of
 * (x, y) curves (uPlot mode 2, e.g. hysteresis loops) gives two columns per curve. `relabel` gives
 * each curve's label in the headers where the chart's title or a note, not its legend, says what
 * the curve is, so that a file read away from the page still says it: the hysteresis plot's pair
 * ("penetration ρ — disc 0 – circular wall, t = 0.410 s (m)"), the speed histogram's instant and
 * temperature ("measured at t = 2 s"). `run` (runSubject of the page's reproduce line) is named in
 * every header of values (runHeaders): the x column of a chart of y against x stays as it is.
 */
export function chartCsv(options: Pick<uPlot.Options, 'series' | 'axes' | 'mode'>, data: uPlot.AlignedData, relabel: CsvLabel = asShown, run = ''): string {
  if (options.mode === 2) {
    const axes = options.axes ?? [];
    const xAxis = labelText(axes[0]?.label) || 'x';
    const yAxis = labelText(axes[1]?.label) || 'y';
    const header: string[] = [];
    const columns: CsvCell[][] = [];
    options.series.forEach((s, k) => {
      if (k === 0) return;
      const facets = data[k] as unknown as [Column, Column] | null | undefined;
      const label = relabel(labelText(s.label) || `curve ${k}`);
      header.push(withAxisUnit(label, xAxis), withAxisUnit(label, yAxis));
      columns.push(cells(facets?.[0]), cells(facets?.[1]));
    });
    // every column is a curve's: each names the run
    return columnsToCsv(runHeaders(header, run, 0), columns);
  }
  const columns = options.series.map((_s, k) => cells(data[k] as Column | undefined));
  return columnsToCsv(runHeaders(chartHeaders(options, relabel), run), columns);
}
