/**
 * Panel (a), time domain: one run for e, N spheres and a precision — the standard set-up, or a
 * custom row (diameters, masses, initial velocities, gaps, restitution per sphere / pair, run
 * through chainRunSetup); the row animated to scale; x_i(t), y_k(t) and v_i(t) plotted; final
 * velocities and the collision log in tables.
 */
import type { ReproduceContext } from '../ui/reproduce';
import { el } from '../ui/dom';
import { scrollingTable } from '../ui/table-scroll';
import { ChainPlot, type SeriesSpec } from './chain-plot';
import { expandRow, newtonsCradle, rowLimitProblems, rowMessage, ROW_KEYS, setupJson, standardRow, type CustomRow, type RowKey, type RowSetup } from './custom-row';
import { ListField, NumberField, PrecisionField } from './fields';
import { JobWorker } from './job-worker';
import { seriesColor, seriesDash } from './palette';
import { collisionNumbers, entryName, pairName, parseChainRun, runSummary, type ChainRun } from './results';
import { RowAnimation } from './row-canvas';
import { runCsvColumns, runCsvRows, RunProvenance, timeRunId, type CsvFile } from './run-export';
import type { ChainState } from './state';
import { collapseThreshold } from './theory';
import { buildTimeline, type Timeline } from './timeline';
import { parseNumberField, RULES } from './validate';
import { csvButton, fillTable, fmt, plotCard, tallScrollingTable, ProgressView, runPanelJob, type RunStarted, refuseRun, stillShown } from './widgets';

/** collisions kept in the log (all are counted) */
export const MAX_LOG = 20_000;
/** rows of the log drawn on the page (the CSV has all) */
const LOG_ROWS_SHOWN = 2000;

export type TimeInputs = ChainState['time'];

export class TimePanel {
  private readonly e = new NumberField('time-e', 'Restitution e', '', RULES.e, '0 ≤ e ≤ 1; Newton restitution of every pair');
  private readonly spheres = new NumberField('time-n', 'Number of spheres N', '', RULES.spheres);
  private readonly precision = new PrecisionField('time-precision');
  private readonly customBox = el('input', { type: 'checkbox', id: 'time-custom', 'aria-controls': 'time-custom-fields' });
  private readonly lists: Record<RowKey, ListField> = {
    diameter: new ListField('time-diameter', 'diameter'),
    mass: new ListField('time-mass', 'mass'),
    velocity: new ListField('time-velocity', 'velocity'),
    gap: new ListField('time-gap', 'gap'),
    restitution: new ListField('time-restitution', 'restitution'),
  };
  /** the engine's refusal of a custom row when it names none of the lists */
  private readonly customError = el('p', { class: 'field-error', id: 'time-custom-error', 'aria-live': 'polite' });
  private readonly customFields: HTMLFieldSetElement;
  private readonly standardHint = el('p', { class: 'hint', id: 'time-standard-hint' }, 'Spheres of diameter 1 m and mass 1 kg, centres 2 m apart (gaps 1 m); sphere 1 starts at v0 = 1 m/s, the others at rest.');
  private readonly progress: ProgressView;
  private readonly result = el('p', { class: 'result-line', id: 'time-result', role: 'status', 'aria-live': 'polite' });
  private readonly animation = new RowAnimation();
  private readonly positionPlot: ChainPlot;
  private readonly gapPlot: ChainPlot;
  private readonly velocityPlot: ChainPlot;
  private readonly finalTable = el('table', { id: 'final-table', class: 'data-table' });
  private readonly finalNote = el('p', { class: 'hint', id: 'final-note' });
  private readonly logTable = el('table', { id: 'log-table', class: 'data-table' });
  private readonly logNote = el('p', { class: 'hint', id: 'log-note' });
  private readonly worker = new JobWorker('granular-chain-time');
  /** the run shown, as its exports name it */
  private readonly provenance = new RunProvenance();

  /** the panel's run as its pictures name it (the embedded panel's reproduce line follows it too) */
  get runContext(): ReproduceContext {
    return this.provenance.context;
  }
  private run: ChainRun | null = null;
  private timeline: Timeline | null = null;
  private inputs: TimeInputs | null = null;
  private setup: RowSetup | null = null;
  /** e of the last set() or accepted read, used while the e field is hidden (custom row) and holds no valid e */
  private lastE = 0.5;

  constructor(container: HTMLElement, private readonly onRun: (inputs: TimeInputs) => void, private readonly onStart: RunStarted<TimeInputs>) {
    this.progress = new ProgressView('time', 'Computing the run', () => this.worker.cancel());
    const cradle = el('button', { type: 'button', id: 'time-cradle', title: 'Five touching spheres (gaps 0), e = 1, sphere 1 at 1 m/s' }, 'Newton’s cradle');
    cradle.addEventListener('click', () => this.cradle());
    this.customFields = el(
      'fieldset', { class: 'group custom-row', id: 'time-custom-fields' },
      el('legend', {}, 'Custom row'),
      el('p', { class: 'hint', id: 'time-custom-hint' }, 'Numbers separated by commas, semicolons or spaces, with no empty entry ("1,,2" is refused): one value for every sphere (pair), or one per sphere (per neighbouring pair). Gaps are between surfaces.'),
      ...ROW_KEYS.map((k) => this.lists[k].row),
      this.customError,
      el('div', { class: 'form-actions' }, el('span', { class: 'hint' }, 'Preset:'), cradle),
    );
    const form = el(
      'form', { class: 'chain-form', id: 'time-form', 'aria-label': 'Time-domain inputs', novalidate: true },
      this.e.row, this.spheres.row, this.precision.row,
      el('div', { class: 'field field-checkbox' }, this.customBox, el('label', { for: 'time-custom' }, 'Custom row (diameters, masses, velocities, gaps, e per pair)')),
      this.standardHint,
      this.customFields,
      el('p', { class: 'hint', id: 'time-simultaneous' }, 'Simultaneous collisions: the pair with the smaller index first (e.g. 1–2 before 2–3 at the same instant).'),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit', class: 'primary', id: 'time-run' }, 'Run')),
      this.progress.root,
    );
    this.customBox.addEventListener('change', () => {
      // the single e becomes the custom row's restitution unless that was typed already
      if (this.customBox.checked && !this.lists.restitution.edited) {
        const e = parseNumberField(this.e.input.value, RULES.e);
        if (e.ok) this.lists.restitution.set([e.value]);
      }
      this.showMode();
    });
    this.spheres.input.addEventListener('input', () => {
      // keep the standard initial velocities (1, 0, 0, ...) in step with N
      const n = parseNumberField(this.spheres.input.value, RULES.spheres);
      if (n.ok && /^\s*1\s*(,\s*0\s*)*$/.test(this.lists.velocity.input.value)) this.lists.velocity.set(standardRow(n.value, 0).velocity);
    });
    this.showMode();
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    const pos = plotCard('positions', 'the positions x_i(t)', () => this.seriesCsv('positions'), () => this.positionPlot.png());
    const gap = plotCard('gaps', 'the distance functions y_k(t)', () => this.seriesCsv('gaps'), () => this.gapPlot.png());
    const vel = plotCard('velocities', 'the velocities v_i(t)', () => this.seriesCsv('velocities'), () => this.velocityPlot.png());
    const context = this.provenance.context;
    this.positionPlot = new ChainPlot(pos.body, { title: 'Positions x_i (m) vs time t (s)', xLabel: 'time t (s)', yLabel: 'position x (m)', context });
    this.gapPlot = new ChainPlot(gap.body, { title: 'Distances y_k = x_k+1 − x_k − (d_k + d_k+1)/2 (m) vs time t (s)', shortTitle: 'Distances y_k (m) vs time t (s)', xLabel: 'time t (s)', yLabel: 'gap y (m)', yFromZero: true, context });
    this.velocityPlot = new ChainPlot(vel.body, { title: 'Velocities v_i (m/s) vs time t (s)', xLabel: 'time t (s)', yLabel: 'velocity v (m/s)', yFromZero: true, context });
    const finalCard = el(
      'div', { class: 'table-card' },
      el('div', { class: 'card-tools' }, el('h3', {}, 'Final velocities'), csvButton('csv-final', 'the final velocities', () => this.finalCsv())),
      scrollingTable('Final velocities', this.finalTable, 'final-table-hint').root,
      this.finalNote,
    );
    const logCard = el(
      'div', { class: 'table-card' },
      el('div', { class: 'card-tools' }, el('h3', {}, 'Collision log'), csvButton('csv-log', 'the collision log', () => this.logCsv())),
      tallScrollingTable('Collision log, scrollable', this.logTable, 'log-table-hint'),
      this.logNote,
    );
    container.append(
      el(
        'div', { class: 'panel-grid' },
        form,
        el('div', { class: 'panel-main' }, this.result, this.animation.root,
          el('div', { class: 'plot-grid' }, pos.card, gap.card, vel.card),
          el('div', { class: 'table-grid' }, finalCard, logCard)),
      ),
    );
  }

  set(inputs: TimeInputs): void {
    this.e.set(inputs.e);
    this.lastE = inputs.e;
    this.spheres.set(inputs.spheres);
    this.precision.set(inputs.precision);
    this.customBox.checked = inputs.custom !== null;
    const row: CustomRow = inputs.custom ?? { diameter: [1], mass: [1], velocity: standardRow(inputs.spheres, 0).velocity, gap: [1], restitution: [inputs.e] };
    for (const k of ROW_KEYS) this.lists[k].set(row[k]);
    this.customError.textContent = '';
    this.showMode();
  }

  /** the custom row's fields, or the single e and the standard set-up's description */
  private showMode(): void {
    const custom = this.customBox.checked;
    this.customFields.hidden = !custom;
    this.standardHint.hidden = custom;
    this.e.row.hidden = custom;
  }

  /** Newton's cradle: five touching spheres, e = 1 — every collision at t = 0, resolved in index order. */
  private cradle(): void {
    const { spheres, row } = newtonsCradle();
    this.spheres.set(spheres);
    this.customBox.checked = true;
    for (const k of ROW_KEYS) this.lists[k].set(row[k]);
    this.customError.textContent = '';
    this.showMode();
    this.submit();
  }

  /** reads the fields; null when one is not acceptable (its message is shown next to it) */
  private read(): TimeInputs | null {
    const custom = this.customBox.checked;
    // with a custom row the e field is hidden but still holds what was typed last: the share link
    // keeps that (unchecking the box brings it back), or the last accepted e when it is not valid
    const typed = parseNumberField(this.e.input.value, RULES.e);
    const e = custom ? (typed.ok ? typed.value : this.lastE) : this.e.read();
    const spheres = this.spheres.read();
    if (e === null || spheres === null) return null;
    this.lastE = e;
    if (!custom) return { e, spheres, precision: this.precision.get(), custom: null };
    this.customError.textContent = '';
    const row = {} as CustomRow;
    let ok = true;
    for (const k of ROW_KEYS) {
      const v = this.lists[k].read(spheres);
      if (v === null) ok = false;
      else row[k] = v;
    }
    if (!ok) return null;
    // what the engine cannot compute, beside the list it is about (rowLimitProblems)
    const limits = rowLimitProblems(row, spheres);
    for (const { key, message } of limits) this.lists[key].showError(message);
    return limits.length === 0 ? { e, spheres, precision: this.precision.get(), custom: row } : null;
  }

  /** The engine's refusal of a custom row in the page's numbering (rowMessage), next to the list it names (or under the lists); the text shown. */
  private showSetupProblem(message: string): string {
    const { key, text } = rowMessage(message);
    if (key) this.lists[key].showError(text);
    else this.customError.textContent = text;
    return text;
  }

  /** The row animation pauses at t (s) once: the page address's ?until=. */
  setUntil(t: number | null): void {
    this.animation.setUntil(t);
  }

  submit(): void {
    const inputs = this.read();
    if (inputs) this.onStart(inputs, this.compute(inputs));
    else refuseRun(this.result, this.progress, () => this.stillShown());
  }

  async compute(inputs: TimeInputs): Promise<void> {
    this.worker.cancel();
    await runPanelJob(this.progress, this.result, 'Computing…', async () => {
      const extended = inputs.precision === 'extended';
      const text = inputs.custom
        ? await this.worker.text({ type: 'runSetup', json: setupJson(inputs.custom, inputs.spheres, extended), maxLog: MAX_LOG })
        : await this.worker.text({ type: 'run', e: inputs.e, spheres: inputs.spheres, extended, maxLog: MAX_LOG });
      const run = parseChainRun(text);
      if (run.ok && inputs.custom && run.log.some((c) => !Number.isFinite(c.time))) {
        // the spheres meet later than a double's largest time (speeds of 1e-300 m/s across 1e10 m):
        // the times, positions and end came back as null
        const message = 'initial velocities: the spheres would meet later than the largest time a double holds (about 1.8e308 s); enter faster speeds or smaller gaps';
        this.lists.velocity.showError(message);
        throw new Error(`The custom row was not shown: ${message}.`);
      }
      if (!run.ok) {
        const message = run.message || 'the engine rejected the run';
        if (inputs.custom) throw new Error(`The custom row was not run: ${this.showSetupProblem(message)}.`);
        throw new Error(message);
      }
      this.inputs = inputs;
      this.provenance.set(timeRunId(inputs));
      // e: the one restitution of the standard set-up (NaN for a custom row: no e_c hint then)
      this.show(run, inputs.custom ? expandRow(inputs.custom, inputs.spheres) : standardRow(inputs.spheres, inputs.e), inputs.custom ? NaN : inputs.e);
      this.onRun(inputs);
    }, () => this.stillShown());
  }

  private stillShown(): string {
    return stillShown('The animation, plots and tables', this.inputs && timeRunText(this.inputs));
  }

  private show(run: ChainRun, setup: RowSetup, e: number): void {
    this.run = run;
    this.setup = setup;
    const spheres = setup.diameter.length;
    const tl = buildTimeline(run, setup);
    this.timeline = tl;
    this.result.textContent = runSummary(run, e, collapseThreshold(spheres), (v) => fmt(v));
    this.result.classList.toggle('collapse', run.collapsed);

    this.animation.show(tl, run.log.length);
    const spec = (k: number, label: string, stepped = false): SeriesSpec => ({ label, color: seriesColor(k), dash: seriesDash(k), stepped });
    this.positionPlot.show(tl.time, tl.positions.map((data, i) => ({ spec: spec(i, `x${i + 1}`), data })));
    this.gapPlot.show(tl.time, tl.gaps.map((data, k) => ({ spec: spec(k, `y${k + 1} (${pairName(k)})`), data })));
    this.velocityPlot.show(tl.time, tl.velocities.map((data, i) => ({ spec: spec(i, `v${i + 1}`, true), data })));

    fillTable(
      this.finalTable,
      ['sphere', 'd (m)', 'm (kg)', 'initial v (m/s)', 'final v (m/s)', 'x at last collision (m)'],
      run.finalVelocity.map((v, i) => [
        String(i + 1), fmt(setup.diameter[i] ?? NaN), fmt(setup.mass[i] ?? NaN), fmt(setup.velocity[i] ?? NaN),
        fmt(v, 9), fmt(run.finalPosition[i] ?? NaN, 9),
      ]),
    );
    const momentum = (v: readonly number[]): number => v.reduce((sum, vi, i) => sum + (setup.mass[i] ?? NaN) * vi, 0);
    const energy = (v: readonly number[]): number => v.reduce((sum, vi, i) => sum + 0.5 * (setup.mass[i] ?? NaN) * vi * vi, 0);
    this.finalNote.textContent =
      `Momentum Σ m v: ${fmt(momentum(setup.velocity), 9)} → ${fmt(momentum(run.finalVelocity), 9)} kg m/s. ` +
      `Kinetic energy: ${fmt(energy(setup.velocity), 9)} → ${fmt(energy(run.finalVelocity), 9)} J.`;
    const numbers = collisionNumbers(run.log);
    const shown = fillTable(
      this.logTable,
      ['#', 'time t (s)', 'pair', ...Array.from({ length: spheres }, (_, i) => `v${i + 1} after (m/s)`)],
      run.log.map((c, k) => [numbers[k] === null ? '' : String(numbers[k]), fmt(c.time, 9), entryName(c), ...c.velocity.map((v) => fmt(v, 6))]),
      LOG_ROWS_SHOWN,
    );
    const merges = run.log.filter((c) => c.merge).length;
    const logged = run.log.length - merges;
    const notes: string[] = [];
    if (merges > 0) notes.push(`A row “i–j merge” is an inelastic collapse: spheres i to j take their common velocity and stay in contact.`);
    if (shown < run.log.length) notes.push(`The first ${shown.toLocaleString('en-US')} of ${run.log.length.toLocaleString('en-US')} logged entries are shown; the CSV has them all.`);
    if (tl.partial) notes.push(`The engine logged the first ${logged.toLocaleString('en-US')} of ${run.collisions.toLocaleString('en-US')} collisions; the plots stop at the last logged one.`);
    this.logNote.textContent = notes.join(' ');
  }

  private seriesCsv(kind: 'positions' | 'gaps' | 'velocities'): CsvFile | null {
    const tl = this.timeline;
    const id = this.provenance.run;
    if (!tl || !id) return null;
    const rows = kind === 'positions' ? tl.positions : kind === 'gaps' ? tl.gaps : tl.velocities;
    const header = rows.map((_, k) =>
      kind === 'positions' ? `x${k + 1} (m)` : kind === 'gaps' ? `y${k + 1} (m)` : `v${k + 1} from t on (m/s)`,
    );
    return runCsvColumns(id, kind, ['t (s)', ...header], [tl.time, ...rows]);
  }

  /** every sphere's set-up (as it is: no run in their headers) and its end */
  private finalCsv(): CsvFile | null {
    const run = this.run;
    const id = this.provenance.run;
    if (!run || !id) return null;
    const setup = this.setup;
    return runCsvRows(
      id, 'final velocities',
      ['sphere', 'diameter (m)', 'mass (kg)', 'initial velocity (m/s)', 'final velocity (m/s)', 'position at the last collision (m)'],
      run.finalVelocity.map((v, i) => [i + 1, setup?.diameter[i] ?? null, setup?.mass[i] ?? null, setup?.velocity[i] ?? null, v, run.finalPosition[i] ?? null]),
      4,
    );
  }

  /** the log: the collision's number, time and pair as they are, the positions and velocities with the run */
  private logCsv(): CsvFile | null {
    const run = this.run;
    const id = this.provenance.run;
    if (!run || !id) return null;
    const n = run.finalVelocity.length;
    const header = ['collision', 't (s)', 'pair', ...Array.from({ length: n }, (_, i) => `x${i + 1} (m)`), ...Array.from({ length: n }, (_, i) => `v${i + 1} after (m/s)`)];
    const numbers = collisionNumbers(run.log);
    return runCsvRows(id, 'collision log', header, run.log.map((c, k) => [numbers[k] ?? null, c.time, entryName(c), ...c.position, ...c.velocity]), 3);
  }

  /** for the test hook */
  probe(): { collisions: number; finalVelocity: number[]; precision: string; points: number; custom: boolean; pairs: number[]; picture: string } {
    return {
      picture: this.positionPlot.provenanceText(),
      custom: this.inputs?.custom != null,
      pairs: this.run?.log.map((c) => c.pair) ?? [],
      collisions: this.run?.collisions ?? -1,
      finalVelocity: this.run?.finalVelocity ?? [],
      precision: this.run?.precision ?? '',
      points: Math.min(this.positionPlot.points(), this.gapPlot.points(), this.velocityPlot.points()),
    };
  }
}

/** A time-domain run's inputs in words: "e = 0.5, 4 spheres, double" or "a custom row of 2 spheres, double". */
export function timeRunText(i: TimeInputs): string {
  const precision = i.precision === 'extended' ? 'double-double' : 'double';
  return i.custom ? `a custom row of ${i.spheres} spheres, ${precision}` : `e = ${i.e}, ${i.spheres} spheres, ${precision}`;
}

