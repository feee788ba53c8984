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
import { el } from '../ui/dom';
import { scrollingTable } from '../ui/table-scroll';
import type { JsonObject } from '../sim/scenario';
import {
  ASPECT_MAX, ASPECT_MIN, DEFAULT_ASPECTS, materialText, parseAspects, plural, sizeCaveat, STUDY_SIZES, studyAddress, studyCaseOptions, studyColumn, studyEstimate, studyMaterial,
  type StudySize,
} from './study-cases';
import { StudyPool, type CaseProgress } from './study-pool';
import {
  cancelledResultText, cancelledText, doneText, LARGE_A_MIN, LARGE_SLOPE, progressText, runningCaseFraction, runningCaseText, runningText,
  SETTLE_SECONDS_PER_GRAIN, SMALL_A_MAX, SMALL_SLOPE, slopeTextParts, studyCsv, studyFileName, STUDY_PLOT_LABELS, studyPlotData, studyRow, studySlopes, StudyProvenance, type RunningCase, type SlopeWindow, type StudyRow, type StudyRun,
} from './study';
import type { SlopeFit } from './scaling';

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

/** the table's columns */
const TABLE_HEADER = ['a nominal', 'grains', 'H0 (m)', 'L0 (m)', 'a = H0/L0', 'L∞ (m)', '(L∞ − L0)/L0', 'collapse time (s)'] as const;
/** ms between updates of the progress bar while a column settles (the worker says nothing then): at 250 ms a
 * tiny column, settled in under half a second since the candidate list, moved the bar once or twice */
const TICK_MS = 100;

/** wall-clock time, s */
const seconds = (): number => performance.now() / 1000;

/** "log–log slope, a ≤ 1.5" with the range kept on one line */
function slopeLabel(range: string): Array<Node | string> {
  return ['log–log slope, ', el('span', { class: 'nowrap' }, range)];
}

/** the slope and its verdict, the verdict kept on one line */
function slopeValue(fit: SlopeFit | null, window: SlopeWindow): Array<Node | string> {
  const [fitText, verdict] = slopeTextParts(fit, window);
  return verdict ? [fitText, el('span', { class: 'nowrap' }, verdict)] : [fitText];
}

export class StudyPanel {
  private readonly aspects: HTMLInputElement;
  private readonly aspectsError = el('p', { class: 'field-error', id: 'err-study-aspects', hidden: true });
  private readonly size: HTMLSelectElement;
  private readonly runButton = el('button', { type: 'submit', class: 'primary', id: 'study-run' }, 'Run study');
  /**
   * Beside the button while a study runs, which it then restarts: a second press used to drop the
   * cases done so far under the same "Run study", with nothing saying so (a full study is minutes).
   */
  private readonly restartNote = el('span', { class: 'hint', id: 'study-restart-note', hidden: true }, 'Restart drops the cases done so far; Cancel (below) stops and keeps them.');
  private readonly progress: ProgressView;
  private readonly progressText = el('p', { class: 'hint', id: 'study-progress-text', 'aria-live': 'polite' });
  /** what the chosen aspect ratios and size cost: grains per case, how long */
  private readonly estimate = el('p', { class: 'hint', id: 'study-estimate' });
  /** the table in its sideways-scrolling box, under "Scroll the table right to see …" while columns are out of view */
  private readonly tableBlock: HTMLDivElement;
  private readonly updateTableHint: () => void;
  private readonly result = el('p', { class: 'result-line', id: 'study-result', role: 'status' });
  private readonly slopes = el('dl', { class: 'compare', id: 'study-slopes' });
  private readonly table = el('table', { class: 'data-table', id: 'study-table' });
  private readonly plot: ChainPlot;
  private readonly pool = new StudyPool();
  private rows: Array<StudyRow | null> = [];
  /** the study shown: the size and material it was run at (the size menu may have changed since) */
  private run: StudyRun = { size: 'quick', material: studyMaterial(null) };
  /** the run it took from the page as it started: its picture's reproduce line and its CSV's headers name it */
  private readonly provenance = new StudyProvenance();
  private running = false;
  private fraction = 0;
  private generation = 0;

  /** `scenario`: the page's current (last valid) scenario, whose material the study takes */
  constructor(container: HTMLElement, private readonly scenario: () => JsonObject | null = () => null) {
    this.aspects = el('input', { id: 'study-aspects', type: 'text', value: DEFAULT_ASPECTS.join(', '), 'aria-describedby': 'err-study-aspects study-estimate', spellcheck: 'false' });
    this.size = el('select', { id: 'study-size' });
    for (const s of STUDY_SIZES) this.size.append(el('option', { value: s }, SIZE_LABELS[s]));
    this.size.value = 'quick';
    this.progress = new ProgressView('study', 'Study progress', () => this.pool.cancel());
    const form = el(
      'form', { class: 'chain-form', id: 'study-form', 'aria-label': 'Study inputs', novalidate: true },
      el('div', { class: 'field field-select' }, el('label', { for: 'study-aspects' }, 'Aspect ratios a = H/W ', el('span', { class: 'unit' }, '(1)')), this.aspects, this.aspectsError),
      el('div', { class: 'field field-select' }, el('label', { for: 'study-size' }, 'Column size'), this.size),
      el('p', { class: 'hint' }, `Aspect ratios from ${ASPECT_MIN} to ${ASPECT_MAX}; columns at least so many grains wide × high (full: the size the slopes are measured at; the smaller ones show how the study runs).`),
      this.estimate,
      el('p', { class: 'hint' }, `One collapse per a, on ${plural(this.pool.size(), 'worker')}: the current scenario’s μ, μ_r, e, solver, seed and floor (its discs and gaps in proportion to R_min; apply the form first); the study’s own radii 4–6 mm, time step 5·10⁻⁵ s and tolerance 10⁻⁴ R, as on the command line. The column W wide and a W high, settled behind the gate, then released. The plot uses the settled a = H0/L0.`),
      el('div', { class: 'form-actions' }, this.runButton, this.restartNote),
      this.progress.root,
      this.progressText,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.start();
    });
    this.aspects.addEventListener('input', () => {
      this.showEstimate();
      // a message shown (by Run, or for the address' list) follows the corrections: it went on naming
      // the entry already fixed, the field still marked invalid beside a valid estimate
      if (this.aspects.getAttribute('aria-invalid') === 'true') this.checkAspects();
    });
    this.size.addEventListener('change', () => this.showEstimate());
    const scrolling = scrollingTable('Cases', this.table, 'study-table-hint');
    this.tableBlock = scrolling.root;
    this.updateTableHint = scrolling.update;
    const card = plotCard('study', 'the study results', () => this.csv(), () => this.plot.png());
    this.plot = new ChainPlot(card.body, {
      ...STUDY_PLOT_LABELS,
      logY: true,
      logX: true,
      height: 300,
      // the scenario and engine the study ran, not those loaded since
      context: this.provenance.context,
      // a picture saved away from the page says what was run and what the slopes came to
      pictureNotes: () => [
        this.result.textContent ?? '',
        ...[...this.slopes.querySelectorAll('.compare-row')].map((row) => `${row.querySelector('dt')?.textContent ?? ''}: ${row.querySelector('dd')?.textContent ?? ''}`),
      ].filter((line) => line !== '' && line !== ': '),
    });
    container.append(
      el('h2', {}, 'Study: runout vs aspect ratio'),
      el(
        'div', { class: 'panel-grid' }, form,
        el('div', { class: 'panel-main' }, this.result, this.slopes, el('div', { class: 'plot-grid two' }, card.card, el('div', { class: 'table-card' }, el('h3', {}, 'Cases'), this.tableBlock))),
      ),
    );
    this.showRows();
    this.showEstimate();
  }

  /** pre-select a size (e.g. from ?study=tiny) */
  setSize(size: StudySize): void {
    this.size.value = size;
    this.showEstimate();
  }

  /** pre-fill the aspect ratios (e.g. from ?aspects=1,4,8); a list that cannot run is marked at once, with its message */
  setAspects(text: string): void {
    this.aspects.value = text;
    this.showEstimate();
    if ('error' in parseAspects(text)) this.checkAspects();
  }

  /** the field's aspect ratios, or null after showing next to the field why they cannot run (a valid list clears that) */
  private checkAspects(): number[] | null {
    const parsed = parseAspects(this.aspects.value);
    const problem = 'error' in parsed ? parsed.error : null;
    this.aspectsError.textContent = problem ?? '';
    this.aspectsError.hidden = problem === null;
    this.aspects.setAttribute('aria-invalid', String(problem !== null));
    return 'error' in parsed ? null : parsed.aspects;
  }

  /** the cost of the study as the fields stand (nothing while the aspect ratios do not parse: Run says why) */
  private showEstimate(): void {
    const parsed = parseAspects(this.aspects.value);
    this.estimate.textContent = 'error' in parsed ? '' : studyEstimate(this.size.value as StudySize, parsed.aspects);
  }

  private async start(): Promise<void> {
    const aspects = this.checkAspects();
    if (aspects === null) return;
    const size = this.size.value as StudySize;
    // the study's inputs go into the page's address, so "Copy link" shares them with the scenario
    history.replaceState(null, '', studyAddress(window.location.href, size, aspects));
    const material = studyMaterial(this.scenario());
    this.run = { size, material };
    // the scenario's material and engine ran the cases: the study's files name them, whatever is loaded since
    this.provenance.start();
    const generation = ++this.generation;
    this.rows = aspects.map(() => null);
    // the cases on the workers, and the one the progress line names (the last to report)
    const running = new Map<number, RunningCase>();
    let named: number | null = null;
    // how long settling takes here, s per grain: the last case's, once one has settled
    let settleRate = SETTLE_SECONDS_PER_GRAIN;
    this.running = true;
    this.showRunning(true);
    this.fraction = 0;
    this.progress.start(0);
    this.result.classList.remove('error');
    this.result.textContent = runningText(aspects.length, size, materialText(material));
    this.showRows();
    const started = performance.now();
    const update = (): void => {
      if (generation !== this.generation) return;
      const done = this.rows.filter((r) => r !== null).length;
      const now = seconds();
      let sum = done;
      for (const c of running.values()) sum += runningCaseFraction(c, now, settleRate);
      // never back: a case's share only grows, and a finished case counts 1
      this.fraction = Math.max(this.fraction, Math.min(1, sum / aspects.length));
      this.progress.set(this.fraction);
      const shown = named === null ? undefined : running.get(named);
      this.progressText.textContent = progressText(done, aspects.length, shown ? runningCaseText(shown) : '');
    };
    // the line is this study's from the start: else the one before's ("2 of 3 cases done · a = 0.5…",
    // "Cancelled: …") stood under the new study until the clock's first tick
    update();
    // settling says nothing for a while: the bar moves on with the clock meanwhile
    const ticker = window.setInterval(update, TICK_MS);
    try {
      await this.pool.run(aspects, studyCaseOptions(size, material), {
        progress: (p: CaseProgress) => {
          const a = aspects[p.index] ?? 1;
          const known = running.get(p.index);
          if (known && known.phase === 0 && p.phase === 1) settleRate = (seconds() - known.started) / Math.max(1, known.column.grains);
          running.set(p.index, { a, phase: p.phase, started: known?.started ?? seconds(), time: p.time, column: known?.column ?? studyColumn(a, size) });
          named = p.index;
          update();
        },
        result: (index, result) => {
          running.delete(index);
          // the line goes on with a case still running (the latest started), if any
          if (named === index) named = [...running.keys()].pop() ?? null;
          this.rows[index] = studyRow(aspects[index] ?? NaN, result);
          update();
          this.showRows();
        },
      });
      if (generation !== this.generation) return;
      const failed = this.finished().filter((r) => r.error !== null).length;
      const caveat = sizeCaveat(size);
      this.result.textContent = doneText(aspects.length, (performance.now() - started) / 1000, materialText(material), failed) + (caveat ? ` ${caveat}` : '');
    } catch (error) {
      if (generation !== this.generation) return;
      showFailure(this.result, error, cancelledResultText(this.finished().length, materialText(material)));
      // the progress line named the case that was running: say it stopped there
      if (error instanceof CancelledError) this.progressText.textContent = cancelledText(this.finished().length, aspects.length);
    } finally {
      window.clearInterval(ticker);
      if (generation === this.generation) {
        this.running = false;
        this.showRunning(false);
        this.progress.stop();
      }
    }
  }

  /** the button says what a press does: run, or, while a study runs, start it again */
  private showRunning(running: boolean): void {
    this.runButton.textContent = running ? 'Restart study' : 'Run study';
    this.restartNote.hidden = !running;
    // described by the note only while it shows (a hidden element named here is still read out)
    if (running) this.runButton.setAttribute('aria-describedby', 'study-restart-note');
    else this.runButton.removeAttribute('aria-describedby');
  }

  private finished(): StudyRow[] {
    return this.rows.filter((r): r is StudyRow => r !== null);
  }

  private showRows(): void {
    const rows = this.finished();
    fillTable(
      this.table,
      TABLE_HEADER,
      rows.map((r) => [fmt(r.nominal, 4), String(r.grains), fmt(r.h0, 4), fmt(r.l0, 4), fmt(r.aspect, 4), fmt(r.lInf, 4), fmt(r.relative, 4), r.error !== null ? `failed: ${r.error}` : fmt(r.collapseTime, 4)]),
    );
    const s = studySlopes(rows);
    this.slopes.replaceChildren(
      el('div', { class: 'compare-row' }, el('dt', {}, ...slopeLabel(`a ≤ ${SMALL_A_MAX}`)), el('dd', { id: 'slope-small' }, ...slopeValue(s.small, SMALL_SLOPE))),
      el('div', { class: 'compare-row' }, el('dt', {}, ...slopeLabel(`a ≥ ${LARGE_A_MIN}`)), el('dd', { id: 'slope-large' }, ...slopeValue(s.large, LARGE_SLOPE))),
    );
    // the data, and each published line over its own regime, the two meeting where they cross
    const d = studyPlotData(rows);
    this.plot.show(d.xs, [
      { spec: { label: 'this study', color: COLORS.vermillion, points: true, line: false }, data: d.points },
      { spec: { label: 'Lube et al.: 1.2 a', color: COLORS.blue, dash: [6, 4], width: 1.5 }, data: d.linear },
      { spec: { label: 'Lube et al.: 1.9 a^(2/3)', color: COLORS.green, dash: [2, 3], width: 1.75 }, data: d.power },
    ]);
    this.updateTableHint();
  }

  /** the table with the size, material and fixed parameters on every row, under a name that carries the size and their hash */
  private csv(): { filename: string; text: string } | null {
    const rows = this.finished();
    return rows.length === 0 ? null : { filename: studyFileName(this.run, 'csv'), text: studyCsv(rows, this.run, this.provenance.made) };
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
