/**
 * Panel (c), boundary value: the e with v4(e) = target, by Newton's method with bisection
 * safeguard (chainNewton, four spheres): every iterate in a table, |residual| on a log axis,
 * and the closed form 2 (target / v0)^(1/3) − 1 (= 4^(1/3) − 1 for v0/2) beside it.
 */
import type { ReproduceContext } from '../ui/reproduce';
import { el } from '../ui/dom';
import { ChainPlot } from './chain-plot';
import { NumberField } from './fields';
import { JobWorker } from './job-worker';
import { seriesColor } from './palette';
import { parseNewton, type NewtonResult } from './results';
import { newtonRunId, runCsvRows, RunProvenance, type CsvFile } from './run-export';
import type { ChainState } from './state';
import { eForV4, SIX_COLLISION_MIN } from './theory';
import { orderProblem, RULES } from './validate';
import { csvButton, fillTable, fmt, plotCard, tallScrollingTable, ProgressView, runPanelJob, type RunStarted, refuseRun, stillShown } from './widgets';

export type NewtonInputs = ChainState['newton'];

/** how an iterate was obtained */
export function stepKind(k: number, bisection: boolean, bracketEnd = false): string {
  // the engine evaluates the bracket's ends first and lists them only when it stops there (an end
  // is the root, or there is no sign change); every other iterate lies strictly inside
  return bracketEnd ? 'bracket end' : k === 0 ? 'start (midpoint)' : bisection ? 'bisection' : 'Newton';
}

/** The kind of each iterate of an answer to `inputs` (see stepKind). */
export function stepKinds(a: NewtonResult, inputs: { lo: number; hi: number } | null): string[] {
  return a.steps.map((s, k) => stepKind(k, s.bisection, inputs !== null && (s.e === inputs.lo || s.e === inputs.hi)));
}

/** every residual has the same sign: the bracket most likely misses the root */
export function noSignChange(a: NewtonResult): boolean {
  const signs = new Set(a.steps.filter((s) => s.residual !== 0).map((s) => Math.sign(s.residual)));
  return signs.size === 1;
}

export class NewtonPanel {
  private readonly target = new NumberField('newton-target', 'Target v4', 'm/s', RULES.target, '0.25 < target ≤ 1 (v0/4 to v0); default v0/2 = 0.5 m/s');
  private readonly lo = new NumberField('newton-lo', 'Bracket e_lo', '', RULES.lo);
  private readonly hi = new NumberField('newton-hi', 'Bracket e_hi', '', RULES.hi);
  private readonly progress: ProgressView;
  private readonly result = el('p', { class: 'result-line', id: 'newton-result', role: 'status', 'aria-live': 'polite' });
  private readonly exact = el('dl', { class: 'compare', id: 'newton-compare' });
  private readonly table = el('table', { id: 'newton-table', class: 'data-table' });
  private readonly plot: ChainPlot;
  private readonly worker = new JobWorker('granular-chain-newton');
  private answer: NewtonResult | null = null;
  private inputs: NewtonInputs | null = null;
  /** the solve shown, as its exports name it */
  private readonly provenance = new RunProvenance();

  /** the panel's run as its pictures name it (the embedded panel's reproduce line follows it too) */
  get runContext(): ReproduceContext {
    return this.provenance.context;
  }

  constructor(container: HTMLElement, private readonly onRun: (inputs: NewtonInputs) => void, private readonly onStart: RunStarted<NewtonInputs>) {
    this.progress = new ProgressView('newton', 'Solving', () => this.worker.cancel());
    const form = el(
      'form', { class: 'chain-form', id: 'newton-form', 'aria-label': 'Boundary-value inputs', novalidate: true },
      this.target.row, this.lo.row, this.hi.row,
      el('p', { class: 'hint' }, 'Solves v4(e) = target for the four-sphere row: Newton steps with a central-difference slope, bisection when a step leaves the bracket.'),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit', class: 'primary', id: 'newton-run' }, 'Solve')),
      this.progress.root,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    const csv = (): CsvFile | null => this.csv();
    const card = plotCard('newton', 'the Newton iterates', csv, () => this.plot.png());
    this.plot = new ChainPlot(card.body, { title: '|residual| (m/s) vs iteration k (1)', xLabel: 'iteration k (1)', yLabel: '|v4(e_k) − target| (m/s)', logY: true, integerX: true, height: 240, context: this.provenance.context });
    const tableCard = el(
      'div', { class: 'table-card' },
      el('div', { class: 'card-tools' }, el('h3', {}, 'Iterates'), csvButton('csv-newton-table', 'the Newton iterates', csv)),
      // on a phone the step column was cut off with nothing saying the table scrolls: the hint line
      // names the columns out of view and the side with more fades (as the final velocities' table)
      tallScrollingTable('Newton iterates, scrollable', this.table, 'newton-table-hint', 'short'),
    );
    container.append(
      el('div', { class: 'panel-grid' }, form, el('div', { class: 'panel-main' }, this.result, this.exact, el('div', { class: 'plot-grid two' }, tableCard, card.card))),
    );
  }

  set(inputs: NewtonInputs): void {
    this.target.set(inputs.target);
    this.lo.set(inputs.lo);
    this.hi.set(inputs.hi);
  }

  private read(): NewtonInputs | null {
    const target = this.target.read();
    const lo = this.lo.read();
    const hi = this.hi.read();
    if (target === null || lo === null || hi === null) return null;
    const order = orderProblem(lo, hi, 'e_lo', 'e_hi');
    if (order) {
      this.hi.showError(order);
      return null;
    }
    return { target, lo, hi };
  }

  submit(): void {
    const inputs = this.read();
    if (inputs) this.onStart(inputs, this.compute(inputs));
    else refuseRun(this.result, this.progress, () => this.stillShown());
  }

  /** what the panel still shows of its last run, for a result line that is not about it (stillShown) */
  private stillShown(): string {
    return stillShown('The table and the plot', this.inputs && newtonRunText(this.inputs));
  }

  async compute(inputs: NewtonInputs): Promise<void> {
    this.worker.cancel();
    await runPanelJob(this.progress, this.result, 'Solving…', async () => {
      const answer = parseNewton(await this.worker.text({ type: 'newton', ...inputs }));
      this.answer = answer;
      this.inputs = inputs;
      this.provenance.set(newtonRunId(inputs));
      this.show(answer, inputs);
      this.onRun(inputs);
    }, () => this.stillShown());
  }

  private show(a: NewtonResult, inputs: NewtonInputs): void {
    const n = a.steps.length;
    this.result.textContent = a.converged
      ? `Converged after ${n} iterate${n === 1 ? '' : 's'}: e = ${a.e.toPrecision(13)}.`
      : noSignChange(a)
        ? `No root in the bracket: v4 − target has the same sign at e_lo = ${inputs.lo} and e_hi = ${inputs.hi}, so [${inputs.lo}, ${inputs.hi}] holds no e with v4 = ${inputs.target} m/s; widen the bracket.`
        : `Not converged after ${n} iterates (last e = ${a.e.toPrecision(13)}).`;
    this.result.classList.toggle('error', !a.converged);
    const closed = eForV4(inputs.target);
    const applies = closed >= SIX_COLLISION_MIN && closed <= 1;
    const row = (term: string, value: string): HTMLElement => el('div', { class: 'compare-row' }, el('dt', {}, term), el('dd', {}, value));
    // with no root in the bracket the last iterate is only its end: no answer to compare (an audit read
    // "e = 0.95, difference -0.05" under the refusal)
    const noRoot = !a.converged && noSignChange(a);
    const solved = noRoot ? '– (no root in the bracket)' : a.converged ? `e = ${a.e.toPrecision(13)}` : `last e = ${a.e.toPrecision(13)} (not converged)`;
    this.exact.replaceChildren(
      row('Newton (WASM engine)', solved),
      row(inputs.target === 0.5 ? 'exact 4^(1/3) − 1' : 'exact 2 (target/v0)^(1/3) − 1', applies ? `e = ${closed.toPrecision(13)}` : `${closed.toPrecision(6)} (outside the six-collision regime, not valid)`),
      row('difference', applies && !noRoot ? fmt(a.e - closed, 3) : '–'),
      row('published (ACSL, SNE C12)', 'e = 0.587401052 (for v0/2)'),
    );
    const kinds = stepKinds(a, inputs);
    fillTable(
      this.table,
      ['k', 'e_k (1)', 'residual v4 − target (m/s)', 'step'],
      a.steps.map((s, k) => [String(k), s.e.toPrecision(13), fmt(s.residual, 4), kinds[k]!]),
    );
    const iterations = a.steps.map((_, k) => k);
    // exact zeros have no place on a log axis
    const residual = a.steps.map((s) => (Math.abs(s.residual) > 0 ? Math.abs(s.residual) : null));
    this.plot.show(iterations, [{ spec: { label: '|residual|', color: seriesColor(0), points: true }, data: residual }]);
  }

  private csv(): CsvFile | null {
    const a = this.answer;
    const id = this.provenance.run;
    if (!a || !id) return null;
    const kinds = stepKinds(a, this.inputs ?? null);
    return runCsvRows(id, 'iterates', ['k', 'e (1)', 'residual v4 - target (m/s)', 'step'], a.steps.map((s, k) => [k, s.e, s.residual, kinds[k]!]));
  }

  probe(): { e: number; steps: number; points: number; picture: string } {
    return { e: this.answer?.e ?? NaN, steps: this.answer?.steps.length ?? 0, points: this.plot.points(), picture: this.plot.provenanceText() };
  }
}

/** A boundary-value run's inputs in words: "target 0.5 m/s, bracket [0.3, 0.95]". */
export function newtonRunText(i: NewtonInputs): string {
  return `target ${i.target} m/s, bracket [${i.lo}, ${i.hi}]`;
}
