/**
 * The four-sphere row's table (pure): compareRowTable's JSON read and checked, the rows of the
 * table (the exact answer, then each engine with its differences) and the sentences that say why
 * the engines differ — built from the numbers of this run (contact durations against the time
 * between exact collisions, overlapping soft contacts, impacts that shared an NSCD step), not
 * from a fixed text.
 */
import { runHeaders } from '../plot/chart-export';
import { formatNumber } from '../ui/dom';
import { ENGINES, ENGINE_NAMES, type EngineKey } from './protocol';

export interface ExactRow {
  velocities: number[];
  collisions: number;
  endTime: number;
  collapsed: boolean;
  message: string;
  /** s between the two closest exact collisions (0: simultaneous), null with fewer than two */
  shortestInterval: number | null;
}

export interface EngineRow {
  engine: EngineKey;
  velocities: number[];
  /** collisions (event-driven), contacts made (soft, NSCD) */
  collisions: number;
  doneAt: number;
  done: boolean;
  message: string;
  maxDifference: number;
  /** soft */
  contactDurationMax?: number;
  contactDurationMean?: number;
  overlapTime?: number;
  /** soft and NSCD: most contacts at once */
  maxSimultaneous?: number;
  /** soft: the slowest impact's approach speed, and the floor on the captured approach speed (m/s) */
  slowestApproach?: number;
  persistentSpeed?: number;
  /** NSCD */
  simultaneousSteps?: number;
  timeStep?: number;
  /** event-driven */
  elasticByTC?: number;
}

export interface RowTable {
  restitution: number;
  gap: number;
  speed: number;
  youngModulus: number;
  timeStep: number;
  exact: ExactRow;
  engines: EngineRow[];
  /** REFERENCE §1: v4 = ((1 + e)/2)^3 v0 with six collisions, for 2 - sqrt 3 <= e < 1 and gaps > 0 */
  closedForm: { v4: number; collisions: number } | null;
}

export type ParsedTable = { ok: true; table: RowTable } | { ok: false; message: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (o: Obj, k: string): number => (typeof o[k] === 'number' ? (o[k] as number) : NaN);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : NaN)) : []);
const optional = (o: Obj, k: string): number | undefined => (typeof o[k] === 'number' ? (o[k] as number) : undefined);

/** compareRowTable's JSON text -> the table, or why there is none. */
export function parseRowTable(text: string): ParsedTable {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: 'the engine gave no readable table' };
  }
  if (!isObj(raw)) return { ok: false, message: 'the engine gave no readable table' };
  if (raw['ok'] !== true) return { ok: false, message: typeof raw['message'] === 'string' ? raw['message'] : 'no table' };
  const ex = isObj(raw['exact']) ? raw['exact'] : {};
  const engines: EngineRow[] = [];
  const list = Array.isArray(raw['engines']) ? raw['engines'] : [];
  for (const item of list) {
    if (!isObj(item)) continue;
    const engine = ENGINES.find((k) => k === item['engine']);
    if (!engine) continue;
    const row: EngineRow = {
      engine,
      velocities: numbers(item['velocities']),
      collisions: num(item, 'collisions'),
      doneAt: num(item, 'doneAt'),
      done: item['done'] === true,
      message: typeof item['message'] === 'string' ? item['message'] : '',
      maxDifference: num(item, 'maxDifference'),
    };
    for (const key of ['contactDurationMax', 'contactDurationMean', 'overlapTime', 'maxSimultaneous', 'simultaneousSteps', 'timeStep', 'elasticByTC', 'slowestApproach', 'persistentSpeed'] as const) {
      const v = optional(item, key);
      if (v !== undefined) row[key] = v;
    }
    engines.push(row);
  }
  if (engines.length !== ENGINES.length) return { ok: false, message: 'the table lacks an engine' };
  const cf = raw['closedForm'];
  return {
    ok: true,
    table: {
      restitution: num(raw, 'restitution'),
      gap: num(raw, 'gap'),
      speed: num(raw, 'speed'),
      youngModulus: num(raw, 'youngModulus'),
      timeStep: num(raw, 'timeStep'),
      exact: {
        velocities: numbers(ex['velocities']),
        collisions: num(ex, 'collisions'),
        endTime: num(ex, 'endTime'),
        collapsed: ex['collapsed'] === true,
        message: typeof ex['message'] === 'string' ? ex['message'] : '',
        shortestInterval: typeof ex['shortestInterval'] === 'number' ? ex['shortestInterval'] : null,
      },
      engines,
      closedForm: isObj(cf) ? { v4: num(cf, 'v4'), collisions: num(cf, 'collisions') } : null,
    },
  };
}

/** Significant digits, no exponent for ordinary sizes ("0.421875", "6.1e-3"). */
export function sig(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return '–';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-3 && a < 1e6) return String(Number(v.toPrecision(digits)));
  return Number(v.toPrecision(digits)).toExponential().replace('e+', 'e');
}

/** A velocity difference as a reader takes it: "0" when none, "below 1e-12" at round-off. */
export function difference(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v === 0) return '0';
  if (v < 1e-12) return 'below 1e-12';
  return sig(v, 2);
}

/**
 * The line over the table: the run's e, gap, v0, Young's modulus and time step as the reader set
 * them ("soft E = 1e7 Pa", not the raw "10000000 Pa"; up to 12 significant digits, so a typed
 * e = 0.1715763 reads back whole).
 */
export function tableConditions(t: RowTable): string {
  const v = (x: number): string => sig(x, 12);
  return `e = ${v(t.restitution)}, gaps ${v(t.gap)} m, v0 = ${v(t.speed)} m/s; soft E = ${v(t.youngModulus)} Pa; NSCD h = ${v(t.timeStep)} s.`;
}

const vector = (v: readonly number[], digits = 4): string => `(${v.map((x) => sig(x, digits)).join(', ')})`;

/** The header and the cells of the table: the exact answer first, then each engine. */
export function tableRows(t: RowTable): { header: string[]; rows: string[][] } {
  const n = t.exact.velocities.length;
  const header = ['', ...Array.from({ length: n }, (_, i) => `v${i + 1} (m/s)`), 'collisions / contacts', 'largest |Δv| vs exact (m/s)'];
  const rows = [
    ['exact (chain engine, 1D)', ...t.exact.velocities.map((v) => sig(v, 6)), String(t.exact.collisions), '–'],
    ...t.engines.map((e) => [
      `${ENGINE_NAMES[e.engine]}${e.done ? '' : ' (not finished)'}`,
      ...e.velocities.map((v) => sig(v, 6)),
      String(e.collisions),
      difference(e.maxDifference),
    ]),
  ];
  return { header, rows };
}

/**
 * The table as CSV cells (full precision): engine, v1..vN, collisions, largest difference, finished.
 * Each column of values with a unit names the run `subject` (reproduce's runSubject) as every plot's
 * CSV does (runHeaders): "v1 — Four-sphere row, three contact models (m/s)"; the run's conditions
 * (e, gap, v0, E, h), its inputs, keep their plain names.
 */
export function tableCsvRows(t: RowTable, subject = ''): { header: string[]; rows: Array<Array<string | number | null>> } {
  const n = t.exact.velocities.length;
  // the run's conditions on every row (as the study's CSV carries μ, e, solver): a file saved away from the
  // page said which engines agreed, but not for which e, gap, v0, E or h
  const header = [
    ...runHeaders(['engine', ...Array.from({ length: n }, (_, i) => `v${i + 1} (m/s)`), 'collisions or contacts', 'largest |dv| vs exact (m/s)', 'finished at (s)'], subject),
    'e (1)', 'gap (m)', 'v0 (m/s)', 'soft E (Pa)', 'NSCD h (s)',
  ];
  const conditions = [t.restitution, t.gap, t.speed, t.youngModulus, t.timeStep];
  const rows: Array<Array<string | number | null>> = [
    ['exact (chain engine)', ...t.exact.velocities, t.exact.collisions, null, t.exact.endTime, ...conditions],
    ...t.engines.map((e) => [ENGINE_NAMES[e.engine], ...e.velocities, e.collisions, e.maxDifference, e.done ? e.doneAt : null, ...conditions]),
  ];
  return { header, rows };
}

/**
 * Why NSCD solved impacts together. Touching discs (the exact collisions at one instant) are one
 * simultaneous impact at any time step: h = 1e-4 and 1e-2 s give the same velocities, as the guide
 * says. Collisions apart in time that fell into one step are, and a shorter step separates them. The
 * table said "a result that depends on the time step" in both cases.
 */
export function sharedStepCause(spacing: number | null, h: number): string {
  if (spacing === 0) return ' — the exact collisions fall at the same instant, so this does not depend on the time step: it is what one simultaneous impact of touching discs gives';
  if (spacing !== null && spacing > 0) return ` — the exact collisions are as little as ${sig(spacing)} s apart and fell into one step of ${sig(h)} s: a result that depends on the time step (a step shorter than that separates them)`;
  return ' — a result that depends on the time step';
}

/**
 * Why the engines agree or differ, in sentences that quote this run's numbers: what the exact
 * answer is, then the event-driven, the soft and the NSCD engine each against it.
 */
export function explain(t: RowTable): string[] {
  const out: string[] = [];
  const ex = t.exact;
  const byKey = (k: EngineKey): EngineRow | undefined => t.engines.find((e) => e.engine === k);
  const ev = byKey('event');
  const soft = byKey('soft');
  const nscd = byKey('nscd');
  const v4 = ex.velocities[ex.velocities.length - 1] ?? NaN;
  const spacing = ex.shortestInterval;

  // the exact answer
  if (ex.collapsed) {
    out.push(`Exact: at e = ${sig(t.restitution)} the row collapses (${ex.message}); all discs end at the common velocity.`);
  } else {
    const closed = t.closedForm ? `, as ((1 + e)/2)³ v0 = ${sig(t.closedForm.v4, 6)} m/s predicts` : '';
    const apart =
      spacing === null ? '' : spacing === 0 ? ' Some of its collisions fall at the same instant (touching discs): it takes them one pair at a time, the left pair first.' : ` Its collisions are at least ${sig(spacing)} s apart.`;
    out.push(`Exact: ${ex.collisions} binary collisions; disc 4 leaves at ${sig(v4, 6)} m/s${closed}.${apart}`);
  }

  // an engine not finished where the exact row itself ends later than the table runs the engines
  // (e = 0.99: the last collisions come at 40000 s, the table stops at 2000 s, each engine at 3 of 6)
  const beyond = (doneAt: number): string =>
    Number.isFinite(ex.endTime) && ex.endTime > doneAt
      ? `: the exact row's last collision comes only at t = ${sig(ex.endTime)} s, later than the ${sig(doneAt)} s the table runs each engine`
      : '';

  // event-driven
  if (ev) {
    if (!ev.done) out.push(`The event-driven engine had not finished by t = ${sig(ev.doneAt)} s${ev.message ? ` (${ev.message})` : ''}${beyond(ev.doneAt)}.`);
    else if (ev.maxDifference < 1e-9 && ev.collisions === ex.collisions)
      out.push(
        `The event-driven engine is the same binary-collision model in 2D: ${ev.maxDifference === 0 ? 'it agrees exactly' : `it agrees to ${difference(ev.maxDifference)} m/s`}, with the same ${ev.collisions} collisions.`,
      );
    else
      out.push(
        `The event-driven engine differs by ${difference(ev.maxDifference)} m/s with ${ev.collisions} collisions${ev.elasticByTC ? ` (${ev.elasticByTC} made elastic by the TC model)` : ''}${ev.message ? `: ${ev.message}` : ''}.`,
      );
  }

  // soft: contact duration against the time between collisions
  if (soft) {
    const longest = soft.contactDurationMax ?? NaN;
    const overlap = soft.overlapTime ?? 0;
    const most = soft.maxSimultaneous ?? 1;
    const v4s = soft.velocities[soft.velocities.length - 1] ?? NaN;
    if (!soft.done) {
      out.push(`The soft discs had not finished by t = ${sig(soft.doneAt)} s${beyond(soft.doneAt)}.`);
    } else if (overlap === 0) {
      const ratio = spacing !== null && spacing > 0 && longest > 0 ? ` — ${sig(spacing / longest, 2)} times shorter than the shortest time between two exact collisions` : '';
      const slowest = soft.slowestApproach ?? Infinity;
      const floor = soft.persistentSpeed ?? 0;
      if (soft.maxDifference < 1e-7 || !(slowest < floor)) {
        out.push(
          `Soft contacts last a finite time, here at most ${sig(longest)} s${ratio}: no two overlapped, each impact restituted e${soft.maxDifference < 1e-7 ? ' exactly' : ''}, and the soft discs agree with the exact answer to ${difference(soft.maxDifference)} m/s${soft.maxDifference < 1e-7 ? ' (integrator tolerance)' : ''}.`,
        );
      } else {
        out.push(
          `Soft contacts last a finite time, here at most ${sig(longest)} s${ratio}: no two overlapped, but the slowest impact approached at only ${sig(slowest)} m/s, below the soft engine's floor of ${sig(floor)} m/s on the captured approach speed (it keeps resting contacts bounded), so its damping is weaker than e asks for: the soft discs differ by up to ${difference(soft.maxDifference)} m/s.`,
        );
      }
    } else {
      out.push(
        `Soft contacts last a finite time, here up to ${sig(longest)} s, and ${most} of them overlapped for ${sig(overlap)} s in all while the exact collisions ${spacing === 0 ? 'fall at the same instant' : `are ${sig(spacing ?? NaN)} s apart`}: the momentum travels through the touching discs as one compression wave instead of pair by pair, so disc 4 leaves at ${sig(v4s, 4)} m/s instead of ${sig(v4, 4)} and the soft discs differ by up to ${difference(soft.maxDifference)} m/s ${vector(soft.velocities)}.`,
      );
    }
  }

  // NSCD: what shared a step
  if (nscd) {
    const steps = nscd.simultaneousSteps ?? 0;
    const h = nscd.timeStep ?? t.timeStep;
    if (!nscd.done) {
      out.push(`NSCD had not finished by t = ${sig(nscd.doneAt)} s (h = ${sig(h)} s${nscd.message ? `; ${nscd.message}` : ''})${beyond(nscd.doneAt)}.`);
    } else if (steps === 0) {
      out.push(
        `NSCD (h = ${sig(h)} s) met every impact in a step of its own and applied Newton's law to one contact at a time: ${nscd.maxDifference === 0 ? 'exact' : `exact to ${difference(nscd.maxDifference)} m/s`}.`,
      );
    } else {
      out.push(
        `NSCD (h = ${sig(h)} s) had ${nscd.maxSimultaneous ?? 2} contacts carrying impulse in one step (${steps} step${steps === 1 ? '' : 's'} with two or more) and solved them together, as one simultaneous impact with Newton's law at the velocity level: ${vector(nscd.velocities)} m/s, up to ${difference(nscd.maxDifference)} m/s from the exact answer${sharedStepCause(spacing, h)}.`,
      );
    }
  }
  return out;
}

/**
 * The run length in the read-out, and when the row's last collision comes after it: a slow row (gap
 * 100 m at 0.001 m/s) is cut at 1000 s with 0 collisions, and only the table said its last collision
 * comes at 1.78e6 s.
 */
export function runLengthText(duration: number, lastExact: number): string {
  const length = formatNumber(duration, 6);
  return lastExact > duration ? `${length} (ends before the row: its last exact collision is at t = ${formatNumber(lastExact, 4)} s)` : length;
}
