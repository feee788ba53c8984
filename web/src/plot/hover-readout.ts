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
 * nothing under the chart moves; it is aria-hidden (the data are in the CSV) and takes no focus.
 */
import type uPlot from 'uplot';
import { splitUnit } from './chart-export';
import { formatNumber } from '../ui/dom';

/** a quantity as the read-out writes it: its name (or symbol) and unit ('' for none or a pure number) */
export interface ReadoutName {
  name: string;
  unit: string;
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
 * label, with its own unit or else its axis' (by scale).
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
    if (splitUnit(own)) return nameAndUnit(own);
    const axis = options.mode === 2 ? yAxis : nameAndUnit(axisLabel(s.scale ?? 'y'));
    return { name: own || `series ${k}`, unit: axis.unit };
  });
  return { x, y, series };
}

/** a value with its unit; null, NaN and ±∞ as "–" */
export function readoutValue(v: number | null | undefined, unit: string): string {
  if (v == null || !Number.isFinite(v)) return '–';
  const num = formatNumber(v);
  return unit === '' ? num : `${num} ${unit}`;
}

/**
 * The line at data index `idx` of an x-aligned chart (mode 1): "x = value unit", then each series
 * drawn (`shown[k]`) as "name value unit", joined by " · ". '' where there is no index.
 */
export function alignedReadout(names: ReadoutNames, data: uPlot.AlignedData, shown: readonly boolean[], idx: number | null | undefined): string {
  if (idx == null || idx < 0) return '';
  const xs = data[0] as ArrayLike<number | null | undefined> | undefined;
  if (!xs || idx >= xs.length) return '';
  const parts = [`${names.x.name} = ${readoutValue(xs[idx], names.x.unit)}`];
  for (let k = 1; k < data.length; k++) {
    if (shown[k] === false) continue;
    const column = data[k] as ArrayLike<number | null | undefined> | null | undefined;
    const name = names.series[k] ?? { name: `series ${k}`, unit: '' };
    parts.push(`${name.name} ${readoutValue(column?.[idx], name.unit)}`);
  }
  return parts.join(' · ');
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
  let line: HTMLElement | null = null;
  let mark: HTMLElement | null = null;
  const show = (value: string): void => {
    if (line && line.textContent !== value) line.textContent = value;
  };
  const update = (u: uPlot): void => {
    const { left, top } = u.cursor;
    const shown = u.series.map((s) => s.show !== false);
    const inside = left != null && top != null && left >= 0 && top >= 0;
    if (mark) mark.hidden = true;
    if (!inside) return show('');
    if (options.mode !== 2) return show(alignedReadout(names, source.values?.() ?? u.data, shown, u.cursor.idx));
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
          const box = u.over.getBoundingClientRect();
          u.setCursor({ left: e.clientX - box.left, top: e.clientY - box.top });
        };
        u.over.addEventListener('pointerdown', follow);
        u.over.addEventListener('pointermove', follow);
      },
      // the rows depend on the chart's width alone, never on the text: nothing moves while pointing
      setSize: (u) => {
        const two = u.width > 0 && u.width < TWO_LINES_BELOW;
        if (line && line.classList.contains('two-lines') !== two) line.classList.toggle('two-lines', two);
      },
      setCursor: update,
      // a series switched on or off, or new data under a still pointer: the line follows
      setSeries: update,
      setData: update,
    },
  };
}
