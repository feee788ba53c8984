/**
 * The soft-disc scenario form (pure: no DOM): every common field with its unit, and its
 * mapping to scenario JSON. Like the gas form it edits a base scenario (the last valid
 * one), so fields it does not show (explicit discs, notes, ...) are kept.
 */
import { cloneJson, getPath, isJsonObject, setPath, type JsonObject, type JsonValue } from '../sim/scenario';
import { fieldFromJson, parseNumberField, type FieldSpec, type FormModel, type FormValues } from '../ui/scenario-form';

export const SOFT_GROUP_TITLES: Readonly<Record<string, string>> = {
  domain: 'Domain',
  discs: 'Discs',
  material: 'Material',
  contact: 'Normal contact',
  friction: 'Friction',
  forces: 'Gravity',
  integrator: 'Integrator',
  output: 'Output',
};

/** domain kind: not a JSON path of its own (the key under "domain" says it) */
const DOMAIN_KIND = 'domainKind';

export const SOFT_FIELDS: readonly FieldSpec[] = [
  {
    key: DOMAIN_KIND, path: 'domain', label: 'Domain', unit: '', kind: 'select', group: 'domain',
    options: [['box', 'box (0, 0)–(width, height)'], ['circle', 'circular wall, centre (0, 0)'], ['open', 'open plane (no walls)']],
  },
  { key: 'boxWidth', path: 'domain.box.width', label: 'Box width', unit: 'm', kind: 'number', group: 'domain', enabledWhen: { key: DOMAIN_KIND, values: ['box'] } },
  { key: 'boxHeight', path: 'domain.box.height', label: 'Box height', unit: 'm', kind: 'number', group: 'domain', enabledWhen: { key: DOMAIN_KIND, values: ['box'] } },
  {
    key: 'circleRadius', path: 'domain.circle.radius', label: 'Circle radius', unit: 'm', kind: 'number', group: 'domain',
    hint: 'only the sizes of the domain kind chosen above are used (the others are greyed out)', enabledWhen: { key: DOMAIN_KIND, values: ['circle'] },
  },
  { key: 'count', path: 'generate.count', label: 'Number of discs', unit: '1', kind: 'number', group: 'discs' },
  { key: 'radius', path: 'generate.radius', label: 'Radius r', unit: 'm', kind: 'number', group: 'discs' },
  { key: 'mass', path: 'generate.mass', label: 'Mass m', unit: 'kg', kind: 'number', group: 'discs' },
  { key: 'observerMass', path: 'generate.observerMass', label: 'Observer mass m_o', unit: 'kg', kind: 'number', group: 'discs' },
  {
    key: 'observerAlpha', path: 'generate.observerAlpha', label: 'Observer at α r, α', unit: '1', kind: 'number', group: 'discs',
    hint: 'distance of the observer from the centre, in radii',
  },
  { key: 'speed', path: 'generate.speed', label: 'Initial speed', unit: 'm/s', kind: 'number', group: 'discs' },
  { key: 'spin', path: 'generate.spin', label: 'Initial spin (largest)', unit: 'rad/s', kind: 'number', group: 'discs' },
  { key: 'clearance', path: 'generate.clearance', label: 'Clearance between discs', unit: 'm', kind: 'number', group: 'discs' },
  {
    key: 'placement', path: 'generate.placement', label: 'Placement', unit: '', kind: 'select', group: 'discs',
    options: [['random', 'random'], ['lattice', 'square lattice']],
  },
  {
    key: 'inertiaFactor', path: 'inertiaFactor', label: 'Inertia factor f (I = f m r²)', unit: '1', kind: 'number', group: 'discs',
    hint: '0.5: a uniform disc',
  },
  { key: 'seed', path: 'seed', label: 'Random seed', unit: '1', kind: 'number', group: 'discs' },
  { key: 'youngModulus', path: 'material.youngModulus', label: "Young's modulus E", unit: 'Pa', kind: 'number', group: 'material' },
  { key: 'poissonRatio', path: 'material.poissonRatio', label: 'Poisson ratio ν', unit: '1', kind: 'number', group: 'material' },
  {
    key: 'law', path: 'contact.law', label: 'Contact law', unit: '', kind: 'select', group: 'contact',
    options: [['hunt-crossley', 'Hunt–Crossley'], ['lankarani-nikravesh', 'Lankarani–Nikravesh'], ['flores', 'Flores'], ['gonthier', 'Gonthier']],
  },
  {
    key: 'cTau', path: 'contact.cTau', label: 'c_τ', unit: '1', kind: 'number', group: 'contact',
    hint: '1: elastic (Hunt–Crossley); used while the target restitution is blank',
    enabledWhen: { key: 'restitution', blank: true },
  },
  {
    key: 'restitution', path: 'contact.restitution', label: 'Target restitution e', unit: '1', kind: 'optional-number',
    group: 'contact', hint: 'blank: the damping follows from c_τ',
  },
  {
    key: 'penetration', path: 'contact.penetration', label: 'Penetration ρ', unit: '', kind: 'select', group: 'contact',
    options: [['total', 'total overlap r₁ + r₂ − d'], ['half', 'half overlap (notebooks)']],
  },
  {
    key: 'frictionLaw', path: 'friction.law', label: 'Friction law', unit: '', kind: 'select', group: 'friction',
    options: [['coulomb', 'Coulomb (regularized)'], ['notebook', 'notebook: μ |F_n| × v_slip'], ['none', 'none']],
  },
  { key: 'mu', path: 'friction.mu', label: 'μ (disc–disc)', unit: '1', kind: 'number', group: 'friction' },
  { key: 'muWall', path: 'friction.muWall', label: 'μ_wall (disc–wall)', unit: '1', kind: 'number', group: 'friction' },
  { key: 'gravityX', path: 'gravity[0]', label: 'g_x', unit: 'm/s²', kind: 'number', group: 'forces', absent: '0' },
  { key: 'gravityY', path: 'gravity[1]', label: 'g_y', unit: 'm/s²', kind: 'number', group: 'forces', absent: '0' },
  {
    key: 'method', path: 'integrator.method', label: 'Method', unit: '', kind: 'select', group: 'integrator',
    options: [['dopri5', 'Dormand–Prince, adaptive'], ['rk4', 'RK4, fixed step']],
  },
  { key: 'relTol', path: 'integrator.relTol', label: 'Relative tolerance', unit: '1', kind: 'number', group: 'integrator' },
  { key: 'absTol', path: 'integrator.absTol', label: 'Absolute tolerance', unit: '1', kind: 'number', group: 'integrator' },
  {
    key: 'stepsPerContact', path: 'integrator.stepsPerContact', label: 'Steps per contact (RK4)', unit: '1', kind: 'number',
    group: 'integrator',
  },
  { key: 'interval', path: 'output.interval', label: 'Output interval', unit: 's', kind: 'number', group: 'output' },
  {
    key: 'duration', path: 'output.duration', label: 'Duration', unit: 's', kind: 'number', group: 'output',
    hint: '0: run until stopped',
  },
];

export type DomainKind = 'box' | 'circle' | 'open';

export function domainKind(scenario: JsonObject): DomainKind {
  const domain = scenario['domain'];
  if (isJsonObject(domain)) {
    if (isJsonObject(domain['circle'])) return 'circle';
    if (domain['open'] === true) return 'open';
  }
  return 'box';
}

function num(value: JsonValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function softFormFromScenario(scenario: JsonObject): FormValues {
  const values: FormValues = {};
  const kind = domainKind(scenario);
  for (const field of SOFT_FIELDS) {
    if (field.key === DOMAIN_KIND) continue;
    values[field.key] = fieldFromJson(field, getPath(scenario, field.path));
  }
  values[DOMAIN_KIND] = kind;
  // the sizes of the other domain kind, derived, so switching kind gives a sensible start
  const w = num(getPath(scenario, 'domain.box.width'));
  const h = num(getPath(scenario, 'domain.box.height'));
  const r = num(getPath(scenario, 'domain.circle.radius'));
  if (kind === 'box' && w !== null && h !== null) values['circleRadius'] = String(Math.min(w, h) / 2);
  if (kind === 'circle' && r !== null) {
    values['boxWidth'] = String(2 * r);
    values['boxHeight'] = String(2 * r);
  }
  return values;
}

/** explicit discs: the generator fields do not apply */
export function softFieldApplies(field: FieldSpec, base: JsonObject): boolean {
  return !(Array.isArray(base['discs']) && field.path.startsWith('generate.'));
}

function fieldValue(field: FieldSpec, values: FormValues): JsonValue | undefined {
  const value = values[field.key];
  if (value === undefined) return undefined;
  if (field.kind === 'select') return String(value);
  if (field.kind === 'checkbox') return value === true;
  return parseNumberField(String(value), field.kind === 'optional-number');
}

export function softScenarioFromForm(base: JsonObject, values: FormValues): JsonObject {
  const scenario = cloneJson(base);
  const byKey = new Map(SOFT_FIELDS.map((f) => [f.key, f] as const));
  const read = (key: string): JsonValue => {
    const field = byKey.get(key);
    const value = field ? fieldValue(field, values) : undefined;
    return value === undefined ? '' : value;
  };
  const kind = values[DOMAIN_KIND];
  if (kind === 'circle') scenario['domain'] = { circle: { radius: read('circleRadius') } };
  else if (kind === 'open') scenario['domain'] = { open: true };
  else scenario['domain'] = { box: { width: read('boxWidth'), height: read('boxHeight') } };
  for (const field of SOFT_FIELDS) {
    if (field.path === 'domain' || field.path.startsWith('domain.')) continue;
    if (!softFieldApplies(field, base)) continue;
    const value = fieldValue(field, values);
    if (value !== undefined) setPath(scenario, field.path, value);
  }
  return scenario;
}

export const SOFT_FORM: FormModel = {
  fields: SOFT_FIELDS,
  groupTitles: SOFT_GROUP_TITLES,
  fromScenario: softFormFromScenario,
  toScenario: softScenarioFromForm,
  applies: softFieldApplies,
  notes: (base) =>
    Array.isArray(base['discs']) ? ['This scenario lists its discs explicitly: edit them in the scenario JSON.'] : [],
  jsonHelp:
    'Edit or paste any soft-disc scenario ("engine": "soft"; explicit discs with observers, persistentSpeed, slipSpeed; format: docs/scenario-format.md, "Soft discs"). SI units.',
};
