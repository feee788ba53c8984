/**
 * The study panel (issue 5 §2): runs the collapse for several aspect ratios a = H/W on a pool of
 * workers with a progress bar and Cancel, and plots (L∞ − L0)/L0 vs a on log–log axes with the
 * published scaling lines 1.2 a and 1.9 a^(2/3) (REFERENCE §5); a results table with CSV, and
 * the fitted slopes for a <= 1.5 and a >= 4 beside the expected 1 and 2/3.
 */
import { ChainPlot } from '../chain/chain-plot';
import { CancelledError } from '../chain/job-worker';
import { fillTable, fmt, plotCard, ProgressView, showFailure } from '../chain/widgets';
import { COLORS } from '../plot/plot-view';
import { el, sidewaysScroll } from '../ui/dom';
import type { JsonObject } from '../sim/scenario';
import { DEFAULT_ASPECTS, materialText, parseAspects, STUDY_SIZES, studyAddress, studyCaseOptions, studyMaterial, type StudySize } from './study-cases';
import { StudyPool, type CaseProgress } from './study-pool';
import { caseFraction, LARGE_A_MIN, LARGE_SLOPE, slopeText, SMALL_A_MAX, SMALL_SLOPE, studyCsv, studyRow, studySlopes, type StudyRow } from './study';
import { logSpace, lubeLinear, lubePower } from './scaling';

const SIZE_LABELS: Readonly<Record<StudySize, string>> = {
  tiny: 'tiny: ≥ 3 × 6 grains',
  quick: 'quick: ≥ 6 × 15 grains',
  full: 'full: ≥ 10 × 30 grains',
};

/** what the end-to-end test hook reads */
export interface StudyProbe {
  running: boolean;
  /** cases finished */
  rows: number;
  /** points in the plot (cases with (L∞ − L0)/L0 > 0) */
  points: number;
  progress: number;
  slopeSmall: number | null;
  slopeLarge: number | null;
  text: string;
}

/** the settling budget and gravity of the default scenario, for the progress estimate */
const SETTLE_MAX_TIME = 5;
const GRAVITY = 9.81;

export class StudyPanel {
  private readonly aspects: HTMLInputElement;
  private readonly aspectsError = el('p', { class: 'field-error', id: 'err-study-aspects', hidden: true });
  private readonly size: HTMLSelectElement;
  private readonly runButton = el('button', { type: 'submit', class: 'primary', id: 'study-run' }, 'Run study');
  private readonly progress: ProgressView;
  private readonly progressText = el('p', { class: 'hint', id: 'study-progress-text', 'aria-live': 'polite' });
  private readonly result = el('p', { class: 'result-line', id: 'study-result', role: 'status' });
  private readonly slopes = el('dl', { class: 'compare', id: 'study-slopes' });
  private readonly table = el('table', { class: 'data-table', id: 'study-table' });
  private readonly plot: ChainPlot;
  private readonly pool = new StudyPool();
  private rows: Array<StudyRow | null> = [];
  private material = studyMaterial(null);
  private running = false;
  private fraction = 0;
  private generation = 0;

  /** `scenario`: the page's current (last valid) scenario, whose material the study takes */
  constructor(container: HTMLElement, private readonly scenario: () => JsonObject | null = () => null) {
    this.aspects = el('input', { id: 'study-aspects', type: 'text', value: DEFAULT_ASPECTS.join(', '), 'aria-describedby': 'err-study-aspects', spellcheck: 'false' });
    this.size = el('select', { id: 'study-size' });
    for (const s of STUDY_SIZES) this.size.append(el('option', { value: s }, SIZE_LABELS[s]));
    this.size.value = 'quick';
    this.progress = new ProgressView('study', 'Study progress', () => this.pool.cancel());
    const form = el(
      'form', { class: 'chain-form', id: 'study-form', 'aria-label': 'Study inputs', novalidate: true },
      el('div', { class: 'field field-select' }, el('label', { for: 'study-aspects' }, 'Aspect ratios a = H/W ', el('span', { class: 'unit' }, '(–)')), this.aspects, this.aspectsError),
      el('div', { class: 'field field-select' }, el('label', { for: 'study-size' }, 'Column size'), this.size),
      el('p', { class: 'hint' }, 'Columns at least so many grains wide × high: tiny runs in about a second, quick in seconds, full (the issue’s test) in a minute or two on two cores.'),
      el('p', { class: 'hint' }, `One collapse per a, on ${this.pool.size()} worker${this.pool.size() === 1 ? '' : 's'}: the current scenario’s μ, μ_r, e, solver and seed (apply the form first); the study’s own radii 4–6 mm, time step 5·10⁻⁵ s and tolerance 10⁻⁴ R, as on the command line. The column W wide and a W high, settled behind the gate, then released. The plot uses the settled a = H0/L0.`),
      el('div', { class: 'form-actions' }, this.runButton),
      this.progress.root,
      this.progressText,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.start();
    });
    const card = plotCard('study', 'the study results', () => this.csv());
    this.plot = new ChainPlot(card.body, {
      title: 'Normalized runout vs aspect ratio (log–log)',
      xLabel: 'aspect ratio a = H0/L0 (1)',
      yLabel: '(L∞ − L0)/L0 (1)',
      logY: true,
      logX: true,
      height: 300,
    });
    container.append(
      el('h2', {}, 'Study: runout vs aspect ratio'),
      el(
        'div', { class: 'panel-grid' }, form,
        el('div', { class: 'panel-main' }, this.result, this.slopes, el('div', { class: 'plot-grid two' }, card.card, el('div', { class: 'table-card' }, el('h3', {}, 'Cases'), sidewaysScroll('Cases', this.table)))),
      ),
    );
    this.showRows();
  }

  /** pre-select a size (e.g. from ?study=tiny) */
  setSize(size: StudySize): void {
    this.size.value = size;
  }

  /** pre-fill the aspect ratios (e.g. from ?aspects=1,4,8; checked when the study runs) */
  setAspects(text: string): void {
    this.aspects.value = text;
  }

  private async start(): Promise<void> {
    const parsed = parseAspects(this.aspects.value);
    if ('error' in parsed) {
      this.aspectsError.textContent = parsed.error;
      this.aspectsError.hidden = false;
      this.aspects.setAttribute('aria-invalid', 'true');
      return;
    }
    this.aspectsError.hidden = true;
    this.aspects.setAttribute('aria-invalid', 'false');
    const aspects = parsed.aspects;
    const size = this.size.value as StudySize;
    // the study's inputs go into the page's address, so "Copy link" shares them with the scenario
    history.replaceState(null, '', studyAddress(window.location.href, size, aspects));
    const material = studyMaterial(this.scenario());
    this.material = material;
    const generation = ++this.generation;
    this.rows = aspects.map(() => null);
    const partial = new Map<number, number>();
    this.running = true;
    this.fraction = 0;
    this.progress.start(0);
    this.result.classList.remove('error');
    this.result.textContent = `Running ${aspects.length} collapse${aspects.length === 1 ? '' : 's'} (${size}; ${materialText(material)})…`;
    this.showRows();
    const started = performance.now();
    const update = (p?: CaseProgress): void => {
      if (generation !== this.generation) return;
      const done = this.rows.filter((r) => r !== null).length;
      let sum = done;
      for (const v of partial.values()) sum += v;
      this.fraction = Math.min(1, sum / aspects.length);
      this.progress.set(this.fraction);
      const now = p ? ` · a = ${aspects[p.index]}: ${p.phase === 0 ? 'settling' : `t = ${fmt(p.time, 3)} s after the gate opened`}${p.grains > 0 ? ` (${p.grains} grains)` : ''}` : '';
      this.progressText.textContent = `${done} of ${aspects.length} cases done${now}`;
    };
    try {
      await this.pool.run(aspects, studyCaseOptions(size, material), {
        progress: (p) => {
          const a = aspects[p.index] ?? 1;
          partial.set(p.index, caseFraction(p.phase, p.time, SETTLE_MAX_TIME, a * 0.1, GRAVITY));
          update(p);
        },
        result: (index, result) => {
          partial.delete(index);
          this.rows[index] = studyRow(aspects[index] ?? NaN, result);
          update();
          this.showRows();
        },
      });
      if (generation !== this.generation) return;
      const failed = this.finished().filter((r) => r.error !== null).length;
      this.result.textContent = `${aspects.length} collapses in ${fmt((performance.now() - started) / 1000, 3)} s (${materialText(material)})${
        failed > 0 ? `; ${failed} failed (the table says why)` : ''
      }.`;
    } catch (error) {
      if (generation !== this.generation) return;
      showFailure(this.result, error, 'Study cancelled (finished cases are kept).');
      // the progress line named the case that was running: say it stopped there
      if (error instanceof CancelledError) this.progressText.textContent = `Cancelled: ${this.finished().length} of ${aspects.length} cases done.`;
    } finally {
      if (generation === this.generation) {
        this.running = false;
        this.progress.stop();
      }
    }
  }

  private finished(): StudyRow[] {
    return this.rows.filter((r): r is StudyRow => r !== null);
  }

  private showRows(): void {
    const rows = this.finished();
    fillTable(
      this.table,
      ['a nominal', 'grains', 'H0 (m)', 'L0 (m)', 'a = H0/L0', 'L∞ (m)', '(L∞ − L0)/L0', 'collapse time (s)'],
      rows.map((r) => [fmt(r.nominal, 4), String(r.grains), fmt(r.h0, 4), fmt(r.l0, 4), fmt(r.aspect, 4), fmt(r.lInf, 4), fmt(r.relative, 4), r.error !== null ? `failed: ${r.error}` : fmt(r.collapseTime, 4)]),
    );
    const s = studySlopes(rows);
    this.slopes.replaceChildren(
      el('div', { class: 'compare-row' }, el('dt', {}, `log–log slope, a ≤ ${SMALL_A_MAX}`), el('dd', { id: 'slope-small' }, slopeText(s.small, SMALL_SLOPE))),
      el('div', { class: 'compare-row' }, el('dt', {}, `log–log slope, a ≥ ${LARGE_A_MIN}`), el('dd', { id: 'slope-large' }, slopeText(s.large, LARGE_SLOPE))),
    );
    // the data, and the two published lines over the range shown
    const pts = rows.filter((r) => r.error === null && r.relative > 0 && r.aspect > 0);
    const lo = Math.min(0.25, ...pts.map((r) => r.aspect * 0.8));
    const hi = Math.max(12, ...pts.map((r) => r.aspect * 1.25));
    const xs = [...logSpace(lo, hi, 40), ...pts.map((r) => r.aspect)].sort((p, q) => p - q);
    const byX = new Map(pts.map((r) => [r.aspect, r.relative] as const));
    this.plot.show(xs, [
      { spec: { label: 'this study', color: COLORS.vermillion, points: true, line: false }, data: xs.map((x) => byX.get(x) ?? null) },
      { spec: { label: 'Lube et al.: 1.2 a', color: COLORS.blue, dash: [6, 4], width: 1.5 }, data: xs.map(lubeLinear) },
      { spec: { label: 'Lube et al.: 1.9 a^(2/3)', color: COLORS.green, dash: [2, 3], width: 1.75 }, data: xs.map(lubePower) },
    ]);
  }

  private csv(): { filename: string; text: string } | null {
    const rows = this.finished();
    return rows.length === 0 ? null : { filename: 'avalanche-study.csv', text: studyCsv(rows, this.material) };
  }

  probe(): StudyProbe {
    const rows = this.finished();
    const s = studySlopes(rows);
    return {
      running: this.running,
      rows: rows.length,
      points: rows.filter((r) => r.error === null && r.relative > 0 && r.aspect > 0).length,
      progress: this.fraction,
      slopeSmall: s.small?.slope ?? null,
      slopeLarge: s.large?.slope ?? null,
      text: this.result.textContent ?? '',
    };
  }
}
