/**
 * Monte Carlo: K samples e ~ N(μ, σ²), v4 of each (chainMonteCarlo: one call in one worker, so
 * the numbers are those of `granular-cli chain-mc` with the same seed); histogram with the exact
 * density, mean, standard deviation, 95 % CI beside the exact and the published ACSL values.
 */
import type { ReproduceContext } from '../ui/reproduce';
import { el } from '../ui/dom';
import { scrollingTable } from '../ui/table-scroll';
import { ChainPlot } from './chain-plot';
import { NumberField } from './fields';
import { JobWorker } from './job-worker';
import { COLORS } from '../plot/plot-view';
import { monteCarloSamplesCsv, parseMonteCarloRange, summarizeSamples, type MonteCarloResult } from './results';
import { mcRunId, runCsvColumns, RunProvenance, type CsvFile } from './run-export';
import type { ChainState } from './state';
import { ACSL_MC, histogram, momentsApply, v4Density, v4Moments, type Histogram } from './theory';
import { RULES } from './validate';
import { csvButton, fillTable, fmt, plotCard, ProgressView, runPanelJob, type RunStarted, refuseRun, stillShown } from './widgets';

export type McInputs = ChainState['mc'];

export class McPanel {
  private readonly samples = new NumberField('mc-samples', 'Samples K', '', RULES.samples);
  private readonly mu = new NumberField('mc-mu', 'Mean μ of e', '', RULES.mu);
  private readonly sigma = new NumberField('mc-sigma', 'Std. deviation σ of e', '', RULES.sigma);
  private readonly seed = new NumberField('mc-seed', 'Seed', '', RULES.seed, 'the same seed gives the same samples, here and in a shared link');
  private readonly progress: ProgressView;
  private readonly result = el('p', { class: 'result-line', id: 'mc-result', role: 'status', 'aria-live': 'polite' });
  private readonly table = el('table', { id: 'mc-table', class: 'data-table' });
  private readonly plot: ChainPlot;
  private readonly worker = new JobWorker('granular-chain-mc');
  private answer: MonteCarloResult | null = null;
  private hist: Histogram | null = null;
  private inputs: McInputs | null = null;
  /** the run shown, as its exports name it */
  private readonly provenance = new RunProvenance();

  /** the panel's run as its pictures name it (the embedded panel's reproduce line follows it too) */
  get runContext(): ReproduceContext {
    return this.provenance.context;
  }
  /** under the statistics: where the exact values hold and where the published ones come from */
  private readonly note = el('p', { class: 'hint', id: 'mc-note', hidden: true });

  constructor(container: HTMLElement, private readonly onRun: (inputs: McInputs) => void, private readonly onStart: RunStarted<McInputs>) {
    this.progress = new ProgressView('mc', 'Sampling', () => this.worker.cancel());
    const form = el(
      'form', { class: 'chain-form', id: 'mc-form', 'aria-label': 'Monte Carlo inputs', novalidate: true },
      this.samples.row, this.mu.row, this.sigma.row, this.seed.row,
      el('p', { class: 'hint' }, 'e is drawn from a Gaussian (clamped to [0, 1]); each sample is one four-sphere run in double precision.'),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit', class: 'primary', id: 'mc-run' }, 'Sample')),
      this.progress.root,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    const card = plotCard('mc', 'the histogram of v4', () => this.histCsv(), () => this.plot.png());
    this.plot = new ChainPlot(card.body, { title: 'Distribution of v4 (1/(m/s))', xLabel: 'final velocity v4 (m/s)', yLabel: 'density (1/(m/s))', yFromZero: true, height: 260, context: this.provenance.context });
    const tableCard = el(
      'div', { class: 'table-card' },
      el('div', { class: 'card-tools' }, el('h3', {}, 'Statistics of v4'), csvButton('csv-mc-samples', 'every sample (e and v4)', () => this.samplesCsv())),
      scrollingTable('Statistics of v4', this.table, 'mc-table-hint').root,
      this.note,
    );
    container.append(
      el('div', { class: 'panel-grid' }, form, el('div', { class: 'panel-main' }, this.result, el('div', { class: 'plot-grid two' }, tableCard, card.card))),
    );
  }

  set(inputs: McInputs): void {
    this.samples.set(inputs.samples);
    this.mu.set(inputs.mu);
    this.sigma.set(inputs.sigma);
    this.seed.set(inputs.seed);
  }

  private read(): McInputs | null {
    const samples = this.samples.read();
    const mu = this.mu.read();
    const sigma = this.sigma.read();
    const seed = this.seed.read();
    if (samples === null || mu === null || sigma === null || seed === null) return null;
    return { samples, mu, sigma, seed };
  }

  submit(): void {
    const inputs = this.read();
    if (inputs) this.onStart(inputs, this.compute(inputs));
    else refuseRun(this.result, this.progress, () => this.stillShown());
  }

  /** what the panel still shows of its last run, for a result line that is not about it (stillShown) */
  private stillShown(): string {
    return stillShown('The table and the histogram', this.inputs && mcRunText(this.inputs));
  }

  async compute(inputs: McInputs): Promise<void> {
    this.worker.cancel();
    const started = performance.now();
    await runPanelJob(this.progress, this.result, `Sampling ${inputs.samples.toLocaleString('en-US')} runs…`, async () => {
      // In chunks, for a progress bar: the engine draws the same sequence whatever range is asked.
      const chunk = Math.max(100, Math.ceil(inputs.samples / 50));
      const values: number[] = [];
      const restitution: number[] = [];
      // all asked for at once: the worker answers them in order, without waiting for this thread
      // (busy drawing the other panels on a page's start) to ask for each next one
      const parts: Array<{ to: number; answer: Promise<string> }> = [];
      for (let from = 0; from < inputs.samples; from += chunk) {
        const to = Math.min(inputs.samples, from + chunk);
        parts.push({ to, answer: this.worker.text({ type: 'montecarloRange', ...inputs, from, to }) });
      }
      // the loop below ends at a part that fails (or at a cancel, which rejects them all): the
      // parts after it are not waited for, and their rejections must not go unhandled
      for (const { answer } of parts) answer.catch(() => undefined);
      for (const { to, answer } of parts) {
        const part = parseMonteCarloRange(await answer);
        values.push(...part.values);
        restitution.push(...part.restitution);
        this.progress.set(to / inputs.samples);
        this.result.textContent = `Sampling: ${to.toLocaleString('en-US')} of ${inputs.samples.toLocaleString('en-US')} runs…`;
      }
      const answer = summarizeSamples(values, restitution);
      this.answer = answer;
      this.inputs = inputs;
      this.provenance.set(mcRunId(inputs));
      this.show(answer, inputs, (performance.now() - this.worker.startOf(started)) / 1000);
      this.onRun(inputs);
    }, () => this.stillShown());
  }

  private show(a: MonteCarloResult, inputs: McInputs, seconds: number): void {
    this.result.textContent = `${a.samples.toLocaleString('en-US')} samples in ${fmt(seconds, 3)} s: mean v4 = ${a.mean.toFixed(6)} m/s, SD = ${a.sd.toFixed(6)} m/s.`;
    const exact = v4Moments(inputs.mu, inputs.sigma);
    const exactOk = momentsApply(inputs.mu, inputs.sigma);
    // the published run drew K = 1000 from the same distribution: beside any K, so that a larger K
    // shows the mean settling towards the exact value and away from the published one
    const published = inputs.mu === 0.5 && inputs.sigma === 0.05;
    const f6 = (v: number): string => v.toFixed(6);
    const exactCell = (v: number): string => (exactOk ? f6(v) : `${f6(v)}*`);
    fillTable(
      this.table,
      ['quantity (m/s)', 'this run', 'exact (closed form)', 'published ACSL (K = 1000)'],
      [
        ['mean of v4', f6(a.mean), exactCell(exact.mean), published ? f6(ACSL_MC.mean) : '–'],
        ['standard deviation', f6(a.sd), exactCell(exact.sd), published ? f6(ACSL_MC.sd) : '–'],
        ['95 % CI of the mean', `${f6(a.ciLow)} … ${f6(a.ciHigh)}`, '–', published ? `${f6(ACSL_MC.ciLow)} … ${f6(ACSL_MC.ciHigh)}` : '–'],
        ['|mean − exact|', fmt(Math.abs(a.mean - exact.mean), 3), '', ''],
      ],
    );
    this.table.setAttribute('aria-describedby', 'mc-note');
    this.note.hidden = false;
    this.note.textContent = `Exact: v4 = ((1 + e)/2)³ with e ~ N(μ, σ²), valid while e stays in the six-collision regime [2 − √3, 1)${exactOk ? '' : ' — * not the case here (μ ± 4σ leaves it)'}. Published ACSL values are for μ = 0.5, σ = 0.05, K = 1000.`;

    const h = histogram(a.values);
    this.hist = h;
    const centres = h.lower.map((x) => x + h.width / 2);
    const density = centres.map((v) => v4Density(v, inputs.mu, inputs.sigma));
    this.plot.show(centres, [
      { spec: { label: 'samples', color: COLORS.blue, fill: COLORS.blueFill, bars: true, width: 1 }, data: h.density },
      { spec: { label: 'exact density (six-collision regime)', color: COLORS.vermillion, width: 2 }, data: density.map((d, k) => (k < density.length ? d : null)) },
    ]);
  }

  /** the bins (their edges as they are, the counts and density with the run) */
  private histCsv(): CsvFile | null {
    const h = this.hist;
    const id = this.provenance.run;
    if (!h || !id) return null;
    return runCsvColumns(id, 'histogram', ['bin low v4 (m/s)', 'bin high v4 (m/s)', 'count (1)', 'density (1/(m/s))'], [h.lower, h.lower.map((x) => x + h.width), h.counts, h.density], 2);
  }

  private samplesCsv(): CsvFile | null {
    const a = this.answer;
    const id = this.provenance.run;
    return a && id ? monteCarloSamplesCsv(a, id) : null;
  }

  probe(): { mean: number; sd: number; samples: number; bins: number; picture: string } {
    return { mean: this.answer?.mean ?? NaN, sd: this.answer?.sd ?? NaN, samples: this.answer?.samples ?? 0, bins: this.plot.points(), picture: this.plot.provenanceText() };
  }
}

/** A Monte Carlo run's inputs in words: "K = 1,000, μ = 0.5, σ = 0.05, seed 42". */
export function mcRunText(i: McInputs): string {
  return `K = ${i.samples.toLocaleString('en-US')}, μ = ${i.mu}, σ = ${i.sigma}, seed ${i.seed}`;
}
