/**
 * A custom row of spheres (pure): per-sphere diameters, masses and initial velocities, per-pair
 * surface gaps and restitution. Every list holds one value (for every sphere / pair) or one per
 * sphere / pair. The page's list fields are read here (syntax and count, with the field and the
 * value named in every refusal); the physical ranges (mass > 0, gap ≥ 0, 0 ≤ e ≤ 1, ...) are
 * the engine's to check (chainRunSetup), except for share links, which are checked here before
 * anything runs (rowProblem).
 */
import { clipText } from '../ui/dom';
import { emptyEntryProblem, listEntries } from '../ui/list-entries';
import { DECIMAL, INFINITE, type Parsed } from './validate';

/** The engine's names of the lists (the keys of chainRunSetup's JSON). */
export const ROW_KEYS = ['diameter', 'mass', 'velocity', 'gap', 'restitution'] as const;
export type RowKey = (typeof ROW_KEYS)[number];

/** A custom row as typed / shared: each list has 1 value or one per sphere (pair). */
export type CustomRow = Record<RowKey, number[]>;

/** Every list at full length: diameter, mass, velocity N values; gap, restitution N − 1. */
export type RowSetup = CustomRow;

/** lists with one value per neighbouring pair (the others have one per sphere) */
export const PAIR_KEYS: ReadonlySet<RowKey> = new Set<RowKey>(['gap', 'restitution']);

/** How the page names each list, with its unit. */
export const ROW_LABELS: Record<RowKey, { name: string; unit: string }> = {
  diameter: { name: 'diameters', unit: 'm' },
  mass: { name: 'masses', unit: 'kg' },
  velocity: { name: 'initial velocities', unit: 'm/s' },
  gap: { name: 'gaps', unit: 'm' },
  restitution: { name: 'restitution', unit: '' },
};

/** more values than this in one list is not a row the page can show (RULES.spheres.max) */
export const MAX_LIST = 20;

/** The standard set-up (ARGESIM C12) as a custom row, written out in full. */
export function standardRow(spheres: number, e: number): RowSetup {
  const n = Math.max(2, Math.floor(spheres));
  return {
    diameter: Array<number>(n).fill(1),
    mass: Array<number>(n).fill(1),
    velocity: Array.from({ length: n }, (_, i) => (i === 0 ? 1 : 0)),
    gap: Array<number>(n - 1).fill(1),
    restitution: Array<number>(n - 1).fill(e),
  };
}

/** Newton's cradle: five equal spheres touching (gaps 0), e = 1, sphere 1 at 1 m/s. */
export function newtonsCradle(): { spheres: number; row: CustomRow } {
  return { spheres: 5, row: { diameter: [1], mass: [1], velocity: [1, 0, 0, 0, 0], gap: [0], restitution: [1] } };
}

/** How many values `key` needs at full length. */
export function needed(key: RowKey, spheres: number): number {
  return PAIR_KEYS.has(key) ? spheres - 1 : spheres;
}

function shown(text: string): string {
  return clipText(text, 16);
}

/**
 * Reads a list field: numbers separated by commas, semicolons or spaces; one value or `count`.
 * Refusals name the list and the value, e.g. 'masses: value 2 of 3, "x", is not a number', or
 * the position of a missing one ("1,,2": 'masses: value 2 of 3 is empty: …').
 */
export function parseList(text: string, key: RowKey, spheres: number): Parsed<number[]> {
  const { name } = ROW_LABELS[key];
  const count = needed(key, spheres);
  const each = PAIR_KEYS.has(key) ? 'pair' : 'sphere';
  const want = `1 value (every ${each}) or ${count} (one per ${each})`;
  const parts = listEntries(text);
  if (parts.length === 0) return { ok: false, message: `${name} is empty: enter ${want}` };
  const empty = emptyEntryProblem(parts, name);
  if (empty) return { ok: false, message: empty };
  const values: number[] = [];
  for (const [i, part] of parts.entries()) {
    const value = DECIMAL.test(part) ? Number(part) : INFINITE.test(part) ? Infinity : NaN;
    const where = parts.length === 1 ? `${name} = "${shown(part)}"` : `${name}: value ${i + 1} of ${parts.length}, "${shown(part)}",`;
    if (Number.isNaN(value)) return { ok: false, message: `${where} is not a number` };
    if (!Number.isFinite(value)) return { ok: false, message: `${where} is not finite` };
    values.push(value);
  }
  if (values.length !== 1 && values.length !== count) {
    const of = PAIR_KEYS.has(key) ? `${count} pair${count === 1 ? '' : 's'}` : `${spheres} spheres`;
    return { ok: false, message: `${name}: ${values.length} values for ${of}; enter ${want}` };
  }
  return { ok: true, value: values };
}

/** The text a list field shows for these values. */
export function listText(values: readonly number[]): string {
  return values.map((v) => String(v)).join(', ');
}

/** The row at full length (a single value repeated). */
export function expandRow(row: CustomRow, spheres: number): RowSetup {
  const full = (key: RowKey): number[] => {
    const v = row[key];
    const n = needed(key, spheres);
    return v.length === 1 ? Array<number>(n).fill(v[0]!) : v.slice(0, n);
  };
  return { diameter: full('diameter'), mass: full('mass'), velocity: full('velocity'), gap: full('gap'), restitution: full('restitution') };
}

/** Centres at t = 0, m: sphere 1 at 0, then x_k+1 = x_k + (d_k + d_k+1)/2 + gap_k (as the engine places them). */
export function rowPositions(setup: RowSetup): number[] {
  const x = [0];
  for (let k = 0; k + 1 < setup.diameter.length; k++) {
    x.push(x[k]! + 0.5 * (setup.diameter[k]! + setup.diameter[k + 1]!) + (setup.gap[k] ?? 0));
  }
  return x;
}

/** chainRunSetup's JSON for this row. */
export function setupJson(row: CustomRow, spheres: number, extended: boolean): string {
  const list = (v: number[]): number | number[] => (v.length === 1 ? v[0]! : v);
  return JSON.stringify({
    spheres,
    diameter: list(row.diameter),
    mass: list(row.mass),
    velocity: list(row.velocity),
    gap: list(row.gap),
    restitution: list(row.restitution),
    extended,
  });
}

/**
 * The physical ranges, checked for rows from untrusted sources (share links); the message has
 * the engine's form, e.g. "mass[2] = -1: must be > 0" (indices from 0). null when all is well.
 */
export function rowProblem(row: CustomRow, spheres: number): string | null {
  for (const key of ROW_KEYS) {
    const v = row[key];
    const n = needed(key, spheres);
    if (v.length !== 1 && v.length !== n) return `${key} = [${v.join(',')}]: must be a number or an array of ${n} numbers`;
    for (const [i, x] of v.entries()) {
      const at = `${key}[${i}] = ${x}`;
      if (!Number.isFinite(x)) return `${at}: must be finite`;
      if ((key === 'diameter' || key === 'mass') && !(x > 0)) return `${at}: must be > 0`;
      if (key === 'gap' && !(x >= 0)) return `${at}: must be >= 0 m`;
      if (key === 'restitution' && !(x >= 0 && x <= 1)) return `${at}: must be in [0, 1]`;
    }
  }
  return null;
}

/** a gap the engine keeps to less than this relative error, or the row is refused (the page shows 6 to 9 digits) */
export const GAP_TOLERANCE = 1e-6;

const num = (v: number): string => String(v).replace('e+', 'e');

/**
 * What the engine cannot compute of a row the lists accept, each beside the list it is about, named
 * with its value (empty when the row can run). An audit's velocity 1e300 ran, and its kinetic energy
 * (½ m v², the page's and anyone's figure) read "∞ → ∞ J"; a diameter of 1e300 m or a gap of
 * 1e-300 m gave "last collision at t = 0 s", the spheres touching: the engine places the centres
 * from the gaps in doubles (about 16 digits, as chainRunSetup does) and reads the gaps back from
 * them, and such a gap is lost beside the centres. Refused here: a gap the engine would run more
 * than GAP_TOLERANCE off (and the diameter too when the diameters swamp it and the diameter, not the
 * gap, is the value far from the page's 1 m), a row whose kinetic
 * energy or momentum is beyond the largest double, and speeds whose difference is.
 */
export function rowLimitProblems(row: CustomRow, spheres: number): Array<{ key: RowKey; message: string }> {
  const setup = expandRow(row, spheres);
  const problems: Array<{ key: RowKey; message: string }> = [];
  const x = rowPositions(setup);
  for (let k = 0; k + 1 < setup.diameter.length; k++) {
    const g = setup.gap[k]!;
    const [a, b] = [setup.diameter[k]!, setup.diameter[k + 1]!];
    const contact = 0.5 * (a + b);
    // as the engine reads it back (chain.cpp: position[k + 1] - position[k] - 0.5 (d_k + d_k+1))
    const kept = x[k + 1]! - x[k]! - contact;
    if (!(g > 0) || Math.abs(kept - g) <= GAP_TOLERANCE * g) continue;
    const pair = `pair ${k + 1}–${k + 2}`;
    const diameters = contact >= Math.abs(x[k]!);
    const beside = diameters ? `diameters of ${num(a)} m and ${num(b)} m` : `sphere ${k + 1}'s centre at ${num(x[k]!)} m`;
    const runAs = `the engine places the spheres from their gaps in double precision (about 16 digits) and would run it as ${num(kept)} m`;
    problems.push({ key: 'gap', message: `gap of ${pair} = ${num(g)} m cannot be kept beside ${beside}: ${runAs}; enter 0 (touching) or a larger gap` });
    // the diameter too where it, rather than the gap, is the odd one out (farther from the page's 1 m)
    const i = a >= b ? k : k + 1;
    if (diameters && Math.abs(Math.log10(setup.diameter[i]!)) > Math.abs(Math.log10(g))) {
      problems.push({ key: 'diameter', message: `diameter of sphere ${i + 1} = ${num(setup.diameter[i]!)} m swamps the gap of ${pair} (${num(g)} m) in the centres' positions: see the gaps` });
    }
    break;
  }
  // the page's sums, in its order (time-panel.ts): ½ m v² and m v of every sphere
  let energy = 0;
  let momentum = 0;
  setup.velocity.forEach((v, i) => {
    const m = setup.mass[i]!;
    energy += 0.5 * m * v * v;
    momentum += m * v;
  });
  const fastest = setup.velocity.reduce((best, v, i) => (Math.abs(v) * Math.sqrt(setup.mass[i]!) > Math.abs(setup.velocity[best]!) * Math.sqrt(setup.mass[best]!) ? i : best), 0);
  const sphere = `initial velocity of sphere ${fastest + 1} = ${num(setup.velocity[fastest]!)} m/s (mass ${num(setup.mass[fastest]!)} kg)`;
  const closing = setup.velocity.slice(1).findIndex((v, k) => !Number.isFinite(setup.velocity[k]! - v));
  if (!Number.isFinite(energy)) {
    problems.push({ key: 'velocity', message: `${sphere} gives a kinetic energy ½ m v² beyond the largest number a double holds (about 1.8e308 J): the energy could not be shown or checked` });
  } else if (!Number.isFinite(momentum)) {
    problems.push({ key: 'velocity', message: `${sphere} gives a momentum m v beyond the largest number a double holds (about 1.8e308 kg m/s): the momentum could not be shown or checked` });
  } else if (closing >= 0) {
    const v = setup.velocity;
    problems.push({ key: 'velocity', message: `initial velocities of spheres ${closing + 1} and ${closing + 2} = ${num(v[closing]!)} and ${num(v[closing + 1]!)} m/s close at a speed beyond the largest number a double holds (about 1.8e308 m/s)` });
  }
  return problems;
}

/** each list's one value, as a message names it */
const ONE: Record<RowKey, string> = { diameter: 'diameter', mass: 'mass', velocity: 'initial velocity', gap: 'gap', restitution: 'restitution' };

/**
 * An engine message about a custom row (or rowProblem's, in the engine's words) in the page's words
 * and numbering, spheres from 1 as the page draws and lists them, and the list it is about (null
 * when none): "mass[1] = -1: must be > 0" -> mass, "mass of sphere 2 = -1: must be > 0" (the field
 * read "mass[1] = -1: must be > 0 (sphere 2)", counting from 0 and from 1 in one line);
 * "position[2]: sphere overlaps sphere 1 by 1 m" -> gap, "sphere 3 overlaps sphere 2 by 1 m (gap of
 * pair 2–3)": the engine places the spheres from the gaps.
 */
export function rowMessage(message: string): { key: RowKey | null; text: string } {
  const item = /^(diameter|mass|velocity|gap|restitution)\[(\d+)\] = (.*)$/s.exec(message);
  if (item) {
    const key = item[1] as RowKey;
    const i = Number(item[2]);
    const where = PAIR_KEYS.has(key) ? `pair ${i + 1}–${i + 2}` : `sphere ${i + 1}`;
    return { key, text: `${ONE[key]} of ${where} = ${item[3]}` };
  }
  const overlap = /^position\[(\d+)\]: sphere overlaps sphere (\d+) (.*)$/s.exec(message);
  if (overlap) {
    const [i, j] = [Number(overlap[1]) + 1, Number(overlap[2]) + 1];
    return { key: 'gap', text: `sphere ${i} overlaps sphere ${j} ${overlap[3]} (gap of pair ${j}–${i})` };
  }
  const centre = /^position\[(\d+)\] = (.*)$/s.exec(message);
  if (centre) return { key: 'gap', text: `centre of sphere ${Number(centre[1]) + 1} = ${centre[2]}` };
  const list = /^(diameter|mass|velocity|gap|restitution)\b/.exec(message);
  return { key: list ? (list[1] as RowKey) : null, text: message };
}
