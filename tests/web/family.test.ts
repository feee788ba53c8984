import { describe, expect, it } from 'vitest';
import { familyPageUrl, scenarioFamilyOf, scenarioPageOf, wrongPageProblem } from '../../web/src/ui/family';
import { presetsOfFamily, presetsFromFiles } from '../../web/src/ui/presets';
import { parsePageParams } from '../../web/src/ui/url-params';
import { decodeScenario, encodeScenario } from '../../web/src/ui/share';
import { domainKind, SOFT_FIELDS, softFormFromScenario, softScenarioFromForm } from '../../web/src/soft/soft-form';
import type { JsonObject } from '../../web/src/sim/scenario';
import { expectFieldUnits } from './field-units';

describe('scenario families', () => {
  it("says where a scenario sent to another page's frame runs", () => {
    expect(wrongPageProblem('{"schema":1,"engine":"avalanche"}', 'gas')).toBe(
      'this is an avalanche scenario ("engine": "avalanche"), which runs in a frame of avalanche.html; this frame is index.html',
    );
    expect(wrongPageProblem('{"schema":1}', 'soft')).toBe('this is a hard-disc gas scenario, which runs in a frame of index.html; this frame is soft.html');
    expect(wrongPageProblem('{"schema":1,"engine":"soft"}', 'soft')).toBeNull();
    // a text that does not say (malformed, a mistyped engine) is left to the validator
    expect(wrongPageProblem('{"schema":1,"engine":"sof"}', 'gas')).toBeNull();
    expect(wrongPageProblem('not json', 'gas')).toBeNull();
  });

  it('tells soft from gas scenarios as the engine does', () => {
    expect(scenarioFamilyOf('{"schema":1,"engine":"soft"}')).toBe('soft');
    expect(scenarioFamilyOf('{"schema":1,"engine":"avalanche"}')).toBe('avalanche');
    expect(scenarioFamilyOf('{"schema":1,"engine":"nscd"}')).toBe('gas');
    expect(scenarioFamilyOf('{"schema":1}')).toBe('gas');
    expect(scenarioFamilyOf('{"engine":"event"}')).toBe('gas');
    expect(scenarioFamilyOf('{bad')).toBe('gas');
    expect(scenarioFamilyOf('[1]')).toBe('gas');
  });

  it('names the page a text belongs to, or none when it does not say (then it stays where it was given)', () => {
    expect(scenarioPageOf('{"engine":"soft"}')).toBe('soft');
    expect(scenarioPageOf('{"engine":"compare"}')).toBe('compare');
    expect(scenarioPageOf('{"schema":1}')).toBe('gas');
    expect(scenarioPageOf('{"engine":"event"}')).toBe('gas');
    expect(scenarioPageOf('{"kind":"chain-lab","time":{"e":0.3}}')).toBe('chain');
    // malformed, not an object, or an engine no page runs: no page
    expect(scenarioPageOf('{"engine":"soft"')).toBeNull();
    expect(scenarioPageOf('')).toBeNull();
    expect(scenarioPageOf('[1,2,3]')).toBeNull();
    expect(scenarioPageOf('null')).toBeNull();
    expect(scenarioPageOf('{"engine":"sof"}')).toBeNull();
    expect(scenarioPageOf('{"engine":5}')).toBeNull();
    // a kind that is not the chain lab's is not taken for a gas scenario (it has no engine)
    expect(scenarioPageOf('{"kind":"xyz"}')).toBeNull();
    expect(scenarioPageOf('{"kind":"chain-lab-2","engine":"soft"}')).toBeNull();
    expect(familyPageUrl('http://h/a/?x=1#s=q', 'chain')).toBe('http://h/a/chain.html?x=1#s=q');
  });

  it('routes a share link to the other page, keeping query and fragment, under any sub-path', () => {
    const gas = 'http://h/courses/granular-lab/?until=1#s=abc';
    expect(familyPageUrl(gas, 'soft')).toBe('http://h/courses/granular-lab/soft.html?until=1#s=abc');
    expect(familyPageUrl('http://h/courses/granular-lab/index.html#s=x', 'soft')).toBe('http://h/courses/granular-lab/soft.html#s=x');
    expect(familyPageUrl('http://h/courses/granular-lab/soft.html?embed=1#s=x', 'gas')).toBe('http://h/courses/granular-lab/?embed=1#s=x');
    expect(familyPageUrl('http://h/a/soft.html#old', 'gas', '#s=new')).toBe('http://h/a/#s=new');
  });

  it('a soft scenario survives the share codec and is recognized after decoding', async () => {
    const json = '{"schema":1,"engine":"soft","discs":[{"x":1,"y":2}]}';
    const decoded = await decodeScenario(await encodeScenario(json));
    expect(scenarioFamilyOf(decoded)).toBe('soft');
  });

  it('splits the presets by family, each with its own default first', () => {
    const files = {
      '/scenarios/gas-cooling.json': '{"schema":1,"name":"Gas cooling"}',
      '/scenarios/a-gas.json': '{"schema":1,"name":"A gas"}',
      '/scenarios/soft-box.json': '{"schema":1,"engine":"soft","name":"Soft box"}',
      '/scenarios/soft-a.json': '{"schema":1,"engine":"soft","name":"A soft"}',
    };
    expect(presetsOfFamily(files, 'gas').map((p) => p.id)).toEqual(['gas-cooling', 'a-gas']);
    expect(presetsOfFamily(files, 'soft').map((p) => p.id)).toEqual(['soft-box', 'soft-a']);
    expect(presetsFromFiles(files).find((p) => p.id === 'soft-box')?.family).toBe('soft');
  });

  it('reads the soft page plot kinds from ?plot=', () => {
    const kinds = ['ledger', 'hysteresis', 'coordinate'] as const;
    expect(parsePageParams('?embed=1&plot=hysteresis', '', kinds).plot).toBe('hysteresis');
    expect(parsePageParams('?embed=1&plot=energy', '', kinds).plot).toBeNull();
    expect(parsePageParams('?plot=energy', '').plot).toBe('energy');
  });
});

describe('soft scenario form', () => {
  const box: JsonObject = {
    schema: 1, engine: 'soft', seed: 7, domain: { box: { width: 11, height: 11 } },
    generate: { count: 4, radius: 1, observerMass: 0.1 }, contact: { law: 'hunt-crossley', cTau: 0.9, restitution: null },
    gravity: [0, -9.81], notes: 'kept',
  };

  it('has a unit on every number field, none on a select', () => {
    expectFieldUnits(SOFT_FIELDS);
  });

  it('fills the fields, with the other domain kind derived', () => {
    const v = softFormFromScenario(box);
    expect(v['domainKind']).toBe('box');
    expect(v['boxWidth']).toBe('11');
    expect(v['circleRadius']).toBe('5.5');
    expect(v['gravityY']).toBe('-9.81');
    expect(v['restitution']).toBe('');
    expect(v['count']).toBe('4');
  });

  it('writes the domain of the chosen kind, gravity as a pair, blank restitution as null; keeps the rest', () => {
    const v = softFormFromScenario(box);
    const circle = softScenarioFromForm(box, { ...v, domainKind: 'circle', circleRadius: '5', gravityX: '1', restitution: '' });
    expect(circle['domain']).toEqual({ circle: { radius: 5 } });
    expect(domainKind(circle)).toBe('circle');
    expect(circle['gravity']).toEqual([1, -9.81]);
    expect((circle['contact'] as JsonObject)['restitution']).toBeNull();
    expect(circle['notes']).toBe('kept');
    const bad = softScenarioFromForm(box, { ...v, radius: 'abc', restitution: '0.8' });
    expect((bad['generate'] as JsonObject)['radius']).toBe('abc');
    expect((bad['contact'] as JsonObject)['restitution']).toBe(0.8);
    const open = softScenarioFromForm(box, { ...v, domainKind: 'open' });
    expect(open['domain']).toEqual({ open: true });
  });

  it('leaves explicit discs alone (no generate block appears)', () => {
    const explicit: JsonObject = { schema: 1, engine: 'soft', discs: [{ x: 1, y: 1 }], domain: { box: { width: 4, height: 4 } } };
    const out = softScenarioFromForm(explicit, softFormFromScenario(explicit));
    expect(out['generate']).toBeUndefined();
    expect(out['discs']).toEqual([{ x: 1, y: 1 }]);
  });
});
