import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../web/src/sim/scenario';
import { assignErrors } from '../../web/src/ui/field-errors';
import {
  enabledBy, FIELDS, fieldApplies, formAvailability, formFromScenario, parseNumberField, scenarioFromForm,
} from '../../web/src/ui/scenario-form';
import { SOFT_FIELDS } from '../../web/src/soft/soft-form';
import { expectFieldUnits } from './field-units';

const normalized: JsonObject = {
  schema: 1,
  name: 'Gas cooling',
  notes: 'Haff',
  engine: 'event',
  seed: 7,
  domain: { box: { width: 2, height: 1 } },
  generate: {
    count: 400, radius: 0.01, radiusMax: null, areaFraction: null, density: 1, speed: 1,
    velocities: 'maxwell', placement: 'random',
  },
  restitution: 0.9,
  wallRestitution: null,
  gravity: [0, 0],
  collapse: { model: 'tc', tc: null },
  vibration: { enabled: false, wall: 0, amplitude: 0.005, frequency: 20 },
  output: { interval: 0.02, duration: 0, histogramBins: 40 },
};

describe('scenario form mapping', () => {
  it('every number field has a unit (a select or checkbox none), and a unique key and path', () => {
    expect(new Set(FIELDS.map((f) => f.key)).size).toBe(FIELDS.length);
    expect(new Set(FIELDS.map((f) => f.path)).size).toBe(FIELDS.length);
    expectFieldUnits(FIELDS);
  });

  it('form -> scenario -> form is the identity and keeps fields the form does not show', () => {
    const values = formFromScenario(normalized);
    expect(values['count']).toBe('400');
    expect(values['radiusMax']).toBe('');
    expect(values['tcModel']).toBe(true);
    expect(values['vibEnabled']).toBe(false);
    expect(values['placement']).toBe('random');
    expect(scenarioFromForm(normalized, values)).toEqual(normalized);
  });

  it('writes edited values as JSON numbers, booleans and strings', () => {
    const values = {
      ...formFromScenario(normalized),
      count: '1000', radius: '0.005', radiusMax: '0.008', boxWidth: '3', restitution: ' 0.75 ',
      tcModel: false, tc: '', vibEnabled: true, vibWall: '2', vibFrequency: '50', seed: '123', placement: 'lattice',
    };
    const s = scenarioFromForm(normalized, values);
    expect(s['generate']).toMatchObject({ count: 1000, radius: 0.005, radiusMax: 0.008, placement: 'lattice' });
    expect(s['domain']).toEqual({ box: { width: 3, height: 1 } });
    expect(s['restitution']).toBe(0.75);
    expect(s['collapse']).toEqual({ model: 'none', tc: null });
    expect(s['vibration']).toEqual({ enabled: true, wall: 2, amplitude: 0.005, frequency: 50 });
    expect(s['seed']).toBe(123);
    // the base is not modified
    expect(normalized['restitution']).toBe(0.9);
  });

  it('passes text that is not a number through, so the validator names the field', () => {
    expect(parseNumberField('-0.1', false)).toBe(-0.1);
    expect(parseNumberField('1e-3', false)).toBe(0.001);
    expect(parseNumberField('abc', false)).toBe('abc');
    expect(parseNumberField('', false)).toBe('');
    expect(parseNumberField('  ', true)).toBeNull();
    const s = scenarioFromForm(normalized, { ...formFromScenario(normalized), radius: 'ten' });
    expect((s['generate'] as JsonObject)['radius']).toBe('ten');
  });

  it('leaves explicit discs and polygons alone', () => {
    const explicit: JsonObject = {
      ...normalized,
      discs: [{ x: 0.5, y: 0.5, vx: 1, vy: 0, radius: 0.1 }],
      domain: { polygon: [[0, 0], [1, 0], [0.5, 1]] },
    };
    const availability = formAvailability(explicit);
    expect(availability).toEqual({ explicitDiscs: true, polygon: true });
    const radius = FIELDS.find((f) => f.key === 'radius');
    const restitution = FIELDS.find((f) => f.key === 'restitution');
    expect(radius && fieldApplies(radius, availability)).toBe(false);
    expect(restitution && fieldApplies(restitution, availability)).toBe(true);
    const s = scenarioFromForm(explicit, { ...formFromScenario(explicit), radius: '0.3', boxWidth: '9', restitution: '0.5' });
    expect(s['discs']).toEqual(explicit['discs']);
    expect(s['domain']).toEqual(explicit['domain']);
    expect(s['generate']).toEqual(normalized['generate']);
    expect(s['restitution']).toBe(0.5);
  });

  it('edits gravity as two numbers, shows 0 when the scenario has none, and names its errors', () => {
    const values = { ...formFromScenario(normalized), gravityY: '-9.81' };
    expect(formFromScenario(normalized)['gravityX']).toBe('0');
    const s = scenarioFromForm(normalized, values);
    expect(s['gravity']).toEqual([0, -9.81]);
    expect(formFromScenario(s)['gravityY']).toBe('-9.81');
    // a scenario written without gravity (the engine's default [0, 0]) shows 0 and gets the pair
    const { gravity: _omitted, ...withoutGravity } = normalized;
    expect(formFromScenario(withoutGravity)['gravityY']).toBe('0');
    expect(scenarioFromForm(withoutGravity, formFromScenario(withoutGravity))['gravity']).toEqual([0, 0]);
    // text goes to the validator, whose error lands on the field
    expect(scenarioFromForm(normalized, { ...values, gravityX: 'down' })['gravity']).toEqual(['down', -9.81]);
    const { byField } = assignErrors([{ path: 'gravity[0]', value: 'down', message: 'must be a number', text: '' }], FIELDS);
    expect([...byField.keys()]).toEqual(['gravityX']);
  });

  it('creates missing objects for a sparse base scenario', () => {
    const s = scenarioFromForm({ schema: 1 }, { boxWidth: '2', boxHeight: '1', interval: '0.1' });
    expect(s).toEqual({ schema: 1, domain: { box: { width: 2, height: 1 } }, output: { interval: 0.1 } });
  });
});

describe('fields used only with some values of another', () => {
  it('follow a select\'s choice, or a text field being blank', () => {
    expect(enabledBy({ key: 'domainKind', values: ['box'] }, 'box')).toBe(true);
    expect(enabledBy({ key: 'domainKind', values: ['box'] }, 'circle')).toBe(false);
    expect(enabledBy({ key: 'restitution', blank: true }, '')).toBe(true);
    expect(enabledBy({ key: 'restitution', blank: true }, '  ')).toBe(true);
    expect(enabledBy({ key: 'restitution', blank: true }, '0.8')).toBe(false);
  });

  it("the gas page's t_c follows the TC model's box, the vibrating wall's settings its box", () => {
    expect(enabledBy({ key: 'tcModel', checked: true }, true)).toBe(true);
    expect(enabledBy({ key: 'tcModel', checked: true }, false)).toBe(false);
    // a select or text rule is not met by a checkbox's state
    expect(enabledBy({ key: 'domainKind', values: ['box'] }, true)).toBe(false);
    const follows = (key: string): string | undefined => {
      const when = FIELDS.find((f) => f.key === key)?.enabledWhen;
      return when && 'checked' in when ? when.key : undefined;
    };
    expect(follows('tc')).toBe('tcModel');
    for (const key of ['vibWall', 'vibAmplitude', 'vibFrequency']) expect(follows(key)).toBe('vibEnabled');
    // the boxes they follow are checkboxes of the form
    for (const key of ['tcModel', 'vibEnabled']) expect(FIELDS.find((f) => f.key === key)?.kind).toBe('checkbox');
  });

  it("the gas page's radius gives way to an area fraction, which sizes the discs in the engine", () => {
    const radius = FIELDS.find((f) => f.key === 'radius');
    expect(radius?.enabledWhen).toEqual({ key: 'areaFraction', blank: true });
    expect(FIELDS.find((f) => f.key === 'areaFraction')?.kind).toBe('optional-number');
    // the value stays in the scenario while greyed out (the ratio to a largest radius is kept)
    const s = scenarioFromForm({ schema: 1, generate: { radius: 0.01, areaFraction: 0.05 } }, { radius: '0.01', areaFraction: '0.05' });
    expect(s).toEqual({ schema: 1, generate: { radius: 0.01, areaFraction: 0.05 } });
  });

  it('the soft page\'s c_τ gives way to a target restitution, as the engine does', () => {
    const cTau = SOFT_FIELDS.find((f) => f.key === 'cTau');
    expect(cTau?.enabledWhen).toEqual({ key: 'restitution', blank: true });
    expect(SOFT_FIELDS.some((f) => f.key === 'restitution')).toBe(true);
  });
});
