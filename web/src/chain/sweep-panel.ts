/**
 * Panel (b), sweep: collisions vs e (log axis) and final velocities vs e over [e_min, e_max],
 * computed in chunks on up to eight workers, with a progress bar and Cancel.
 */
import type { ReproduceContext } from '../ui/reproduce';
import { el } from '../ui/dom';
import { ChainPlot } from './chain-plot';
import { NumberField, PrecisionField } from './fields';
import { NEUTRAL_GREY } from '../render/palette';
import { seriesColor, seriesDash } from './palette';
import type { ChainState } from './state';
import { sweepCollisionsCsv, sweepCountSeries, sweepGrid, sweepSummary, sweepVelocitiesCsv, type SweepResult } from './sweep';
import { SweepPool } from './sweep-pool';
import { RunProvenance, sweepRunId, type RunId } from './run-export';
import { orderProblem, RULES } from './validate';
import { fmt, plotCard, ProgressView, runPanelJob, type RunStarted, refuseRun, stillShown } from './widgets';

export type SweepInputs = ChainState['sweep'];

export class SweepPanel {
  private readonly eMin = new NumberField('sweep-emin', 'e_min', '', RULES.eMin);
  private readonly eMax = new NumberField('sweep-emax', 'e_max', '', RULES.eMax);
  private readonly points = new NumberField('sweep-points', 'Resolution (points)', '', RULES.points);
  private readonly spheres = new NumberField('sweep-n', 'Number of spheres N', '', RULES.spheres);
  private readonly precision = new PrecisionField('sweep-precision');
  private readonly progress: ProgressView;
  private readonly result = el('p', { class: 'result-line', id: 'sweep-result', role: 'status', 'aria-live': 'polite' });
  private readonly countPlot: ChainPlot;
  private readonly velocityPlot: ChainPlot;
  private readonly pool = new SweepPool();
  /** the sweep shown, as its exports name it */
  private readonly provenance = new RunProvenance();

  /** the panel's run as its pictures name it (the embedded panel's reproduce line follows it too) */
  get runContext(): ReproduceContext {
    return this.provenance.context;
  }
  private sweep: SweepResult | null = null;
  /** the inputs of the sweep on the plot */
  private shown: SweepInputs | null = null;

  constructor(container: HTMLElement, private readonly onRun: (inputs: SweepInputs) => void, private readonly onStart: RunStarted<SweepInputs>) {
    this.progress = new ProgressView('sweep', 'Sweep progress', () => this.pool.cancel());
    const form = el(
      'form', { class: 'chain-form', id: 'sweep-form', 'aria-label': 'Sweep inputs', novalidate: true },
      this.eMin.row, this.eMax.row, this.points.row, this.spheres.row, this.precision.row,
      el('p', { class: 'hint' }, `One run per grid point, split across ${this.pool.size()} worker${this.pool.size() === 1 ? '' : 's'}. Near e_c ≈ 0.171573 the count grows like C/√(e − e_c); the engine keeps gaps as numbers of their own, so double and extended precision give the same counts there (1263 at e = 0.1715763).`),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit', class: 'primary', id: 'sweep-run' }, 'Run sweep')),
      this.progress.root,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    // each plot's CSV holds what that plot shows
    const shownRun = (): { sweep: SweepResult; id: RunId } | null => {
      const id = this.provenance.run;
      return this.sweep && id ? { sweep: this.sweep, id } : null;
    };
    const counts = plotCard('sweep-collisions', 'the number of collisions vs e', () => {
      const r = shownRun();
      return r && sweepCollisionsCsv(r.sweep, r.id);
    }, () => this.countPlot.png());
    const velocities = plotCard('sweep-velocities', 'the final velocities vs e', () => {
      const r = shownRun();
      return r && sweepVelocitiesCsv(r.sweep, r.id);
    }, () => this.velocityPlot.png());
    const context = this.provenance.context;
    this.countPlot = new ChainPlot(counts.body, { title: 'Number of collisions (1) vs e (1)', xLabel: 'restitution e (1)', yLabel: 'collisions (1)', logY: true, context });
    this.velocityPlot = new ChainPlot(velocities.body, { title: 'Final velocities (m/s) vs e (1)', xLabel: 'restitution e (1)', yLabel: 'final velocity v (m/s)', yFromZero: true, context });
    container.append(
      el('div', { class: 'panel-grid' }, form, el('div', { class: 'panel-main' }, this.result, el('div', { class: 'plot-grid two' }, counts.card, velocities.card))),
    );
  }

  set(inputs: SweepInputs): void {
    this.eMin.set(inputs.eMin);
    this.eMax.set(inputs.eMax);
    this.points.set(inputs.points);
    this.spheres.set(inputs.spheres);
    this.precision.set(inputs.precision);
  }

  private read(): SweepInputs | null {
    const eMin = this.eMin.read();
    const eMax = this.eMax.read();
    const points = this.points.read();
    const spheres = this.spheres.read();
    if (eMin === null || eMax === null || points === null || spheres === null) return null;
    const order = orderProblem(eMin, eMax, 'e_min', 'e_max');
    if (order) {
      this.eMax.showError(order);
      return null;
    }
    return { eMin, eMax, points, spheres, precision: this.precision.get() };
  }

  submit(): void {
    const inputs = this.read();
    if (inputs) this.onStart(inputs, this.compute(inputs));
    else refuseRun(this.result, this.progress, () => this.stillShown());
  }

  /** what the panel still shows of its last run, for a result line that is not about it (stillShown) */
  private stillShown(): string {
    return stillShown('The plots and their CSV files', this.shown && sweepRunText(this.shown));
  }

  async compute(inputs: SweepInputs): Promise<void> {
    this.pool.cancel();
    const started = performance.now();
    await runPanelJob(
      this.progress,
      this.result,
      `Sweeping ${inputs.points.toLocaleString('en-US')} values of e…`,
      async (latest) => {
        const grid = sweepGrid(inputs.eMin, inputs.eMax, inputs.points);
        const { result, problems } = await this.pool.run(grid, inputs.spheres, inputs.precision === 'extended', (f) => {
          if (latest()) this.progress.set(f);
        });
        // a sweep another has replaced shows nothing of its own, even should its answer come in
        if (!latest()) return;
        this.sweep = result;
        this.shown = inputs;
        this.provenance.set(sweepRunId(inputs));
        this.show(result, inputs, (performance.now() - this.pool.startOf(started)) / 1000, problems);
        this.onRun(inputs);
      },
      () => this.stillShown(),
      { cancelled: 'Sweep cancelled.', fraction: 0 },
    );
  }

  private show(s: SweepResult, inputs: SweepInputs, seconds: number, problems: string[]): void {
    const precision = inputs.precision === 'extended' ? 'extended precision (double-double)' : 'double precision';
    const parts = [`${s.e.length.toLocaleString('en-US')} runs in ${fmt(seconds, 3)} s, ${precision}.`, ...sweepSummary(s, inputs.spheres, (v) => fmt(v, 7))];
    if (problems.length > 0) parts.push(`Problem: ${problems[0]}.`);
    this.result.textContent = parts.join(' ');
    // a collapsed run's count is where the engine declared the collapse: markers of their own, not the curve
    const { counted, collapsed } = sweepCountSeries(s);
    this.countPlot.show(s.e, [
      { spec: { label: 'collisions', color: seriesColor(0), points: s.e.length <= 60 }, data: counted },
      ...(collapsed ? [{ spec: { label: 'collapsed: collisions until declared', color: NEUTRAL_GREY, points: true, line: false }, data: collapsed }] : []),
    ]);
    this.velocityPlot.show(
      s.e,
      s.finalVelocity.map((data, i) => ({ spec: { label: `v${i + 1}`, color: seriesColor(i), dash: seriesDash(i) }, data })),
    );
  }

  probe(): { points: number; velocityPoints: number; maxCollisions: number; picture: string } {
    let max = 0;
    for (const c of this.sweep?.collisions ?? []) if (c > max) max = c;
    return { points: this.countPlot.points(), velocityPoints: this.velocityPlot.points(), maxCollisions: max, picture: this.countPlot.provenanceText() };
  }
}

/** A sweep's inputs in words: "e from 0.17 to 0.2, 2,000 points, 4 spheres". */
export function sweepRunText(i: SweepInputs): string {
  return `e from ${i.eMin} to ${i.eMax}, ${i.points.toLocaleString('en-US')} points, ${i.spheres} spheres`;
}
