/**
 * Reading the page's number fields (pure): every failure is a sentence that names the field
 * and the value typed, e.g. "e = 1.5 is outside [0, 1]".
 */
import { clipText } from '../ui/dom';

export interface NumberRule {
  /** the name shown in messages, e.g. "e" or "resolution" */
  name: string;
  min: number;
  max: number;
  integer?: boolean;
  /** min itself is not allowed (e.g. σ > 0) */
  exclusiveMin?: boolean;
  /** why the bound is there, appended to the message, e.g. "(the sweep would take minutes)" */
  why?: string;
  /** the same for a value below the range */
  whyLow?: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function shown(text: string): string {
  return clipText(text.trim(), 24);
}

function range(rule: NumberRule): string {
  const lo = rule.exclusiveMin ? `(${rule.min}` : `[${rule.min}`;
  return `${lo}, ${rule.max}]`;
}

// plain decimal notation (Number('') and Number(' ') are 0, Number('0x10') is 16)
export const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** an infinity written out ("Infinity", "-inf", "∞"): a number, only not a finite one ("Infinity" was called "not a number") */
export const INFINITE = /^[-+]?(inf|infinity|∞)$/i;

/** what a field takes: "a whole number from 2 to 20", "a number in [0, 1]" */
function wanted(rule: NumberRule): string {
  return rule.integer ? `a whole number from ${rule.min} to ${rule.max}` : `a number in ${range(rule)}`;
}

/**
 * What to add after "is not a number" for text that is one once its commas are read as a decimal
 * point or dropped as thousands separators ("0,5", "1,000"): how to write it; '' otherwise.
 */
export function commaHint(text: string): string {
  if (!text.includes(',')) return '';
  const usable = DECIMAL.test(text.replace(/,/g, '.')) || DECIMAL.test(text.replace(/,/g, ''));
  return usable ? ': write it with a decimal point and no separators (0.5, 1000)' : '';
}

export function parseNumberField(text: string, rule: NumberRule): Parsed<number> {
  const t = text.trim();
  if (t === '') return { ok: false, message: `${rule.name} is empty: enter a number in ${range(rule)}` };
  const value = DECIMAL.test(t) || INFINITE.test(t) ? Number(t.replace(/^([-+]?)(inf|infinity|∞)$/i, '$1Infinity')) : NaN;
  if (Number.isNaN(value)) return { ok: false, message: `${rule.name} = "${shown(text)}" is not a number${commaHint(t)}` };
  if (!Number.isFinite(value)) return { ok: false, message: `${rule.name} = ${shown(text)} is not finite: enter ${wanted(rule)}` };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, message: `${rule.name} = ${shown(text)} is not a whole number` };
  const tooLow = rule.exclusiveMin ? value <= rule.min : value < rule.min;
  if (tooLow || value > rule.max) {
    const what = rule.integer ? `must be a whole number from ${rule.min} to ${rule.max}` : `is outside ${range(rule)}`;
    const why = value > rule.max ? rule.why : rule.whyLow;
    return { ok: false, message: `${rule.name} = ${shown(text)} ${what}${why ? ` ${why}` : ''}` };
  }
  return { ok: true, value };
}

/** The rules of the page's fields. */
export const RULES = {
  e: { name: 'e', min: 0, max: 1 },
  spheres: { name: 'number of spheres', min: 2, max: 20, integer: true, why: '(more would not fit the animation and plots)' },
  eMin: { name: 'e_min', min: 0, max: 1 },
  eMax: { name: 'e_max', min: 0, max: 1 },
  points: { name: 'resolution', min: 2, max: 100_000, integer: true, why: '(the sweep would take minutes)' },
  // four equal spheres end with v4 in [v0/4, v0]: v0/4 for every e <= e_c (no unique answer), so
  // a target at or below v0/4 has no e to find, whatever the bracket
  target: {
    name: 'target v4', min: 0.25, max: 1, exclusiveMin: true,
    whyLow: '(v4 ends between v0/4 = 0.25 m/s and v0 = 1 m/s for every e, and equals v0/4 for all e below e_c ≈ 0.1716)',
  },
  lo: { name: 'e_lo', min: 0, max: 1 },
  hi: { name: 'e_hi', min: 0, max: 1 },
  samples: { name: 'samples K', min: 2, max: 100_000, integer: true, why: '(at most 100 000: a browser tab would be busy for minutes)' },
  mu: { name: 'μ', min: 0, max: 1 },
  sigma: { name: 'σ', min: 0, max: 0.5 },
  seed: { name: 'seed', min: 0, max: 2 ** 53 - 1, integer: true },
} as const satisfies Record<string, NumberRule>;

export type FieldName = keyof typeof RULES;

/** "e_min = 0.9 must be below e_max = 0.5" when a < b fails, else null. */
export function orderProblem(a: number, b: number, nameA: string, nameB: string): string | null {
  return a < b ? null : `${nameA} = ${a} must be below ${nameB} = ${b}`;
}
