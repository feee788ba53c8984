/**
 * The aspect-ratio study's results (pure): one row per case, the fitted log–log slopes of
 * (L∞ − L0)/L0 vs a for small and large a beside the expected 1 and 2/3, and the CSV table.
 * Cases are grouped by their nominal a (the column's H/W before settling); the fit and the plot
 * use the settled column's a = H0/L0.
 */
import { runHeaders } from '../plot/chart-export';
import { toCsv, type CsvCell } from '../ui/csv';
import { formatNumber } from '../ui/dom';
import { fileStem, reproduce, ReproduceContext, shortHash, withEngineVersion, type ReproduceInfo } from '../ui/reproduce';
import { logLogSlope, logSpace, LUBE_CROSSOVER, lubeLinear, lubePower, relativeRunout, type SlopeFit } from './scaling';
import { plural, roughCount, STUDY_FIXED, studyCaseOptions, type StudyColumn, type StudyMaterial, type StudySize } from './study-cases';

/** the issue's ranges: slope 1 for a <= 1.5, 2/3 for a >= 4 */
export const SMALL_A_MAX = 1.5;
export const LARGE_A_MIN = 4;

/** A slope's window: the published shape (issue 5 §3), judged as `granular-cli avalanche-study` judges it. */
export interface SlopeWindow {
  target: number;
  tolerance: number;
  label: string;
}
export const SMALL_SLOPE: SlopeWindow = { target: 1, tolerance: 0.15, label: '1 ± 0.15' };
export const LARGE_SLOPE: SlopeWindow = { target: 2 / 3, tolerance: 0.12, label: '2/3 ± 0.12' };

/**
 * slopeText in two parts, the fit and the verdict ("0.959 (2 cases), " and "inside 1 ± 0.15"), so
 * that a narrow screen breaks the line between them rather than inside the window.
 */
export function slopeTextParts(fit: SlopeFit | null, window: SlopeWindow): [string, string] {
  if (!fit) return ['needs two cases', ''];
  const inside = Math.abs(fit.slope - window.target) <= window.tolerance;
  return [`${fit.slope.toFixed(3)} (${plural(fit.points, 'case')}), `, `${inside ? 'inside' : 'outside'} ${window.label}`];
}

/** "0.959 (2 cases), inside 1 ± 0.15"; "needs two cases" without a fit. */
export function slopeText(fit: SlopeFit | null, window: SlopeWindow): string {
  return slopeTextParts(fit, window).join('');
}

export interface StudyRow {
  /** nominal aspect ratio H/W of the case */
  nominal: number;
  grains: number;
  /** settled column, m */
  h0: number;
  l0: number;
  /** settled a = H0/L0 */
  aspect: number;
  /** m */
  lInf: number;
  relative: number;
  /** s, -1 when the flow had not stopped at the end of the run */
  collapseTime: number;
  stopped: boolean;
  /** why the case failed (did not settle, did not stop, lost grains); null when it ran through */
  error: string | null;
}

/** What avalancheStudyCase answers (core/src/engines/nscd/study.cpp, collapseResultJson), the fields the page uses. */
export interface StudyCaseResult {
  /** false: the case did not settle, did not stop, or lost grains (error says which) */
  ok: boolean;
  error?: string;
  grains: number;
  /** settled column, m, and its a = H0/L0 */
  L0: number;
  H0: number;
  aspect: number;
  /** L∞, m */
  runout: number;
  /** s after the gate opened */
  stopTime: number;
}

/** The JSON text of avalancheStudyCase, checked field by field. */
export function parseStudyCaseResult(json: string): StudyCaseResult {
  const v: unknown = JSON.parse(json);
  const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  const n = (k: string): number => (typeof o[k] === 'number' ? (o[k] as number) : NaN);
  return {
    ok: o['ok'] === true,
    ...(typeof o['error'] === 'string' ? { error: o['error'] } : {}),
    grains: n('grains'),
    L0: n('L0'),
    H0: n('H0'),
    aspect: n('aspect'),
    runout: n('runout'),
    stopTime: n('stopTime'),
  };
}

export function studyRow(nominal: number, r: StudyCaseResult): StudyRow {
  return {
    nominal,
    grains: r.grains,
    h0: r.H0,
    l0: r.L0,
    aspect: r.aspect,
    lInf: r.runout,
    relative: relativeRunout(r.L0, r.runout),
    collapseTime: r.ok ? r.stopTime : -1,
    stopped: r.ok,
    error: r.ok ? null : (r.error ?? 'the case failed'),
  };
}

export interface StudySlopes {
  small: SlopeFit | null;
  large: SlopeFit | null;
}

/** The two fits: cases with nominal a <= 1.5 and a >= 4, log (L∞ − L0)/L0 against log a (settled); failed cases are left out. */
export function studySlopes(rows: readonly StudyRow[]): StudySlopes {
  const fit = (keep: (r: StudyRow) => boolean): SlopeFit | null => {
    const chosen = rows.filter((r) => r.error === null && keep(r));
    return logLogSlope(chosen.map((r) => r.aspect), chosen.map((r) => r.relative));
  };
  return { small: fit((r) => r.nominal <= SMALL_A_MAX), large: fit((r) => r.nominal >= LARGE_A_MIN) };
}

/**
 * The study plot's title and axes. A pure number's unit is "(1)", as on the page's iterations plot,
 * the comparison's and the chain's plots and in this study's CSV header; the axes wrote "(–)", the
 * forms' mark for a field without a unit.
 */
/**
 * The study plot's data: x (a, sorted) with the study's (a, (L∞ − L0)/L0) points (null between) and Lube
 * et al.'s two lines, each over its own regime (null beyond LUBE_CROSSOVER on its wrong side; both
 * there, so they meet). x spans 0.25–12 at least and 0.8–1.25 times the points; failed cases and
 * non-positive values (no point on log axes) are left out.
 */
export function studyPlotData(rows: readonly StudyRow[]): { xs: number[]; points: Array<number | null>; linear: Array<number | null>; power: Array<number | null> } {
  const pts = rows.filter((r) => r.error === null && r.relative > 0 && r.aspect > 0);
  const lo = Math.min(0.25, ...pts.map((r) => r.aspect * 0.8));
  const hi = Math.max(12, ...pts.map((r) => r.aspect * 1.25));
  const xs = [...logSpace(lo, hi, 40), LUBE_CROSSOVER, ...pts.map((r) => r.aspect)].sort((p, q) => p - q);
  const byX = new Map(pts.map((r) => [r.aspect, r.relative] as const));
  return {
    xs,
    points: xs.map((x) => byX.get(x) ?? null),
    linear: xs.map((x) => (x <= LUBE_CROSSOVER ? lubeLinear(x) : null)),
    power: xs.map((x) => (x >= LUBE_CROSSOVER ? lubePower(x) : null)),
  };
}

export const STUDY_PLOT_LABELS = {
  title: 'Normalized runout vs aspect ratio (log–log)',
  xLabel: 'aspect ratio a = H0/L0 (1)',
  yLabel: '(L∞ − L0)/L0 (1)',
} as const;

/** re-exported: the study's own radii, time step and tolerance (study-cases.ts) */
export { STUDY_FIXED };

/** A study as run: its size and the scenario's material (the rest is STUDY_FIXED). */
export interface StudyRun {
  size: StudySize;
  material: StudyMaterial;
}

/**
 * The CSV's columns: each case's results, then what it takes to run the study again, on every row
 * (the run's conditions as columns, as the comparison's row table carries its e, gap, v0, E and h):
 * the material, then the size (its least column W × H in mean grain diameters) and the study's own
 * radii, time step and tolerance. A file saved away from the page said μ and the solver but not
 * whether the columns were 3 × 6 grains or 10 × 30, nor the step they ran at.
 */
export const STUDY_HEADER = [
  'a nominal H/W (1)', 'grains (1)', 'H0 (m)', 'L0 (m)', 'a = H0/L0 (1)', 'L_inf (m)', '(L_inf - L0)/L0 (1)', 'collapse time (s)', 'stopped', 'error',
  'mu (1)', 'mu_r (1)', 'e (1)', 'solver', 'seed',
  'size', 'min width W (grains)', 'min height H (grains)', 'R_min (m)', 'R_max (m)', 'time step (s)', 'tolerance (× mean R)',
  'floor disc radius (m)', 'floor gap (m)',
] as const;

/** The conditions of a study as the CSV gives them on every row (STUDY_HEADER from "mu (1)"). */
function studyConditions({ size, material }: StudyRun): CsvCell[] {
  const o = studyCaseOptions(size, material);
  return [
    o.mu, o.rollingFriction, o.restitution, o.solver, o.seed,
    size, o.minWidthGrains, o.minHeightGrains, STUDY_FIXED.radiusMin, STUDY_FIXED.radiusMax, STUDY_FIXED.timeStep, STUDY_FIXED.tolerance,
    o.floorRadius, o.floorGap,
  ];
}

/** the columns of results, before the conditions (STUDY_HEADER from "mu (1)") */
const RESULT_COLUMNS = STUDY_HEADER.indexOf('mu (1)');

/**
 * The study's table, each row with the size, material and fixed parameters it was run with. Each
 * column of results with a unit names the engine and version that ran the cases (`made`: the page's
 * reproduce information as the study started, the picture's line naming the same), as every other
 * CSV's columns of values name their run (runHeaders): "H0 — engine avalanche gauss-seidel (double),
 * Granular Lab 0.1.0 (m)"; the nominal a, the key, and the conditions keep their plain names.
 */
export function studyCsv(rows: readonly StudyRow[], run: StudyRun, made: Pick<ReproduceInfo, 'engine' | 'precision' | 'version'>): string {
  const conditions = studyConditions(run);
  return toCsv(
    [...runHeaders(STUDY_HEADER.slice(0, RESULT_COLUMNS), withEngineVersion('', made)), ...STUDY_HEADER.slice(RESULT_COLUMNS)],
    rows.map((r) => [
      r.nominal, r.grains, r.h0, r.l0, r.aspect, r.lInf, r.relative, r.collapseTime >= 0 ? r.collapseTime : null, r.stopped, r.error,
      ...conditions,
    ]),
  );
}

/**
 * The run a study's exports name: the page's reproduce information as the study started (the
 * scenario whose material the cases took, its seed, engine and the lab's version), in the picture's
 * reproduce line (`context`, ChainPlot's) and the CSV's headers (`made`, studyCsv's) alike. The
 * picture took the page's line as it stood at the download, the CSV the engine as the study started:
 * with another scenario loaded in between (Jacobi in place of Gauss–Seidel), the two files of one
 * study named two engines. Until a study starts it follows the page (what a study would run now).
 */
export class StudyProvenance {
  readonly context = new ReproduceContext();
  private started = false;

  constructor(private readonly page: ReproduceContext = reproduce) {
    page.subscribe((info) => {
      // a study started before the page's engine had answered (a click while the page loads) takes
      // the first run the page then names: its cases ran the scenario the page was loading
      if (!this.started || this.context.get().engine === '') this.context.set(info);
    });
  }

  /** a study starts: from now on its exports name the page's run as it is now (or, when the page has not named its engine yet, as it first does) */
  start(): void {
    this.started = true;
    this.context.set(this.page.get());
  }

  /** the run as the study's exports name it */
  get made(): ReproduceInfo {
    return this.context.get();
  }
}

/**
 * The study's file name, for its CSV and its picture: the size and a shortHash of every condition
 * (studyConditions), "avalanche-study-quick-1f0c3a9e.csv". It was "avalanche-study.csv" whatever
 * was run, so a tiny study's file and a full one's, or two materials', overwrote each other.
 */
export function studyFileName(run: StudyRun, ext: string): string {
  return `${fileStem(`avalanche study ${run.size} ${shortHash(JSON.stringify(studyConditions(run)))}`)}.${ext}`;
}

/** the share of a case's progress that its settling (before the gate opens) takes */
export const SETTLE_SHARE = 0.2;
/** the flow's share rises as 1 − exp(−t / τ), τ = FLOW_TIME √(H0/g): cases stop after 5–12 √(H0/g) */
const FLOW_TIME = 4;
/**
 * Settling reports nothing until the gate opens, so its share grows with the wall-clock time,
 * as 1 − exp(−elapsed / τ), τ half the settling time expected, from this many seconds per grain
 * (WebAssembly on a laptop core: 320 grains in about 0.5 s since the candidate list, 1.3 s before)
 * until the study has measured its own.
 */
export const SETTLE_SECONDS_PER_GRAIN = 0.0015;

/**
 * Progress of a running case as a fraction (finished cases count 1): settling counts as the first
 * SETTLE_SHARE; after the gate opens, the simulated time t (s) of a column of height `height` (m)
 * the rest, rising as 1 − exp(−t / (4 √(height/g))) — never 1, however long the case runs, and
 * still moving when it runs longer than usual. Phase 0 with time < 0 (s before the gate opens, of
 * at most settleMaxTime) counts that time.
 */
export function caseFraction(phase: number, time: number, settleMaxTime: number, height: number, gravity: number): number {
  if (phase === 0) return SETTLE_SHARE * Math.min(1, Math.max(0, (time + settleMaxTime) / Math.max(1e-9, Math.min(settleMaxTime, 1))));
  const tau = FLOW_TIME * Math.sqrt(Math.max(height, 1e-9) / Math.max(gravity, 1e-9));
  return SETTLE_SHARE + (0.99 - SETTLE_SHARE) * (1 - Math.exp(-Math.max(0, time) / tau));
}

/**
 * The settling share after `elapsed` s of wall-clock time for a column of about `grains` grains
 * that settles in about `secondsPerGrain` s per grain: below SETTLE_SHARE (86 % of it at the
 * expected time).
 */
export function settleFraction(elapsed: number, grains: number, secondsPerGrain = SETTLE_SECONDS_PER_GRAIN): number {
  const tau = Math.max(0.1, 0.5 * grains * secondsPerGrain);
  return 0.99 * SETTLE_SHARE * (1 - Math.exp(-Math.max(0, elapsed) / tau));
}

/** A case on a worker: settling (phase 0) since `started`, or flowing (phase 1) at `time` s after the gate opened. */
export interface RunningCase {
  /** the nominal aspect ratio */
  a: number;
  phase: number;
  /** s, wall clock, when the worker started the case */
  started: number;
  /** s after the gate opened */
  time: number;
  column: StudyColumn;
}

const GRAVITY = 9.81;

/** How far a running case has got, 0 to below 1, at wall-clock time `now` (s); settling takes about `secondsPerGrain` s a grain. */
export function runningCaseFraction(c: RunningCase, now: number, secondsPerGrain = SETTLE_SECONDS_PER_GRAIN): number {
  return c.phase === 0 ? settleFraction(now - c.started, c.column.grains, secondsPerGrain) : caseFraction(1, c.time, 0, c.column.height, GRAVITY);
}

/** "a = 2: settling the column (about 60 grains)", "a = 2: t = 0.31 s after the gate opened (about 60 grains)" */
export function runningCaseText(c: RunningCase): string {
  const doing = c.phase === 0 ? 'settling the column' : `t = ${formatNumber(c.time, 3)} s after the gate opened`;
  return `a = ${c.a}: ${doing} (about ${roughCount(c.column.grains)} grains)`;
}

/** "0 of 1 case done", "2 of 5 cases done · a = 8: …" */
export function progressText(done: number, total: number, now = ''): string {
  return `${done} of ${plural(total, 'case')} done${now ? ` · ${now}` : ''}`;
}

/** "Cancelled: 0 of 2 cases done." */
export function cancelledText(done: number, total: number): string {
  return `Cancelled: ${progressText(done, total)}.`;
}

/** "Study cancelled; the 2 finished cases are kept (μ = 0.5, …)." — the material stays with the kept rows */
export function cancelledResultText(done: number, material: string): string {
  const kept = done === 0 ? 'no case had finished' : done === 1 ? 'the finished case is kept' : `the ${done} finished cases are kept`;
  return `Study cancelled; ${kept} (${material}).`;
}

/** "Running 1 collapse (tiny; μ = 0.5, …)…" */
export function runningText(count: number, size: string, material: string): string {
  return `Running ${plural(count, 'collapse')} (${size}; ${material})…`;
}

/** "1 collapse in 16 s (μ = 0.5, …)."; "…; 1 failed (the table says why)." */
export function doneText(count: number, seconds: number, material: string, failed: number): string {
  return `${plural(count, 'collapse')} in ${formatNumber(seconds, 3)} s (${material})${failed > 0 ? `; ${failed} failed (the table says why)` : ''}.`;
}
