/**
 * The energy ledger vs time: the components stacked (areas) above zero, the gravitational energy,
 * where it is negative (the discs below where they started), as its own area below zero, the total
 * (their sum: the top of the stack less that area) and the initial energy.
 */
import uPlot from 'uplot';
import type { ReadoutSource } from '../plot/hover-readout';
import { PlotView, axisValues, shortLegendLabels } from '../plot/plot-view';
import { runTimeScale } from '../plot/series';
import { LEDGER_PARTS, ledgerCsv, type LedgerSeries } from './ledger-series';

const FILL_ALPHA = '59'; // ≈ 0.35 as a hex alpha byte
/** the gravitational energy's series (0 is time) and colour */
const POTENTIAL = LEDGER_PARTS.findIndex(([key]) => key === 'potential') + 1;
const POTENTIAL_COLOR = LEDGER_PARTS[POTENTIAL - 1]?.[2] ?? '#cc79a7';

/** each legend label's short form, shown instead of it in a small embedded frame (shortLegendLabels) */
const SHORT_LABELS = new Map<string, string>([
  ...LEDGER_PARTS.map(([, label, , short]): [string, string] => [label, short]),
  ['total', 'total'],
  ['initial energy', 'initial'],
]);

/** The plot's data are the stacked sums; its CSV and the values under the pointer give each component as it is (ledgerCsv). */
class LedgerView extends PlotView {
  ledger: LedgerSeries | null = null;
  /** the chart's x and each series as it is, at the chart's indices (set with the chart's data) */
  values: uPlot.AlignedData | null = null;

  protected override dataCsv(run: string): string {
    return this.ledger ? ledgerCsv(this.ledger, run) : super.dataCsv(run);
  }

  // each component as it is (the chart draws their running sums), every one in J: "elastic (Hertz)"
  // names the model, not a unit
  protected override readoutSource(): ReadoutSource {
    return {
      values: () => this.values,
      // short of room, the legend's short labels (those of a small embedded frame): "translation", "gravity", "initial"
      names: (n) => ({
        ...n,
        series: n.series.map((name, k) => {
          if (k === 0) return name;
          const label = SERIES_LABELS[k - 1] ?? name.name;
          const short = SHORT_LABELS.get(label);
          return short === undefined ? { name: label, unit: 'J' } : { name: label, unit: 'J', short };
        }),
      }),
    };
  }
}

/** the legend's labels, after time */
const SERIES_LABELS: readonly string[] = [...LEDGER_PARTS.map(([, label]) => label), 'total', 'initial energy'];

/**
 * Draws `below` (J, ≤ 0 at each time of the chart's x data) as an area from zero down, in the
 * gravitational energy's colour, under the series' lines, unless that series is hidden.
 */
function drawBelowZero(u: uPlot, below: readonly number[]): void {
  const time = u.data[0];
  if (!u.series[POTENTIAL]?.show || !below.some((v) => v < 0) || time.length !== below.length) return;
  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  const x = (t: number): number => u.valToPos(t, 'x', true);
  const y = (v: number): number => u.valToPos(v, 'y', true);
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  const edge = new Path2D();
  below.forEach((v, i) => (i === 0 ? edge.moveTo(x(time[i]!), y(v)) : edge.lineTo(x(time[i]!), y(v))));
  const area = new Path2D(edge);
  area.lineTo(x(time[time.length - 1]!), y(0));
  area.lineTo(x(time[0]!), y(0));
  area.closePath();
  ctx.fillStyle = `${POTENTIAL_COLOR}${FILL_ALPHA}`;
  ctx.fill(area);
  ctx.strokeStyle = POTENTIAL_COLOR;
  ctx.lineWidth = uPlot.pxRatio > 0 ? uPlot.pxRatio : 1;
  ctx.stroke(edge);
  ctx.restore();
}

/** the stacked components' series: 1 … PARTS (0 is time) */
const PARTS = LEDGER_PARTS.length;

/**
 * The segments (i to i + 1) of a stacked band's top edge `edge` where the band has a thickness above
 * `eps` at either end: its height over `base`, the band below's edge (null: zero, the lowest band).
 */
export function bandEdgeSegments(edge: ArrayLike<number | null | undefined>, base: ArrayLike<number | null | undefined> | null, eps: number): number[] {
  const thick = (i: number): boolean => {
    const v = edge[i];
    return v != null && Math.abs(v - (base ? (base[i] ?? 0) : 0)) > eps;
  };
  const out: number[] = [];
  for (let i = 0; i + 1 < edge.length; i++) {
    if (edge[i] != null && edge[i + 1] != null && (thick(i) || thick(i + 1))) out.push(i);
  }
  return out;
}

/**
 * Each component's edge (the top of its band in the stack), drawn only where its band has a
 * thickness: a component that is zero lies on the one below it, and drawn on top of it there its
 * colour took the edge over. The head-on discs' kinetic band dipped in the observer's teal at each
 * impact though they carry no observer, and the stack's top was friction's yellow with no friction.
 */
function drawStackEdges(u: uPlot): void {
  const time = u.data[0];
  const n = time.length;
  if (n < 2) return;
  const top = u.data[PARTS] ?? [];
  let scale = 0;
  for (const v of top) if (v != null) scale = Math.max(scale, Math.abs(v));
  const eps = 1e-9 * scale;
  const ctx = u.ctx;
  const { left, top: bboxTop, width, height } = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, bboxTop, width, height);
  ctx.clip();
  ctx.lineWidth = uPlot.pxRatio > 0 ? uPlot.pxRatio : 1;
  for (let k = 1; k <= PARTS; k++) {
    if (!u.series[k]?.show) continue;
    const edge = u.data[k] ?? [];
    const path = new Path2D();
    for (const i of bandEdgeSegments(edge, k > 1 ? (u.data[k - 1] ?? []) : null, eps)) {
      path.moveTo(u.valToPos(time[i]!, 'x', true), u.valToPos(edge[i]!, 'y', true));
      path.lineTo(u.valToPos(time[i + 1]!, 'x', true), u.valToPos(edge[i + 1]!, 'y', true));
    }
    ctx.strokeStyle = LEDGER_PARTS[k - 1]?.[2] ?? '#1d2025';
    ctx.stroke(path);
  }
  ctx.restore();
}

export class LedgerPlot {
  private readonly view: LedgerView;
  /** s, the run's output interval: the time axis of a lone instant (t = 0, paused) spans one */
  private interval = 1;
  /** J, the gravitational energy where it is negative (LedgerSeries.below), and its least value */
  private below: number[] = [];
  private lowest = 0;

  constructor(container: HTMLElement) {
    this.view = new LedgerView(container, 280, { name: 'energy ledger' });
    const series: uPlot.Series[] = [{ label: 'time t (s)' }];
    const bands: uPlot.Band[] = [];
    // the components' bands as uPlot fills them, their edges drawn by drawStackEdges (the stroke
    // kept for the legend's swatch)
    const linear = uPlot.paths.linear?.();
    const fillOnly: uPlot.Series.PathBuilder | undefined = linear
      ? (u, si, i0, i1) => {
          const p = linear(u, si, i0, i1);
          if (p) p.stroke = new Path2D();
          return p;
        }
      : undefined;
    LEDGER_PARTS.forEach(([, label, color], k) => {
      series.push({ label, stroke: color, fill: `${color}${FILL_ALPHA}`, width: 1, points: { show: false }, ...(fillOnly ? { paths: fillOnly } : {}) });
      // series k+1 is filled down to the one below it (k), not to zero
      if (k > 0) bands.push({ series: [k + 1, k] });
    });
    series.push(
      { label: 'total', stroke: '#1d2025', width: 2, points: { show: false } },
      { label: 'initial energy', stroke: '#1d2025', width: 1.5, dash: [6, 4], points: { show: false } },
    );
    this.view.build(
      {
        title: 'Energy ledger (J)',
        scales: {
          x: runTimeScale(() => this.interval),
          // down to the gravitational energy's area, drawn outside the chart's data (drawBelowZero)
          y: { range: (_u, min, max) => [Math.min(0, min, this.lowest * 1.05), max > 0 ? max * 1.08 : 1] },
        },
        axes: [
          { label: 'time t (s)', values: axisValues },
          { label: 'energy (J)', values: axisValues, size: 60 },
        ],
        series,
        bands,
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
        // the area below zero before the series, so that the total's and the initial energy's lines stay on top
        // the components' edges once the last one shown is drawn, under the total's and the initial energy's lines
        hooks: {
          init: [shortLegendLabels(SHORT_LABELS)],
          drawAxes: [(u) => drawBelowZero(u, this.below)],
          drawSeries: [
            (u, si) => {
              let last = 0;
              for (let k = 1; k <= PARTS; k++) if (u.series[k]?.show) last = k;
              if (si === last) drawStackEdges(u);
            },
          ],
        },
      },
      [[]],
    );
  }

  /** the run's output interval, s (a new load) */
  setOutputInterval(interval: number): void {
    this.interval = interval;
  }

  update(ledger: LedgerSeries): void {
    const time = ledger.time;
    this.view.ledger = ledger;
    this.view.showKept(ledger.kept());
    this.below = ledger.below();
    this.lowest = this.below.reduce((least, v) => Math.min(least, v), 0);
    const initial = time.map(() => ledger.initial);
    this.view.values = [time, ...LEDGER_PARTS.map(([key]) => ledger.parts[key]), ledger.total, initial];
    this.view.setData([time, ...ledger.stacked(), ledger.total, initial]);
  }

  points(): number {
    return this.view.points();
  }

  /** the time axis' range, s */
  timeRange(): [number, number] | null {
    return this.view.xRange();
  }
}
