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
  return { path, value, message, text };
}

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

/** Reads a nested field by dotted path ("domain.box.width"); undefined when absent. */
export function getPath(obj: JsonObject, path: string): JsonValue | undefined {
  let cur: JsonValue | undefined = obj;
  for (const key of path.split('.')) {
    if (!isJsonObject(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/** Writes a nested field by dotted path, creating objects on the way (mutates obj). */
export function setPath(obj: JsonObject, path: string, value: JsonValue): void {
  const keys = path.split('.');
  let cur: JsonObject = obj;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i] as string;
    const next = cur[key];
    if (isJsonObject(next)) {
      cur = next;
    } else {
      const created: JsonObject = {};
      cur[key] = created;
      cur = created;
    }
  }
  cur[keys[keys.length - 1] as string] = value;
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

/** Index of the vibrating wall, or -1 when vibration is off. */
export function vibratingWall(s: JsonObject): number {
  const enabled = getPath(s, 'vibration.enabled');
  const wall = getPath(s, 'vibration.wall');
  if (enabled !== true) return -1;
  return typeof wall === 'number' && Number.isInteger(wall) ? wall : 0;
}
