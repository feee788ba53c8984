/**
 * The chain page's state: every panel's inputs (pure). It travels in share links as JSON in
 * #s= with the other pages' codec (ui/share.ts); a link is checked field by field, so one bad
 * value falls back to its default and is reported, and the rest of the link still applies.
 */
import { decodeScenario, encodeScenario } from '../ui/share';
import { orderProblem, parseNumberField, RULES, type FieldName } from './validate';

export type Precision = 'double' | 'extended';

export interface ChainState {
  time: { e: number; spheres: number; precision: Precision };
  sweep: { eMin: number; eMax: number; points: number; spheres: number; precision: Precision };
  newton: { target: number; lo: number; hi: number };
  mc: { samples: number; mu: number; sigma: number; seed: number };
}

/** Tag of the state object, so a gas or soft scenario is not mistaken for one. */
export const CHAIN_KIND = 'chain-lab';

export function defaultState(): ChainState {
  return {
    time: { e: 0.5, spheres: 4, precision: 'double' },
    sweep: { eMin: 0.1716, eMax: 1, points: 400, spheres: 4, precision: 'double' },
    newton: { target: 0.5, lo: 0.3, hi: 0.95 },
    mc: { samples: 1000, mu: 0.5, sigma: 0.05, seed: 1 },
  };
}

export function stateToJson(state: ChainState): string {
  return JSON.stringify({ kind: CHAIN_KIND, ...state });
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
  if (root['kind'] !== CHAIN_KIND) problems.push('the link is not a chain-lab link');

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

export async function encodeState(state: ChainState): Promise<string> {
  return encodeScenario(stateToJson(state));
}

/** #s= payload -> state; throws ShareLinkError when the payload is not a JSON object at all. */
export async function decodeState(payload: string): Promise<DecodedState> {
  const json = await decodeScenario(payload);
  return stateFromValue(JSON.parse(json));
}
