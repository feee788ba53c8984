/**
 * The values under the pointer, on one line under a chart (every PlotView chart has it): the x value
 * and each series drawn at the cursor's data index, each named as the legend names it, with its unit
 * as the axis gives it ("t = 0.352 s · measured 1.234e-3 J · Haff's law … 1.22e-3 J"). The legends
 * stay fixed (not live): their entries are toggles that must not move.
 *
 * A chart of (x, y) curves (uPlot mode 2, the soft page's hysteresis loops, whose ρ goes up and back)
 * has no data index for a cursor x: there the line names the point of a drawn curve nearest the
 * pointer on screen (within NEAREST_PX, marked on the chart), else the pointer's own position in
 * data units.
 *
 * The line's room is reserved whether it shows anything or not (styles.css: .hover-readout), so
 * nothing under the chart moves; where the line does not fit it, it is written more compactly
 * (READOUT_FORMS: short names, then legend swatches). It is aria-hidden (the data are in the CSV)
 * and takes no focus.
 */
import type uPlot from 'uplot';
import { splitUnit } from './chart-export';
import { formatNumber } from '../ui/dom';
import { onTouchAway } from '../ui/touch-away';

/** a quantity as the read-out writes it: its name (or symbol) and unit ('' for none or a pure number) */
export interface ReadoutName {
  name: string;
  unit: string;
  /** the name where the line is short of room (the legend's short label); none: shortName(name) */
  short?: string;
}

/** the read-out's names: the x quantity's symbol and each series' name and unit (index as in the series, 0 the x) */
export interface ReadoutNames {
  x: ReadoutName;
  y: ReadoutName;
  series: ReadoutName[];
}

/**
 * CSS px: a chart narrower than this gives its line two rows (styles.css: .two-lines); on one row the
 * avalanche's runout line, in a 290 px card, lost its front velocity to the ellipsis
 */
export const TWO_LINES_BELOW = 480;

/**
 * Series (the x left out) from which a narrow chart's line gets a third row (styles.css: .three-lines):
 * the soft energy ledger's nine values, even with legend swatches for names, took 623 px of two
 * 313 px rows on a 360 px phone at t = 0.36 s and lost "initial" to the ellipsis.
 */
export const THREE_LINES_FROM = 8;

/**
 * The rows a chart's line has: they depend on the chart's width and its number of series alone,
 * never on the text, so nothing moves while pointing.
 */
export function readoutRows(width: number, series: number): 1 | 2 | 3 {
  if (!(width > 0) || width >= TWO_LINES_BELOW) return 1;
  return series >= THREE_LINES_FROM ? 3 : 2;
}

/** CSS px: a curve's point farther than this from the pointer is not read out (mode 2) */
export const NEAREST_PX = 30;

function text(label: unknown): string {
  return typeof label === 'string' ? label : '';
}

/** "1", "–" and "-" mark a pure number: no unit written */
function shownUnit(unit: string): string {
  return unit === '1' || unit === '–' || unit === '-' ? '' : unit;
}

/**
 * A quantity's symbol: "time t" -> "t", "speed v" -> "v", "penetration ρ" -> "ρ", "aspect ratio a = H0/L0"
 * -> "a"; a name with no short last word stays whole ("count", "E_kin").
 */
export function quantitySymbol(quantity: string): string {
  const named = quantity.split(' = ')[0]?.trim() ?? quantity;
  const words = named.split(/\s+/).filter((w) => w !== '');
  const last = words[words.length - 1] ?? '';
  return words.length > 1 && last.length <= 4 ? last : named;
}

/** "E_kin (J)" -> { E_kin, J }; a label without a unit: { label, '' } */
function nameAndUnit(label: string): ReadoutName {
  const split = splitUnit(label);
  return split ? { name: split.quantity, unit: shownUnit(split.unit) } : { name: label, unit: '' };
}

/**
 * The read-out's names from a chart's options (as given, with plain-text labels): x by its symbol,
 * from the x series' label when that has a unit, else from the x axis; each series by its legend
 * label, with its own unit (where its axis, by scale, has none or the same) or else its axis'.
 */
export function readoutNames(options: Pick<uPlot.Options, 'series' | 'axes' | 'mode'>): ReadoutNames {
  const axes = options.axes ?? [];
  const axisLabel = (scale: string): string => {
    const k = axes.findIndex((a, index) => (a.scale ?? (index === 0 ? 'x' : 'y')) === scale);
    return k >= 0 ? text(axes[k]?.label) : '';
  };
  const xAxis = nameAndUnit(axisLabel('x'));
  const xSeries = text(options.series[0]?.label);
  const xOwn = splitUnit(xSeries) ? nameAndUnit(xSeries) : xAxis;
  const x = { name: quantitySymbol(xOwn.name || 'x'), unit: xOwn.unit };
  const yAxis = nameAndUnit(axisLabel('y'));
  const y = { name: quantitySymbol(yAxis.name || 'y'), unit: yAxis.unit };
  const series = options.series.map((s, k): ReadoutName => {
    if (k === 0) return x;
    const own = text(s.label);
    const axis = options.mode === 2 ? yAxis : nameAndUnit(axisLabel(s.scale ?? 'y'));
    // a label's last brackets are its unit where its axis has none or the same; else they are words
    // of its name: the chain lab's gaps "y1 (1–2)" in m, "exact density (six-collision regime)" in 1/(m/s)
    const split = splitUnit(own) ? nameAndUnit(own) : null;
    if (split && (axis.unit === '' || split.unit === axis.unit)) return split;
    return { name: own || `series ${k}`, unit: axis.unit };
  });
  return { x, y, series };
}

/** a value with its unit, to `digits` significant digits; null, NaN and ±∞ as "–" */
export function readoutValue(v: number | null | undefined, unit: string, digits = 4): string {
  if (v == null || !Number.isFinite(v)) return '–';
  const num = formatNumber(v, digits);
  return unit === '' ? num : `${num} ${unit}`;
}

/**
 * How compactly a line is written, tried in this order until it fits its room (the soft ledger's ten
 * series overflowed its two rows on a phone, and its one row at 1024 px, "total" and "initial energy"
 * lost to the ellipsis): "full" names each series as the legend does, with its unit; "short" writes
 * each name's short form and a unit the series share once ("in J: translation 14.51 · …"); "marks"
 * puts the series' legend swatch in place of its name, the short name kept where two series shown
 * have the same swatch (the ledger's total and initial energy, both black); "marks3" is "marks" with
 * each series' value to three significant digits instead of four (the x keeps its four).
 */
export const READOUT_FORMS = ['full', 'short', 'marks', 'marks3'] as const;
export type ReadoutForm = (typeof READOUT_FORMS)[number];

/** a series' legend swatch: its stroke (border) and fill, as CSS colours ('' for none) */
export interface Swatch {
  stroke: string;
  fill: string;
}

/** one series on the line: its swatch (form "marks") and its text ("name value unit", or the value alone after a swatch) */
export interface ReadoutItem {
  swatch?: Swatch;
  text: string;
}

/** a line of an x-aligned chart: "x = value unit", a unit written once for every series (or ''), and the series */
export interface ReadoutLine {
  x: string;
  unit: string;
  items: ReadoutItem[];
}

/** a name's short form: the words before its first comma ("soft, Hunt–Crossley" -> "soft", "L0, settled width" -> "L0") */
export function shortName(name: ReadoutName): string {
  if (name.short) return name.short;
  const head = name.name.split(', ')[0] ?? '';
  return head !== '' ? head : name.name;
}

/**
 * The line at data index `idx` of an x-aligned chart (mode 1), written in `form`, each series drawn
 * (`shown[k]`) with its swatch `swatches[k]` (form "marks"; none: its name); null where there is no index.
 */
export function alignedLine(
  names: ReadoutNames,
  data: uPlot.AlignedData,
  shown: readonly boolean[],
  idx: number | null | undefined,
  form: ReadoutForm = 'full',
  swatches: ReadonlyArray<Swatch | null | undefined> = [],
): ReadoutLine | null {
  if (idx == null || idx < 0) return null;
  const xs = data[0] as ArrayLike<number | null | undefined> | undefined;
  if (!xs || idx >= xs.length) return null;
  const drawn: number[] = [];
  for (let k = 1; k < data.length; k++) if (shown[k] !== false) drawn.push(k);
  const nameOf = (k: number): ReadoutName => names.series[k] ?? { name: `series ${k}`, unit: '' };
  const units = new Set(drawn.map((k) => nameOf(k).unit));
  const shared = form !== 'full' && units.size === 1 ? [...units][0] ?? '' : '';
  const swatchKey = (w: Swatch | null | undefined): string => (w ? `${w.stroke}|${w.fill}` : '');
  const keys = drawn.map((k) => swatchKey(swatches[k]));
  const items = drawn.map((k, j): ReadoutItem => {
    const name = nameOf(k);
    const column = data[k] as ArrayLike<number | null | undefined> | null | undefined;
    const value = readoutValue(column?.[idx], shared !== '' ? '' : name.unit, form === 'marks3' ? 3 : 4);
    if (form === 'full') return { text: `${name.name} ${value}` };
    const swatch = swatches[k];
    // a swatch stands for its series only where no other series shown has the same
    const own = (form === 'marks' || form === 'marks3') && swatch && keys[j] !== '' && keys.indexOf(keys[j]!) === keys.lastIndexOf(keys[j]!);
    return own ? { swatch, text: value } : { text: `${shortName(name)} ${value}` };
  });
  return { x: `${names.x.name} = ${readoutValue(xs[idx], names.x.unit)}`, unit: shared, items };
}

/** the pieces of a line in order: text, and a swatch where one goes */
export function linePieces(line: ReadoutLine): Array<string | Swatch> {
  const pieces: Array<string | Swatch> = [line.x];
  line.items.forEach((item, j) => {
    pieces.push(j === 0 ? (line.unit !== '' ? ` · in ${line.unit}: ` : ' · ') : item.swatch ? ' ' : ' · ');
    if (item.swatch) pieces.push(item.swatch);
    pieces.push(item.text);
  });
  if (line.items.length === 0 && line.unit !== '') pieces.push(` · in ${line.unit}`);
  return pieces;
}

/** a line's text (swatches left out) */
export function lineText(line: ReadoutLine | null): string {
  return line ? linePieces(line).filter((p): p is string => typeof p === 'string').join('') : '';
}

/**
 * The line at data index `idx` of an x-aligned chart (mode 1), in full: "x = value unit", then each
 * series drawn (`shown[k]`) as "name value unit", joined by " · ". '' where there is no index.
 */
export function alignedReadout(names: ReadoutNames, data: uPlot.AlignedData, shown: readonly boolean[], idx: number | null | undefined): string {
  return lineText(alignedLine(names, data, shown, idx));
}

/**
 * The data index whose x is nearest the pointer's `left` on screen (`pos` maps an x to CSS px), from
 * `idx`, the one uPlot takes: nearest by value, which on a log axis can be the next point over (the
 * avalanche study's aspect ratios 1 and 4 meet at 2 on screen, at 2.5 by value). The x values are in
 * order, so the nearest on screen is `idx` or a neighbour.
 */
export function nearestOnScreen(xs: ArrayLike<number | null | undefined>, idx: number | null | undefined, left: number, pos: (x: number) => number): number | null | undefined {
  if (idx == null || idx < 0 || idx >= xs.length) return idx;
  let best = idx;
  let distance = Infinity;
  for (const j of [idx - 1, idx, idx + 1]) {
    const x = xs[j];
    if (j < 0 || j >= xs.length || x == null || !Number.isFinite(x)) continue;
    const d = Math.abs(pos(x) - left);
    if (d < distance) {
      best = j;
      distance = d;
    }
  }
  return best;
}

/** CSS px: a marker (a series drawn as points alone, the avalanche study's cases) this near the pointer is read */
export const MARKER_PX = 6;

/**
 * The data index the pointer reads on an x-aligned chart: the x nearest on screen (nearestOnScreen),
 * unless a marker of one of the `markers` columns (their non-null values) is within MARKER_PX of the
 * pointer while that x has none: then the nearest such marker's. The study plot's cases sit among the
 * 40 x values of its published lines, a few px apart: pointing at a case read "this study –" at the
 * line's x next to it.
 */
export function pointedIndex(
  xs: ArrayLike<number | null | undefined>,
  idx: number | null | undefined,
  left: number,
  pos: (x: number) => number,
  markers: ReadonlyArray<ArrayLike<number | null | undefined>> = [],
): number | null | undefined {
  const near = nearestOnScreen(xs, idx, left, pos);
  if (near == null || near < 0 || markers.length === 0) return near;
  const marked = (j: number): boolean => markers.some((column) => column[j] != null && Number.isFinite(column[j]));
  if (marked(near)) return near;
  let best = near;
  let distance = Infinity;
  for (const step of [-1, 1]) {
    for (let j = near + step; j >= 0 && j < xs.length; j += step) {
      const x = xs[j];
      if (x == null || !Number.isFinite(x)) continue;
      const d = Math.abs(pos(x) - left);
      if (d > MARKER_PX) break;
      if (marked(j) && d < distance) {
        best = j;
        distance = d;
        break;
      }
    }
  }
  return best;
}

/** a point of curve `series` (mode 2) nearest a pointer, with its distance on screen (CSS px) */
export interface NearestPoint {
  series: number;
  index: number;
  distance: number;
}

/**
 * The drawn point nearest (left, top) on screen among the curves of a mode-2 chart (`data[k]` is
 * curve k's [xs, ys]; `pos` maps a point to CSS px in the plotting area), skipping curves not shown;
 * null when no curve has a point.
 */
export function nearestPoint(
  data: uPlot.AlignedData,
  shown: readonly boolean[],
  left: number,
  top: number,
  pos: (x: number, y: number) => [number, number],
): NearestPoint | null {
  let best: NearestPoint | null = null;
  for (let k = 1; k < data.length; k++) {
    if (shown[k] === false) continue;
    const facet = data[k] as unknown as [ArrayLike<number | null>, ArrayLike<number | null>] | null | undefined;
    const xs = facet?.[0];
    const ys = facet?.[1];
    if (!xs || !ys) continue;
    for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
      const x = xs[i];
      const y = ys[i];
      if (x == null || y == null || !Number.isFinite(x) || !Number.isFinite(y)) continue;
      const [px, py] = pos(x, y);
      const distance = Math.hypot(px - left, py - top);
      if (!best || distance < best.distance) best = { series: k, index: i, distance };
    }
  }
  return best;
}

/** the line of a mode-2 chart: the nearest curve's point ("t = 2.770 s: ρ = … m · F = … N") or the pointer's position ("pointer at ρ = … m · F = … N") */
export function curveReadout(names: ReadoutNames, label: string | null, x: number, y: number): string {
  const at = `${names.x.name} = ${readoutValue(x, names.x.unit)} · ${names.y.name} = ${readoutValue(y, names.y.unit)}`;
  return label === null ? `pointer at ${at}` : `${label}: ${at}`;
}

/**
 * What a chart's read-out reads where its own data and labels would mislead (mode 1): the soft energy
 * ledger draws its components stacked, each on top of the ones below, and one of its labels,
 * "elastic (Hertz)", ends in words that are not a unit.
 */
export interface ReadoutSource {
  /** the values to read, index by index as the chart's x (each series as it is, not as drawn); null: the chart's data */
  values?: () => uPlot.AlignedData | null;
  /** the names as the chart's options give them -> the names to write */
  names?: (names: ReadoutNames) => ReadoutNames;
}

/**
 * The read-out as a uPlot plugin, for a chart built from `options` (as given: plain-text labels,
 * which uPlot's axes lose to the title-fitting hooks).
 */
export function hoverReadout(options: Pick<uPlot.Options, 'series' | 'axes' | 'mode'>, source: ReadoutSource = {}): uPlot.Plugin {
  const given = readoutNames(options);
  const names = source.names ? source.names(given) : given;
  const swatches = options.series.map((s, k): Swatch | null => {
    const stroke = s.stroke;
    const fill = s.fill;
    if (k === 0 || typeof stroke !== 'string') return null;
    return { stroke, fill: typeof fill === 'string' ? fill : '' };
  });
  /** the series drawn as points alone (markers), by index */
  const marked = options.series.flatMap((s, k) => (k > 0 && s.points?.show === true && typeof s.paths === 'function' ? [k] : []));
  let line: HTMLElement | null = null;
  let mark: HTMLElement | null = null;
  /** the line's form (READOUT_FORMS): it only gets more compact while the chart's width and series stay (no name swapped to and fro as the pointer moves) */
  let form = 0;
  let written = '';
  /** the cursor was put by a finger or a pen (not a mouse, which uPlot follows itself) */
  let touched = false;
  /** removes the listeners on the document (the chart destroyed: rebuilt or gone) */
  let stop = (): void => {};
  const show = (value: string): void => {
    if (line && written !== value) {
      line.textContent = value;
      written = value;
    }
  };
  const write = (value: ReadoutLine): void => {
    if (!line) return;
    const pieces = linePieces(value);
    const key = pieces.map((p) => (typeof p === 'string' ? p : `[${p.stroke}|${p.fill}]`)).join('');
    if (key === written) return;
    written = key;
    const nodes: Node[] = [];
    for (let j = 0; j < pieces.length; j++) {
      const piece = pieces[j]!;
      if (typeof piece === 'string') {
        nodes.push(document.createTextNode(piece));
        continue;
      }
      // the swatch and its value together, never split by a line break
      const swatch = document.createElement('span');
      swatch.className = 'readout-swatch';
      // through the CSSOM: the site's CSP allows no style attribute
      swatch.style.borderColor = piece.stroke;
      swatch.style.background = piece.fill;
      const item = document.createElement('span');
      item.className = 'readout-item';
      item.append(swatch, String(pieces[++j] ?? ''));
      nodes.push(item);
    }
    line.replaceChildren(...nodes);
  };
  /** the data index nearest the pointer on screen (x-aligned charts; a log x axis is not nearest by value) */
  const screenIndex = (u: uPlot, idx: number | null | undefined): number | null | undefined => {
    const left = u.cursor.left;
    const xs = u.data[0] as ArrayLike<number | null | undefined> | undefined;
    if (left == null || !xs) return idx;
    const scale = u.series[0]?.scale ?? 'x';
    const markers = marked.filter((k) => u.series[k]?.show !== false).map((k) => u.data[k] as ArrayLike<number | null | undefined>);
    return pointedIndex(xs, idx, left, (x) => u.valToPos(x, scale), markers);
  };
  const overflows = (el: HTMLElement): boolean => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
  const update = (u: uPlot): void => {
    const { left, top } = u.cursor;
    const shown = u.series.map((s) => s.show !== false);
    const inside = left != null && top != null && left >= 0 && top >= 0;
    if (mark) mark.hidden = true;
    if (!inside) return show('');
    if (options.mode !== 2) {
      const data = source.values?.() ?? u.data;
      const idx = screenIndex(u, u.cursor.idx);
      for (;;) {
        const value = alignedLine(names, data, shown, idx, READOUT_FORMS[form], swatches);
        if (!value) return show('');
        write(value);
        // a line out of the layout (a hidden card) has no room to measure
        if (form >= READOUT_FORMS.length - 1 || !line || line.clientWidth === 0 || !overflows(line)) return;
        form++;
      }
    }
    const xScale = u.series[1]?.facets?.[0]?.scale ?? 'x';
    const yScale = u.series[1]?.facets?.[1]?.scale ?? 'y';
    const near = nearestPoint(u.data, shown, left, top, (x, y) => [u.valToPos(x, xScale), u.valToPos(y, yScale)]);
    if (near && near.distance <= NEAREST_PX) {
      const facet = u.data[near.series] as unknown as [ArrayLike<number>, ArrayLike<number>];
      const x = facet[0][near.index] ?? NaN;
      const y = facet[1][near.index] ?? NaN;
      if (mark) {
        mark.hidden = false;
        mark.style.transform = `translate(${u.valToPos(x, xScale)}px, ${u.valToPos(y, yScale)}px)`;
        const stroke = options.series[near.series]?.stroke;
        // through the CSSOM: the site's CSP allows no style attribute
        mark.style.borderColor = typeof stroke === 'string' ? stroke : '#1d2025';
      }
      return show(curveReadout(names, text(u.series[near.series]?.label) || null, x, y));
    }
    show(curveReadout(names, null, u.posToVal(left, xScale), u.posToVal(top, yScale)));
  };
  return {
    hooks: {
      init: (u) => {
        // the points uPlot marks on the curves: at the same index as the line's
        const dataIdx = u.cursor.dataIdx;
        if (options.mode !== 2 && dataIdx) u.cursor.dataIdx = (self, k, idx, x) => dataIdx(self, k, screenIndex(self, idx) ?? idx, x);
        line = document.createElement('div');
        line.className = 'hover-readout';
        line.setAttribute('aria-hidden', 'true');
        u.root.querySelector(':scope > .u-wrap')?.after(line);
        if (options.mode === 2) {
          mark = document.createElement('div');
          mark.className = 'hover-mark';
          mark.hidden = true;
          u.over.append(mark);
        }
        // a pen or a finger on the plotting area moves the cursor too (uPlot follows the mouse's events)
        const follow = (e: PointerEvent): void => {
          if (e.pointerType === 'mouse') return;
          touched = true;
          const box = u.over.getBoundingClientRect();
          u.setCursor({ left: e.clientX - box.left, top: e.clientY - box.top });
        };
        u.over.addEventListener('pointerdown', follow);
        u.over.addEventListener('pointermove', follow);
        // a tap reads the values until the finger goes elsewhere: a touch outside the plotting area or
        // a scroll (of the page or of a box around the chart; a finger that scrolls the page from the
        // chart, too) empties the line and takes the loop point's mark and uPlot's cursor away. A
        // mouse's pointer stays where it is while the page scrolls, and uPlot follows it
        const leave = (): void => {
          if (!touched) return;
          touched = false;
          u.setCursor({ left: -10, top: -10 });
        };
        stop = onTouchAway((n) => u.over.contains(n), () => touched, leave);
        u.over.addEventListener('pointercancel', leave);
      },
      destroy: () => stop(),
      // the rows depend on the chart's width and series alone, never on the text: nothing moves while pointing
      setSize: (u) => {
        const rows = readoutRows(u.width, options.series.length - 1);
        line?.classList.toggle('two-lines', rows > 1);
        line?.classList.toggle('three-lines', rows > 2);
        // another width: the full names may fit again
        form = 0;
      },
      setCursor: update,
      // a series switched on or off, or new data under a still pointer: the line follows (the names
      // may fit in full again with a series less)
      setSeries: (u) => {
        form = 0;
        update(u);
      },
      setData: update,
    },
  };
}
