/**
 * The scenario panel's fields and their mapping to scenario JSON (pure: no DOM).
 * The form edits a *base* scenario (the last valid one): fields it does not show
 * (explicit discs, polygons, notes, ...) are kept as they are.
 */
import { DECIMAL } from '../chain/validate';
import { cloneJson, getPath, isJsonObject, setPath, type JsonObject, type JsonValue } from '../sim/scenario';

export type FieldKind =
  /** number; text that is not a number is passed on as text so the validator names it */
  | 'number'
  /** number, or blank = null */
  | 'optional-number'
  | 'checkbox'
  | 'select';

export type FieldGroup = 'discs' | 'box' | 'physics' | 'gravity' | 'collapse' | 'vibration' | 'output';

export interface FieldSpec {
  key: string;
  /** the scenario path the field writes (and whose validation errors it shows) */
  path: string;
  label: string;
  /** unit shown next to the label ("1" for a pure number, as on the plots); '' for a select or a checkbox, which shows none */
  unit: string;
  kind: FieldKind;
  /** the fieldset it goes in (a key of the form's group titles) */
  group: string;
  /** select options: [value, label] */
  options?: ReadonlyArray<readonly [string, string]>;
  /** short help shown under the field (e.g. what blank means) */
  hint?: string;
  /** checkbox fields that map to a string: [checked value, unchecked value] */
  checkboxValues?: readonly [string, string];
  /** what a number field shows when the scenario lacks the value (its default, e.g. "0"); blank otherwise */
  absent?: string;
  /**
   * used only while the select field `key` shows one of `values` (the soft page's box sizes with
   * "box"), while the text field `key` is blank (the soft page's c_τ, which a target restitution
   * overrides), or while the checkbox `key` is ticked: the form disables it otherwise, as the other field changes, so no typed value is
   * dropped unseen and no control looks as if it did something it does not
   */
  enabledWhen?: EnabledWhen;
}

export type EnabledWhen =
  | { key: string; values: readonly string[] }
  | { key: string; blank: true }
  /** while the checkbox `key` is ticked (the gas page's t_c with the TC model, the vibrating wall's settings) */
  | { key: string; checked: true };

/** Whether a field with `enabledWhen` is in use while the field it follows holds `value` (a checkbox: whether ticked). */
export function enabledBy(when: EnabledWhen, value: string | boolean): boolean {
  if ('checked' in when) return value === true;
  if (typeof value !== 'string') return false;
  return 'values' in when ? when.values.includes(value) : value.trim() === '';
}

export const FIELDS: readonly FieldSpec[] = [
  { key: 'count', path: 'generate.count', label: 'Number of discs', unit: '1', kind: 'number', group: 'discs' },
  {
    // with an area fraction the engine sizes the discs to cover it (radius and largest radius keep only
    // their ratio): a radius typed then changed nothing, and the one shown was not the discs'
    key: 'radius', path: 'generate.radius', label: 'Radius', unit: 'm', kind: 'number', group: 'discs',
    hint: 'used while the area fraction is blank; an area fraction sets the radius',
    enabledWhen: { key: 'areaFraction', blank: true },
  },
  {
    key: 'radiusMax', path: 'generate.radiusMax', label: 'Largest radius', unit: 'm', kind: 'optional-number',
    group: 'discs', hint: 'blank: all discs have the same radius',
  },
  {
    key: 'areaFraction', path: 'generate.areaFraction', label: 'Area fraction', unit: '1', kind: 'optional-number',
    group: 'discs', hint: 'blank: set by the radius',
  },
  {
    key: 'placement', path: 'generate.placement', label: 'Placement', unit: '', kind: 'select', group: 'discs',
    options: [['random', 'random'], ['lattice', 'lattice']], hint: 'area fraction: random ≤ 0.5, lattice ≤ 0.85',
  },
  { key: 'speed', path: 'generate.speed', label: 'Initial speed (rms)', unit: 'm/s', kind: 'number', group: 'discs' },
  {
    key: 'velocities', path: 'generate.velocities', label: 'Initial velocities', unit: '', kind: 'select', group: 'discs',
    options: [['maxwell', 'Maxwell (Gaussian)'], ['fixed', 'one speed, any direction']],
  },
  { key: 'density', path: 'generate.density', label: 'Areal density', unit: 'kg/m²', kind: 'number', group: 'discs' },
  { key: 'seed', path: 'seed', label: 'Random seed', unit: '1', kind: 'number', group: 'discs' },
  { key: 'boxWidth', path: 'domain.box.width', label: 'Box width', unit: 'm', kind: 'number', group: 'box' },
  { key: 'boxHeight', path: 'domain.box.height', label: 'Box height', unit: 'm', kind: 'number', group: 'box' },
  { key: 'restitution', path: 'restitution', label: 'Restitution r', unit: '1', kind: 'number', group: 'physics' },
  {
    key: 'wallRestitution', path: 'wallRestitution', label: 'Wall restitution', unit: '1', kind: 'optional-number',
    group: 'physics', hint: 'blank: same as r; 1: walls do not cool the gas',
  },
  { key: 'gravityX', path: 'gravity[0]', label: 'g_x', unit: 'm/s²', kind: 'number', group: 'gravity', absent: '0' },
  {
    key: 'gravityY', path: 'gravity[1]', label: 'g_y', unit: 'm/s²', kind: 'number', group: 'gravity', absent: '0',
    hint: '−9.81: a vertical box (discs fly on parabolas); not 0 needs a convex domain and at most 2000 discs',
  },
  {
    key: 'tcModel', path: 'collapse.model', label: 'TC collapse model', unit: '', kind: 'checkbox', group: 'collapse',
    checkboxValues: ['tc', 'none'],
  },
  {
    key: 'tc', path: 'collapse.tc', label: 'TC time t_c', unit: 's', kind: 'optional-number', group: 'collapse',
    hint: 'blank: 10⁻⁴ σ / v_rms', enabledWhen: { key: 'tcModel', checked: true },
  },
  { key: 'vibEnabled', path: 'vibration.enabled', label: 'Vibrating wall', unit: '', kind: 'checkbox', group: 'vibration' },
  {
    key: 'vibWall', path: 'vibration.wall', label: 'Wall index', unit: '1', kind: 'number', group: 'vibration',
    hint: 'box: 0 floor, 1 right, 2 top, 3 left', enabledWhen: { key: 'vibEnabled', checked: true },
  },
  {
    key: 'vibAmplitude', path: 'vibration.amplitude', label: 'Amplitude', unit: 'm', kind: 'number', group: 'vibration',
    enabledWhen: { key: 'vibEnabled', checked: true },
  },
  {
    key: 'vibFrequency', path: 'vibration.frequency', label: 'Frequency', unit: 'Hz', kind: 'number', group: 'vibration',
    enabledWhen: { key: 'vibEnabled', checked: true },
  },
  { key: 'interval', path: 'output.interval', label: 'Output interval', unit: 's', kind: 'number', group: 'output' },
  {
    key: 'duration', path: 'output.duration', label: 'Duration', unit: 's', kind: 'number', group: 'output',
    hint: '0: run until stopped',
  },
];

export const GROUP_TITLES: Record<FieldGroup, string> = {
  discs: 'Discs',
  box: 'Box',
  physics: 'Collisions',
  gravity: 'Gravity',
  collapse: 'Inelastic collapse',
  vibration: 'Energy input',
  output: 'Output',
};

/** Field values as the inputs hold them: text for text inputs, boolean for checkboxes. */
export type FormValues = Record<string, string | boolean>;

/** Which field groups the base scenario can be edited with (explicit discs / polygon: edit the JSON). */
export interface FormAvailability {
  /** the scenario lists its discs explicitly: the generator fields do not apply */
  explicitDiscs: boolean;
  /** the domain is a polygon: the box fields do not apply */
  polygon: boolean;
}

export function formAvailability(scenario: JsonObject): FormAvailability {
  return {
    explicitDiscs: Array.isArray(scenario['discs']),
    polygon: Array.isArray(getPath(scenario, 'domain.polygon')),
  };
}

/** Whether a field applies to the scenario (false: shown disabled, not written). */
export function fieldApplies(field: FieldSpec, availability: FormAvailability): boolean {
  if (availability.explicitDiscs && field.path.startsWith('generate.')) return false;
  if (availability.polygon && field.group === 'box') return false;
  return true;
}

/**
 * A number as its field shows it: as JSON writes it, but from 10⁶ up in the exponent form, every
 * digit kept ("1e7", not "10000000", for the default Young's modulus: the hints write 1e7 Pa, and a
 * reader counted the zeros). The fields read either form.
 */
function numberText(value: JsonValue | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) >= 1e6 ? value.toExponential().replace('e+', 'e') : String(value);
  if (typeof value === 'string') return value;
  return '';
}

/** A field's input value for the JSON value at its path. */
export function fieldFromJson(field: FieldSpec, value: JsonValue | undefined): string | boolean {
  switch (field.kind) {
    case 'checkbox':
      return field.checkboxValues ? value === field.checkboxValues[0] : value === true;
    case 'select':
      return typeof value === 'string' ? value : (field.options?.[0]?.[0] ?? '');
    default:
      return value === undefined && field.absent !== undefined ? field.absent : numberText(value);
  }
}

export function formFromScenario(scenario: JsonObject): FormValues {
  const values: FormValues = {};
  for (const field of FIELDS) values[field.key] = fieldFromJson(field, getPath(scenario, field.path));
  return values;
}

/**
 * Text from a number field -> JSON. A number only when the text is a plain decimal (optional sign,
 * digits, point, exponent: the chain page's rule; spaces around it are dropped) that is finite;
 * blank -> null for optional fields; anything else ("0x10", "0b1", "Infinity", "1e400", "1_000")
 * stays text as typed, so the C++ validator reports it at this path with the user's own text
 * rather than a value converted from it (Number('0x10') is 16).
 */
export function parseNumberField(text: string, optional: boolean): JsonValue {
  const trimmed = text.trim();
  if (trimmed === '') return optional ? null : '';
  const n = DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isFinite(n) ? n : trimmed;
}

/** The JSON value a field's input value writes at its path. */
export function fieldToJson(field: FieldSpec, value: string | boolean): JsonValue {
  switch (field.kind) {
    case 'checkbox':
      return field.checkboxValues ? field.checkboxValues[value === true ? 0 : 1] : value === true;
    case 'select':
      return String(value);
    case 'optional-number':
      return parseNumberField(String(value), true);
    case 'number':
      return parseNumberField(String(value), false);
  }
}

/** The base scenario with the form's values written into it (the base is not modified). */
export function scenarioFromForm(base: JsonObject, values: FormValues): JsonObject {
  const scenario = cloneJson(base);
  const availability = formAvailability(base);
  if (!availability.polygon) {
    // a box domain: make sure no other domain field lingers
    const domain = scenario['domain'];
    if (isJsonObject(domain)) {
      for (const key of Object.keys(domain)) if (key !== 'box') delete domain[key];
    }
  }
  for (const field of FIELDS) {
    if (!fieldApplies(field, availability)) continue;
    const value = values[field.key];
    if (value === undefined) continue;
    const json = fieldToJson(field, value);
    setPath(scenario, field.path, json);
  }
  return scenario;
}

/**
 * What the scenario panel needs to know about one family's form: its fields, how they map
 * to scenario JSON, which apply to the base scenario, and the help text of the JSON editor.
 */
export interface FormModel {
  readonly fields: readonly FieldSpec[];
  /** group key -> fieldset legend, in display order */
  readonly groupTitles: Readonly<Record<string, string>>;
  fromScenario(scenario: JsonObject): FormValues;
  toScenario(base: JsonObject, values: FormValues): JsonObject;
  applies(field: FieldSpec, base: JsonObject): boolean;
  /** sentences shown under the form when some fields do not apply */
  notes(base: JsonObject): string[];
  readonly jsonHelp: string;
}

/** The hard-disc gas form. */
export const GAS_FORM: FormModel = {
  fields: FIELDS,
  groupTitles: GROUP_TITLES,
  fromScenario: formFromScenario,
  toScenario: scenarioFromForm,
  applies: (field, base) => fieldApplies(field, formAvailability(base)),
  notes: (base) => {
    const availability = formAvailability(base);
    const notes: string[] = [];
    if (availability.explicitDiscs) notes.push('This scenario lists its discs explicitly: edit them in the scenario JSON.');
    if (availability.polygon) notes.push('The domain is a polygon: edit it in the scenario JSON.');
    return notes;
  },
  jsonHelp: 'Edit or paste any scenario (explicit disc lists, polygons; format: docs/scenario-format.md). SI units.',
};

/**
 * A form whose every field maps to one scenario path (no derived fields, every field always
 * applies): numbers, optional numbers, selects and boolean checkboxes read and written at
 * `field.path`. The avalanche page uses it; fields it does not show are kept from the base.
 */
export function plainFormModel(
  fields: readonly FieldSpec[],
  groupTitles: Readonly<Record<string, string>>,
  jsonHelp: string,
): FormModel {
  return {
    fields,
    groupTitles,
    fromScenario: (scenario) => {
      const values: FormValues = {};
      for (const field of fields) values[field.key] = fieldFromJson(field, getPath(scenario, field.path));
      return values;
    },
    toScenario: (base, values) => {
      const scenario = cloneJson(base);
      for (const field of fields) {
        const value = values[field.key];
        if (value !== undefined) setPath(scenario, field.path, fieldToJson(field, value));
      }
      return scenario;
    },
    applies: () => true,
    notes: () => [],
    jsonHelp,
  };
}

/** what a scenario's name ends with once the form has changed it */
export const EDITED_SUFFIX = ' (edited)';

/** The validator's limits on the scenario's name and notes (core/src/scenario/reader.hpp, readHeader), in UTF-8 bytes. */
export const NAME_LIMIT = 200;
export const NOTES_LIMIT = 5000;

/** what ends a text the form shortened */
const ELLIPSIS = '…';

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * `text` shortened, if need be, so that `before + text + after` fits in `limit` UTF-8 bytes (what
 * the validator counts): cut at a whole character (never inside a surrogate pair), trailing spaces
 * dropped, and ended with "…". `text` itself when it fits; '' when not even the ellipsis does.
 */
export function fitText(text: string, limit: number, before = '', after = ''): string {
  const room = limit - utf8Length(before) - utf8Length(after);
  if (utf8Length(text) <= room) return text;
  const budget = room - utf8Length(ELLIPSIS);
  if (budget < 0) return '';
  let kept = '';
  let used = 0;
  for (const ch of text) {
    const size = utf8Length(ch);
    if (used + size > budget) break;
    kept += ch;
    used += size;
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

/**
 * A scenario the form changed keeps a name and a description that were written for its base
 * ("… mu = 0.5" after μ was set to 0.3), and both travel in the title, the reproduce line under
 * every plot, share links and file names. When any value differs from the base, the name gets
 * " (edited)" and the description says it is the base's; a base already marked is left as it is,
 * and so is a name the form itself chose (the comparison's set-up). What the form adds never
 * pushes the name or the notes over the validator's limits (a valid base stays valid): a long
 * name is shortened with "…" before " (edited)", and long notes lose their end to "…".
 */
export function markEdited(base: JsonObject, scenario: JsonObject): JsonObject {
  const name = base['name'];
  if (scenario['name'] !== name || (typeof name === 'string' && name.endsWith(EDITED_SUFFIX))) return scenario;
  const rest = (s: JsonObject): string => JSON.stringify({ ...s, name: null, notes: null });
  if (rest(scenario) === rest(base)) return scenario;
  const title = typeof name === 'string' && name !== '' ? name : 'the scenario';
  const out = cloneJson(scenario);
  out['name'] = `${fitText(title, NAME_LIMIT, '', EDITED_SUFFIX)}${EDITED_SUFFIX}`;
  // the title quoted in the notes: the shortened one, so the notes' sentence stays readable
  const quoted = fitText(title, NAME_LIMIT);
  const notes = base['notes'];
  if (typeof notes === 'string' && notes !== '') {
    const intro = `Changed in the form; the description of “${quoted}” follows, with its values before the change. `;
    const kept = fitText(notes, NOTES_LIMIT, intro);
    // notes so near the limit that not even the ellipsis fits after the sentence: left as they were
    out['notes'] = kept === '' ? notes : `${intro}${kept}`;
  } else {
    out['notes'] = `Changed in the form from “${quoted}”.`;
  }
  return out;
}

/**
 * Whether two JSON values hold the same data, whatever the order of their objects' keys. It walks
 * both and stops at the first difference, making no text: two equal scenarios of 40,000 explicit
 * discs compare in about 0.1 s in node (writing them out with sorted keys took 0.2-0.3 s a side).
 */
function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (!sameJson(a[k] as JsonValue, b[k] as JsonValue)) return false;
    return true;
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key) || !sameJson(a[key] as JsonValue, b[key] as JsonValue)) return false;
  }
  return true;
}

/**
 * Whether two scenarios are the same data, whatever their keys' order; with `wording` false their
 * names and notes are left out (what they run).
 */
export function sameScenario(a: JsonObject, b: JsonObject, wording: boolean): boolean {
  return wording ? sameJson(a, b) : sameJson({ ...a, name: null, notes: null }, { ...b, name: null, notes: null });
}

/**
 * The scenario the form's values were put back to: the first of `candidates` (the scenario
 * loaded before any edit, then the page's presets) that runs exactly what `next` runs. A scenario
 * edited and then set back by hand is that scenario again, under its own name and description,
 * not "… (edited)". Null when none matches.
 */
export function putBack(next: JsonObject, candidates: Iterable<JsonObject>): JsonObject | null {
  for (const candidate of candidates) if (sameScenario(next, candidate, false)) return candidate;
  return null;
}
