/**
 * The comparison scenario form (pure: no DOM): the set-up, the restitution every engine uses,
 * and each engine's own parameter, every field with its unit (docs/scenario-format.md,
 * "Comparison"). Fields a set-up does not use are ignored by it; their hints say which use them.
 */
import { getPath, type JsonValue } from '../sim/scenario';
import { plainFormModel, type FieldSpec, type FormModel } from '../ui/scenario-form';

export const COMPARE_GROUP_TITLES: Readonly<Record<string, string>> = {
  setup: 'Set-up (discs of 1 m, 1 kg)',
  contact: 'Contact',
  engines: 'Engines',
  output: 'Output',
};

/**
 * The set-up's own fields follow the set-up (enabledWhen): greyed out where it does not use them
 * (the row has no disc count, gravity, seed or TC model; the gas and the pile no gap), as their
 * hints say; a value stays in the scenario.
 */
export const COMPARE_FIELDS: readonly FieldSpec[] = [
  {
    key: 'kind', path: 'setup.kind', label: 'Set-up', unit: '', kind: 'select', group: 'setup',
    options: [
      ['head-on', 'head-on pair'],
      ['row', 'four-sphere row (C12)'],
      ['gas', 'small gas in a box'],
      ['pile', 'small pile under gravity'],
    ],
  },
  { key: 'speed', path: 'setup.speed', label: 'Speed v0', unit: 'm/s', kind: 'number', group: 'setup', hint: 'pair: closing speed; row: disc 1; gas: rms; pile: initial' },
  { key: 'gap', path: 'setup.gap', label: 'Gap between surfaces', unit: 'm', kind: 'number', group: 'setup', hint: 'pair and row; 0: touching (Newton’s cradle)', enabledWhen: { key: 'kind', values: ['head-on', 'row'] } },
  { key: 'count', path: 'setup.count', label: 'Number of discs', unit: '1', kind: 'number', group: 'setup', hint: 'gas and pile', enabledWhen: { key: 'kind', values: ['gas', 'pile'] } },
  { key: 'gravity', path: 'setup.gravity', label: 'Gravity g', unit: 'm/s²', kind: 'number', group: 'setup', hint: 'the pile only', enabledWhen: { key: 'kind', values: ['pile'] } },
  { key: 'seed', path: 'seed', label: 'Random seed', unit: '1', kind: 'number', group: 'setup', hint: 'gas and pile', enabledWhen: { key: 'kind', values: ['gas', 'pile'] } },
  { key: 'restitution', path: 'restitution', label: 'Restitution e', unit: '1', kind: 'number', group: 'contact', hint: '0 < e ≤ 1, every engine, discs and walls' },
  { key: 'youngModulus', path: 'soft.youngModulus', label: 'Soft: Young’s modulus E', unit: 'Pa', kind: 'number', group: 'engines', hint: 'stiffer: shorter contacts (about 6 ms at 1e7 Pa, 1 m/s)' },
  { key: 'timeStep', path: 'nscd.timeStep', label: 'NSCD: time step h', unit: 's', kind: 'number', group: 'engines' },
  { key: 'tc', path: 'event.tc', label: 'Event-driven: TC time t_c', unit: 's', kind: 'number', group: 'engines', hint: 'gas and pile; 0: off', enabledWhen: { key: 'kind', values: ['gas', 'pile'] } },
  { key: 'interval', path: 'output.interval', label: 'Output interval', unit: 's', kind: 'number', group: 'output' },
  { key: 'duration', path: 'output.duration', label: 'Duration', unit: 's', kind: 'number', group: 'output', hint: '0: the set-up’s own' },
];

const PLAIN_FORM = plainFormModel(
  COMPARE_FIELDS,
  COMPARE_GROUP_TITLES,
  'Edit or paste any comparison scenario ("engine": "compare"; format: docs/scenario-format.md, "Comparison"). SI units; every disc has diameter 1 m and mass 1 kg.',
);

/**
 * Every field is always editable (a set-up ignores those it does not use; each hint says which
 * use it). A form that changes the set-up also renames the scenario after it and drops the
 * preset's description: both described the old set-up, and would go on in the title, the
 * reproduce line under every plot, share links and file names.
 */
export const COMPARE_FORM: FormModel = {
  ...PLAIN_FORM,
  toScenario: (base, values) => {
    const scenario = PLAIN_FORM.toScenario(base, values);
    const kind = getPath(scenario, 'setup.kind');
    if (kind !== getPath(base, 'setup.kind')) {
      scenario['name'] = `${setupLabel(kind)}, three contact models`;
      delete scenario['notes'];
    }
    return scenario;
  },
};

/** a set-up's words in a scenario's name where the menu's are shortened to fit it */
const SETUP_NAMES: Readonly<Record<string, string>> = { row: 'four-sphere row (ARGESIM C12)' };

/** "Small gas in a box" for "gas": the set-up menu's words (or SETUP_NAMES'), capitalised; the value itself when unknown. */
export function setupLabel(kind: JsonValue | undefined): string {
  const label = (typeof kind === 'string' ? SETUP_NAMES[kind] : undefined)
    ?? COMPARE_FIELDS[0]?.options?.find(([value]) => value === kind)?.[1] ?? String(kind);
  return label.charAt(0).toUpperCase() + label.slice(1);
}
