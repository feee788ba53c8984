/**
 * Scenario JSON as plain data, and the ValidationReport that the C++ side returns
 * (validateScenario(json) and World.report()). Pure: no WASM, no DOM.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** One problem found by the C++ validator, e.g. path "discs[3].radius". */
export interface ValidationError {
  /** field path: dotted keys and [index], e.g. "generate.radius", "discs[3].radius" */
  path: string;
  /** the offending value as text */
  value: string;
  /** the rule, e.g. "must be > 0" */
  message: string;
  /** full sentence: "discs[3].radius = -0.1: must be > 0" */
  text: string;
}

export interface ValidationReport {
  ok: boolean;
  errors: ValidationError[];
  /** the normalized scenario (every default filled in), or null when not ok */
  scenario: JsonObject | null;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return String(value);
}

function parseError(raw: unknown): ValidationError {
  if (!isJsonObject(raw)) {
    const text = asString(raw);
    return { path: '', value: '', message: text, text };
  }
  const path = asString(raw['path']);
  const value = asString(raw['value']);
  const message = asString(raw['message']);
  let text = asString(raw['text']);
  if (text === '') text = path ? `${path} = ${value}: ${message}` : message;
  // Each page's validator knows only its own engine ("must be one of: \"event\""), and a text whose
  // engine is another page's goes to that page first (ui/family.ts): here it names none. Say which
  // there are, as the CLI does (core/cli/main.cpp, issueText).
  if (path === 'engine' && message.startsWith('must be one of')) {
    text = `${path} = ${value}: no such engine; a scenario's engine is ${SCENARIO_ENGINES}`;
  }
  return { path, value, message, text };
}

/** The engines a scenario can name, across the pages (as core/cli/main.cpp's kScenarioEngines). */
export const SCENARIO_ENGINES =
  '"event" (hard-disc gas, the default), "soft" (soft discs), "avalanche" (NSCD column collapse) or "compare" (the engines side by side)';

/** Parses the JSON text of a ValidationReport; a malformed report becomes one error. */
export function parseValidationReport(text: string): ValidationReport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const message = `the engine returned an unreadable validation report (${(e as Error).message})`;
    return { ok: false, errors: [{ path: '', value: '', message, text: message }], scenario: null };
  }
  if (!isJsonObject(raw)) {
    const message = 'the engine returned a validation report that is not an object';
    return { ok: false, errors: [{ path: '', value: '', message, text: message }], scenario: null };
  }
  const errorsRaw = raw['errors'];
  const errors = Array.isArray(errorsRaw) ? errorsRaw.map(parseError) : [];
  const scenarioRaw = raw['scenario'];
  const scenario = isJsonObject(scenarioRaw) ? scenarioRaw : null;
  const ok = raw['ok'] === true && scenario !== null;
  if (!ok && errors.length === 0) {
    const message = 'the scenario was rejected without a reason';
    errors.push({ path: '', value: '', message, text: message });
  }
  return { ok, errors, scenario };
}

/**
 * The steps of a field path: dotted keys, each optionally followed by [index] ("domain.box.width",
 * "gravity[1]", "discs[3].radius"): strings are object keys, numbers array indices.
 */
function pathSteps(path: string): Array<string | number> {
  const steps: Array<string | number> = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) {
      steps.push(part);
      continue;
    }
    if (match[1] !== '') steps.push(match[1] as string);
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) steps.push(Number(index[1]));
  }
  return steps;
}

/** Reads a nested field by path ("domain.box.width", "gravity[1]"); undefined when absent. */
export function getPath(obj: JsonObject, path: string): JsonValue | undefined {
  let cur: JsonValue | undefined = obj;
  for (const step of pathSteps(path)) {
    if (typeof step === 'number') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[step];
    } else {
      if (!isJsonObject(cur)) return undefined;
      cur = cur[step];
    }
  }
  return cur;
}

/** The finite number at `path`, or `fallback` when the field is absent or not one. */
export function numberAt(obj: JsonObject, path: string, fallback: number): number {
  const v = getPath(obj, path);
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

type Container = JsonObject | JsonValue[];

function childOf(container: Container, step: string | number): JsonValue | undefined {
  return Array.isArray(container) ? (typeof step === 'number' ? container[step] : undefined) : container[String(step)];
}

function putChild(container: Container, step: string | number, value: JsonValue): void {
  if (Array.isArray(container) && typeof step === 'number') {
    while (container.length < step) container.push(null);
    container[step] = value;
  } else if (!Array.isArray(container)) {
    container[String(step)] = value;
  }
}

/**
 * Writes a nested field by path (mutates obj), creating what is missing or of the wrong kind on the
 * way: an object for a key, an array for an index (earlier missing elements become null).
 */
export function setPath(obj: JsonObject, path: string, value: JsonValue): void {
  const steps = pathSteps(path);
  let cur: Container = obj;
  for (let k = 0; k < steps.length - 1; k++) {
    const step = steps[k] as string | number;
    const wantArray = typeof steps[k + 1] === 'number';
    const next = childOf(cur, step);
    if (wantArray ? Array.isArray(next) : isJsonObject(next)) {
      cur = next as Container;
    } else {
      const created: Container = wantArray ? [] : {};
      putChild(cur, step, created);
      cur = created;
    }
  }
  putChild(cur, steps[steps.length - 1] as string | number, value);
}

/** Deep copy of JSON data. */
export function cloneJson<T extends JsonValue>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The scenario's display name ("Untitled" when missing). */
export function scenarioName(s: JsonObject): string {
  const name = s['name'];
  return typeof name === 'string' && name !== '' ? name : 'Untitled';
}

/** |g| of the scenario's gravity [gx, gy], m/s² (absent: 0). */
export function gravityMagnitude(s: JsonObject): number {
  const g = s['gravity'];
  return Array.isArray(g) ? Math.hypot(...g.filter((c): c is number => typeof c === 'number')) : 0;
}

/** Whether the scenario has gravity: a pair [gx, gy] with a component other than 0 (absent: none). */
export function hasGravity(s: JsonObject): boolean {
  return gravityMagnitude(s) > 0;
}

/** The walls' restitution r_w: `wallRestitution`, or the discs' `restitution` where it is absent or null (as the engine reads it). */
export function wallRestitution(s: JsonObject, restitution: number): number {
  const rw = s['wallRestitution'];
  return typeof rw === 'number' ? rw : restitution;
}

/** Index of the vibrating wall, or -1 when vibration is off. */
export function vibratingWall(s: JsonObject): number {
  const enabled = getPath(s, 'vibration.enabled');
  const wall = getPath(s, 'vibration.wall');
  if (enabled !== true) return -1;
  return typeof wall === 'number' && Number.isInteger(wall) ? wall : 0;
}
