/**
 * Hysteresis loops: contact force F (N) vs penetration ρ (m) of the chosen pair, one series
 * per impact labelled with its time. uPlot's facet mode (mode 2): every loop has its own ρ.
 */
import uPlot from 'uplot';
import { LEGEND_FIXED, PlotView, axisValues, fitAxisTitle, fitTitle, legendSwatch } from '../plot/plot-view';
import type { HysteresisLoop } from '../sim/granular-wasm';
import { el } from '../ui/dom';
import { HiddenLoops, loopLabels, loopSpan } from './pairs';
import { cycleDash, DISC_COLORS } from './soft-renderer';

/** the most recent loops drawn for a pair */
export const MAX_LOOPS_SHOWN = 10;
/** points per loop at most (evenly thinned beyond) */
const MAX_LOOP_POINTS = 600;

function thin(a: Float64Array): number[] {
  if (a.length <= MAX_LOOP_POINTS) return Array.from(a);
  const out: number[] = [];
  const step = (a.length - 1) / (MAX_LOOP_POINTS - 1);
  for (let k = 0; k < MAX_LOOP_POINTS; k++) out.push(a[Math.round(k * step)] ?? 0);
  return out;
}

/**
 * The plot's title for a pair (pairLabel's text; '' before the first impact), in full and in the short
 * form a chart too narrow for the full one on one row shows (fitTitle), both with the units:
 * "Hysteresis, F (N) vs ρ (m): disc 2 – wall 3 (left)" and "F (N) vs ρ (m): disc 2 – left wall" (a
 * circle's one wall is "wall").
 */
export function hysteresisTitle(pair: string): readonly [full: string, short: string] {
  const shown = pair === '' ? 'no impact yet' : pair;
  // "wall 3 (left)" reads "left wall": shorter, and the side is what a reader looks for
  const short = shown.replace(/wall \d+ \(([a-z]+)\)$/, '$1 wall').replace(/circular wall$/, 'wall');
  return [`Hysteresis, F (N) vs ρ (m): ${shown}`, `F (N) vs ρ (m): ${short}`];
}

/** The loops' compact legend, and how to show which loops are switched on. */
export interface LoopSummary {
  root: HTMLElement;
  /** each loop's button and swatch pressed or not, and the line's count, as `shown` says (one entry a loop) */
  sync(shown: readonly boolean[]): void;
  buttons: readonly HTMLButtonElement[];
}

/**
 * The loops' compact legend (PlotView's legendSummary), for a small embedded frame where one entry per
 * loop took five rows: a toggle button per loop in impact order (its swatch, its time as tooltip,
 * aria-pressed while the loop is drawn; `toggle(k)` switches loop k, as a click on its full legend
 * entry does), and the first and last impact times ("t = 2.770 … 15.248 s", with "8 of 10 shown"
 * when some are off); the colours repeat, as in the full legend.
 */
export function loopSummary(labels: readonly string[], colors: readonly string[], toggle: (k: number) => void): LoopSummary {
  const buttons = labels.map((label, k) => {
    // the colours repeat: the line's dash tells the rounds apart, here as in the full legend
    const swatch = legendSwatch(colors[k % colors.length], cycleDash(k), { title: label });
    const button = el('button', { type: 'button', class: 'loop-toggle', 'aria-pressed': 'true', 'aria-label': `loop at ${label}` }, swatch);
    button.addEventListener('click', () => toggle(k));
    return button;
  });
  const text = el('span', { class: 'summary-text' }, loopSpan(labels, []));
  const what = labels.length === 1 ? '1 impact' : `${labels.length} impacts, one colour each in impact order`;
  const root = el('div', { role: 'group', 'aria-label': `Loops drawn: ${what}; each button shows or hides its loop` }, ...buttons, text);
  return {
    root,
    buttons,
    sync: (shown) => {
      buttons.forEach((b, k) => b.setAttribute('aria-pressed', String(shown[k] !== false)));
      text.textContent = loopSpan(labels, shown);
    },
  };
}

export class HysteresisPlot {
  private readonly view: PlotView;
  private shownKey = '';
  private shown = 0;
  private range = { x: 1, yMin: 0, yMax: 1 };
  /** loops switched off in either legend, kept across rebuilds */
  private readonly hidden = new HiddenLoops();
  /** the loops drawn now: their pair, impact times and labels */
  private drawn: { pair: string; starts: number[]; labels: string[] } = { pair: '', starts: [], labels: [] };
  private summary: LoopSummary | null = null;

  constructor(container: HTMLElement) {
    // the loops' pair is in the title only (their labels are their times): the CSV's headers put it
    // before each loop's time, so a file read away from the page says whose loops it holds
    const csvLabel = (own: string): string => (this.drawn.pair !== '' ? `${this.drawn.pair}, ${own}` : own);
    this.view = new PlotView(container, 280, { name: 'hysteresis', csvLabel });
    this.show([], '');
  }

  /** The loops of the chosen pair, in impact order (the newest MAX_LOOPS_SHOWN are drawn). */
  show(loops: readonly HysteresisLoop[], pairTitle: string): void {
    const recent = loops.slice(-MAX_LOOPS_SHOWN);
    let xMax = 0;
    let yMin = 0;
    let yMax = 0;
    const data: uPlot.AlignedData = [null as unknown as number[]];
    const facets: Array<[number[], number[]]> = [];
    for (const loop of recent) {
      const rho = thin(loop.penetration);
      const force = thin(loop.force);
      for (const v of rho) xMax = Math.max(xMax, v);
      for (const v of force) {
        yMin = Math.min(yMin, v);
        yMax = Math.max(yMax, v);
      }
      facets.push([rho, force]);
    }
    this.range = { x: xMax > 0 ? xMax * 1.05 : 1, yMin: yMin * 1.05, yMax: yMax > 0 ? yMax * 1.08 : 1 };
    // uPlot's facet mode needs at least one series: an empty one before the first impact
    if (facets.length === 0) facets.push([[], []]);
    // the scales are fixed (auto: false) to the loops' extent: rebuild whenever a loop grows
    const key = `${pairTitle}|${recent.map((l) => `${l.startTime}:${l.penetration.length}`).join(',')}`;
    const allData = [...data, ...facets] as unknown as uPlot.AlignedData;
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.shown = recent.length;
    const series: uPlot.Series[] = [{}];
    const labels = recent.length > 0 ? loopLabels(recent) : ['no impact yet'];
    const starts = recent.map((l) => l.startTime);
    this.hidden.keepOnly(pairTitle, starts);
    // a keyboard user's place in the compact legend, kept through the rebuild: the same loop's button, or the same place
    const old = this.drawn;
    const focused = this.summary?.buttons.findIndex((b) => b === document.activeElement) ?? -1;
    this.drawn = { pair: pairTitle, starts, labels: recent.length > 0 ? labels : [] };
    const shown = starts.map((t) => this.hidden.shown(pairTitle, t));
    labels.forEach((label, k) => {
      series.push({
        label,
        show: shown[k] ?? true,
        stroke: DISC_COLORS[k % DISC_COLORS.length],
        ...(cycleDash(k) ? { dash: cycleDash(k) } : {}),
        width: 2,
        points: { show: false },
        paths: uPlot.paths.linear?.(),
        facets: [{ scale: 'x', auto: false }, { scale: 'y', auto: false }],
        // before the first impact the one entry says so and switches nothing
        ...(recent.length > 0 ? {} : { class: LEGEND_FIXED }),
      } as uPlot.Series);
    });
    const summary = recent.length > 0
      ? loopSummary(labels, DISC_COLORS, (k) => this.view.setSeriesShown(k + 1, !this.hidden.shown(pairTitle, starts[k] ?? NaN)))
      : null;
    summary?.sync(shown);
    this.summary = summary;
    const [title, shortTitle] = hysteresisTitle(pairTitle);
    // the short title where the full one would take a second row (a 480 x 360 frame)
    const fit = fitTitle(shortTitle);
    this.view.build(
      {
        mode: 2,
        title,
        scales: {
          x: { time: false, auto: false, range: () => [0, this.range.x] },
          y: { auto: false, range: () => [this.range.yMin, this.range.yMax] },
        },
        axes: [
          { label: 'penetration ρ (m)', values: axisValues },
          { label: 'contact force F (N)', values: axisValues, size: 60 },
        ],
        series,
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
        // in a chart cut down to fit a small frame the full titles were cut ("contact force F")
        hooks: {
          init: [fitAxisTitle(0, 'ρ (m)'), fitAxisTitle(1, 'F (N)'), fit],
          setSize: [fit],
          // a loop switched in either legend: remembered for the next rebuild, and shown in the compact one
          setSeries: [(u, _i, opts) => {
            if (opts.show !== undefined) this.syncShown(u);
          }],
        },
      },
      allData,
      summary?.root,
    );
    if (summary && focused >= 0) {
      const same = starts.indexOf(old.starts[focused] ?? NaN);
      summary.buttons[same >= 0 ? same : Math.min(focused, summary.buttons.length - 1)]?.focus({ preventScroll: true });
    }
  }

  /** the loops' shown state as the chart has it, into the memory of hidden loops and the compact legend */
  private syncShown(u: uPlot): void {
    const { pair, starts } = this.drawn;
    const shown = starts.map((_t, k) => u.series[k + 1]?.show !== false);
    starts.forEach((t, k) => this.hidden.set(pair, t, shown[k] ?? true));
    this.summary?.sync(shown);
  }

  /** the labels of the loops drawn but switched off, in impact order */
  hiddenLabels(): string[] {
    const { pair, starts, labels } = this.drawn;
    return labels.filter((_, k) => !this.hidden.shown(pair, starts[k] ?? NaN));
  }

  /** loops drawn */
  points(): number {
    return this.shown;
  }
}
