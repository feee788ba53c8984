/**
 * The chain page's state: every panel's inputs (pure). It travels in share links as JSON in
 * #s= with the other pages' codec (ui/share.ts); a link is checked field by field, so one bad
 * value falls back to its default and is reported, and the rest of the link still applies.
 */
import { CHAIN_KIND, scenarioPageOf, type LabPage } from '../ui/family';
import { decodeScenario, encodeScenario } from '../ui/share';
import { MAX_LIST, ROW_KEYS, rowLimitProblems, rowMessage, rowProblem, type CustomRow } from './custom-row';
import { orderProblem, parseNumberField, RULES, type FieldName } from './validate';

export type Precision = 'double' | 'extended';

export interface ChainState {
  /** custom: the row of panel (a) when it is not the standard set-up (then e is not used) */
  time: { e: number; spheres: number; precision: Precision; custom: CustomRow | null };
  sweep: { eMin: number; eMax: number; points: number; spheres: number; precision: Precision };
  newton: { target: number; lo: number; hi: number };
  mc: { samples: number; mu: number; sigma: number; seed: number };
}

export function defaultState(): ChainState {
  return {
    time: { e: 0.5, spheres: 4, precision: 'double', custom: null },
    sweep: { eMin: 0.1716, eMax: 1, points: 400, spheres: 4, precision: 'double' },
    newton: { target: 0.5, lo: 0.3, hi: 0.95 },
    mc: { samples: 1000, mu: 0.5, sigma: 0.05, seed: 1 },
  };
}

export function stateToJson(state: ChainState): string {
  return JSON.stringify({ kind: CHAIN_KIND, ...state });
}

/**
 * The page's scenario line (the header) for panel (a)'s row: "4 spheres in a row (ARGESIM C12)" for the
 * benchmark's set-up, "7 spheres in a row" for another N, "5 spheres in a custom row" for a custom one.
 */
export function rowHeading(time: Pick<ChainState['time'], 'spheres' | 'custom'>): string {
  if (time.custom) return `${time.spheres} spheres in a custom row`;
  return time.spheres === 4 ? '4 spheres in a row (ARGESIM C12)' : `${time.spheres} spheres in a row`;
}

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});

export interface DecodedState {
  state: ChainState;
  /** what in the link was ignored, in words */
  problems: string[];
}

/** Reads a parsed JSON value as a state: missing fields keep their defaults, bad ones are reported. */
export function stateFromValue(value: unknown): DecodedState {
  const state = defaultState();
  const problems: string[] = [];
  const root = asObject(value);
  const kind = root['kind'];
  if (kind !== CHAIN_KIND) {
    const said = kind === undefined ? 'it has no "kind"' : `kind = ${JSON.stringify(kind)?.slice(0, 40)}`;
    problems.push(`the link is not a chain-lab link (${said}; a chain-lab link has "kind": "${CHAIN_KIND}")`);
  }

  const read = <S extends Obj>(section: keyof ChainState, target: S, fields: ReadonlyArray<[keyof S & string, FieldName]>): void => {
    const src = asObject(root[section]);
    for (const [key, rule] of fields) {
      const raw = src[key];
      if (raw === undefined) continue;
      const parsed = typeof raw === 'number' ? parseNumberField(String(raw), RULES[rule]) : { ok: false as const, message: `${RULES[rule].name} = ${JSON.stringify(raw)} is not a number` };
      if (parsed.ok) (target as Obj)[key] = parsed.value;
      else problems.push(parsed.message);
    }
  };
  const precision = (section: 'time' | 'sweep'): void => {
    const raw = asObject(root[section])['precision'];
    if (raw === undefined) return;
    if (raw === 'double' || raw === 'extended') state[section].precision = raw;
    else problems.push(`precision = ${JSON.stringify(raw)} is neither "double" nor "extended"`);
  };

  read('time', state.time, [['e', 'e'], ['spheres', 'spheres']]);
  precision('time');
  const custom = readCustom(asObject(root['time'])['custom'], state.time.spheres);
  if (typeof custom === 'string') problems.push(custom);
  else state.time.custom = custom;
  read('sweep', state.sweep, [['eMin', 'eMin'], ['eMax', 'eMax'], ['points', 'points'], ['spheres', 'spheres']]);
  precision('sweep');
  read('newton', state.newton, [['target', 'target'], ['lo', 'lo'], ['hi', 'hi']]);
  read('mc', state.mc, [['samples', 'samples'], ['mu', 'mu'], ['sigma', 'sigma'], ['seed', 'seed']]);

  const d = defaultState();
  const sweepOrder = orderProblem(state.sweep.eMin, state.sweep.eMax, 'e_min', 'e_max');
  if (sweepOrder) {
    problems.push(sweepOrder);
    state.sweep.eMin = d.sweep.eMin;
    state.sweep.eMax = d.sweep.eMax;
  }
  const bracket = orderProblem(state.newton.lo, state.newton.hi, 'e_lo', 'e_hi');
  if (bracket) {
    problems.push(bracket);
    state.newton.lo = d.newton.lo;
    state.newton.hi = d.newton.hi;
  }
  return { state, problems };
}

/**
 * A custom row from a link: null (or absent) is the standard set-up; anything else must be an
 * object of exactly the five lists, each 1 value or one per sphere (pair), every number inside
 * its physical range. Returns the row, or why it is not used (the standard set-up then runs).
 */
export function readCustom(raw: unknown, spheres: number): CustomRow | null | string {
  if (raw === undefined || raw === null) return null;
  const what = 'custom row';
  if (typeof raw !== 'object' || Array.isArray(raw)) return `${what} = ${JSON.stringify(raw)?.slice(0, 40)} is not an object`;
  const obj = raw as Obj;
  for (const key of Object.keys(obj)) {
    if (!(ROW_KEYS as readonly string[]).includes(key)) return `${what}: unknown field ${JSON.stringify(key.slice(0, 40))}`;
  }
  const row = {} as CustomRow;
  for (const key of ROW_KEYS) {
    const v = obj[key];
    if (!Array.isArray(v) || v.length === 0 || v.length > MAX_LIST) return `${what}: ${key} must be a list of 1 to ${MAX_LIST} numbers`;
    if (!v.every((x): x is number => typeof x === 'number' && Number.isFinite(x))) return `${what}: ${key} = ${JSON.stringify(v).slice(0, 60)} holds something other than numbers`;
    row[key] = v.slice();
  }
  const problem = rowProblem(row, spheres);
  if (problem) return `${what}: ${rowMessage(problem).text}`;
  const limit = rowLimitProblems(row, spheres)[0];
  return limit ? `${what}: ${limit.message}` : row;
}

export async function encodeState(state: ChainState): Promise<string> {
  return encodeScenario(stateToJson(state));
}

/**
 * #s= payload -> state, and the page the payload belongs to (another family's scenario goes to
 * its page); throws ShareLinkError when the payload is not a JSON object at all.
 */
export async function decodeState(payload: string): Promise<DecodedState & { page: LabPage | null }> {
  const json = await decodeScenario(payload);
  return { ...stateFromValue(JSON.parse(json)), page: scenarioPageOf(json) };
}
