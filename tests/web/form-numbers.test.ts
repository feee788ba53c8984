import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../web/src/sim/scenario';
import { AVALANCHE_FORM } from '../../web/src/avalanche/avalanche-form';
import { COMPARE_FORM } from '../../web/src/compare/compare-form';
import { SOFT_FORM } from '../../web/src/soft/soft-form';
import {
  EDITED_SUFFIX, fitText, GAS_FORM, markEdited, NAME_LIMIT, NOTES_LIMIT, parseNumberField, putBack, sameScenario,
} from '../../web/src/ui/scenario-form';

const utf8 = (s: string): number => new TextEncoder().encode(s).length;

describe('form number fields read plain decimals only (the chain page rule)', () => {
  it('reads plain decimals, with a sign, a point, an exponent, and spaces around them', () => {
    expect(parseNumberField('16', false)).toBe(16);
    expect(parseNumberField(' -2.5e-3 ', false)).toBe(-2.5e-3);
    expect(parseNumberField('+.5', false)).toBe(0.5);
    expect(parseNumberField('5.', false)).toBe(5);
    expect(parseNumberField('1E6', false)).toBe(1e6);
  });
  it('keeps hex, binary, octal, Infinity, separators and overflow as the text typed', () => {
    for (const text of ['0x10', '0X1', '0b101', '0o17', 'Infinity', '-Infinity', 'NaN', '1_000', '1e400', '1 000', '0x8'])
      expect(parseNumberField(text, false)).toBe(text);
    expect(parseNumberField('  0x10 ', true)).toBe('0x10');
  });
  it('blank: null when optional, empty text otherwise', () => {
    expect(parseNumberField('  ', true)).toBeNull();
    expect(parseNumberField('', false)).toBe('');
  });
  it('every family writes "0x…" as the text typed, so the validator names it at its own field', () => {
    const gas = GAS_FORM.toScenario({ schema: 1, generate: { count: 4 } }, { ...GAS_FORM.fromScenario({ schema: 1, generate: { count: 4 } }), count: '0x10' });
    expect((gas['generate'] as JsonObject)['count']).toBe('0x10');
    const softBase: JsonObject = { schema: 1, engine: 'soft', generate: { count: 4 } };
    const soft = SOFT_FORM.toScenario(softBase, { ...SOFT_FORM.fromScenario(softBase), count: '0x8' });
    expect((soft['generate'] as JsonObject)['count']).toBe('0x8');
    const avalancheBase: JsonObject = { schema: 1, engine: 'avalanche', grains: { rmin: 0.004, rmax: 0.006 } };
    const avalanche = AVALANCHE_FORM.toScenario(avalancheBase, { ...AVALANCHE_FORM.fromScenario(avalancheBase), rmax: '0x1' });
    expect((avalanche['grains'] as JsonObject)['rmax']).toBe('0x1');
    expect((avalanche['grains'] as JsonObject)['rmin']).toBe(0.004);
    const compareBase: JsonObject = { schema: 1, engine: 'compare', restitution: 0.5, setup: { kind: 'row' } };
    const compare = COMPARE_FORM.toScenario(compareBase, { ...COMPARE_FORM.fromScenario(compareBase), restitution: '0x1' });
    expect(compare['restitution']).toBe('0x1');
  });
});

describe('the form’s own additions keep the name and notes within their limits', () => {
  const base = (name: string, notes: string): JsonObject => ({ schema: 1, name, notes, seed: 1 });
  const edit = (b: JsonObject): JsonObject => markEdited(b, { ...b, seed: 2 });

  it('fitText leaves text that fits and cuts what does not, with an ellipsis, in UTF-8 bytes', () => {
    expect(fitText('abc', 10)).toBe('abc');
    expect(fitText('abcdefghij', 8)).toBe('abcde…');
    expect(utf8(fitText('é'.repeat(10), 9))).toBeLessThanOrEqual(9);
    expect(fitText('😀😀😀', 8)).toBe('😀…');  // never half a surrogate pair
    expect(fitText('ab cdef', 6)).toBe('ab…');  // trailing space dropped before the ellipsis
    expect(fitText('abc', 2)).toBe('');
  });
  it('a short name and notes are marked as before', () => {
    const out = edit(base('Gas', 'Haff'));
    expect(out['name']).toBe('Gas (edited)');
    expect(out['notes']).toBe('Changed in the form; the description of “Gas” follows, with its values before the change. Haff');
    expect(edit(base('Gas', ''))['notes']).toBe('Changed in the form from “Gas”.');
  });
  it.each([192, 195, 200])('a name of %i characters stays within 200 with " (edited)"', (length) => {
    const name = 'N'.repeat(length);
    const out = edit(base(name, ''));
    const marked = out['name'] as string;
    expect(utf8(marked)).toBeLessThanOrEqual(NAME_LIMIT);
    expect(marked.endsWith(`…${EDITED_SUFFIX}`)).toBe(true);
    expect(marked.startsWith('N'.repeat(150))).toBe(true);
    expect(utf8(out['notes'] as string)).toBeLessThanOrEqual(NOTES_LIMIT);
    // marked once: a second edit leaves it alone
    expect(markEdited(out, { ...out, seed: 3 })['name']).toBe(marked);
  });
  it('a name of multi-byte characters is counted as the validator counts it (bytes)', () => {
    const out = edit(base('é'.repeat(100), ''));
    expect(utf8(out['name'] as string)).toBeLessThanOrEqual(NAME_LIMIT);
  });
  it.each([4900, 4950, 5000])('notes of %i characters stay within 5000 with the form’s sentence', (length) => {
    const notes = 'x'.repeat(length);
    const out = edit(base('N'.repeat(200), notes));
    const marked = out['notes'] as string;
    expect(utf8(marked)).toBeLessThanOrEqual(NOTES_LIMIT);
    expect(marked.startsWith('Changed in the form; the description of “')).toBe(true);
    expect(marked.endsWith('x…')).toBe(true);
  });
});

describe('values put back by hand give the scenario they came from', () => {
  const preset: JsonObject = {
    name: 'Cooling gas', notes: 'r = 0.9', engine: 'event', box: { width: 1, height: 1 }, restitution: 0.9, seed: 7,
  };
  const other: JsonObject = { ...preset, name: 'Elastic gas', notes: '', restitution: 1 };

  it('the content leaves out the name and the notes, and does not depend on key order', () => {
    const reordered: JsonObject = { seed: 7, restitution: 0.9, box: { height: 1, width: 1 }, engine: 'event', notes: 'x', name: 'y' };
    expect(sameScenario(reordered, preset, false)).toBe(true);
    expect(sameScenario({ ...preset, seed: 8 }, preset, false)).toBe(false);
    expect(sameScenario({ ...preset, box: { width: 1, height: 2 } }, preset, false)).toBe(false);
    // a key more, a key less, an object for an array
    expect(sameScenario({ ...preset, box: { width: 1, height: 1, depth: 1 } }, preset, false)).toBe(false);
    expect(sameScenario({ ...preset, box: { width: 1 } }, preset, false)).toBe(false);
    expect(sameScenario({ ...preset, list: { 0: 1 } }, { ...preset, list: [1] }, false)).toBe(false);
    expect(sameScenario({ ...preset, list: null }, { ...preset, list: [] }, false)).toBe(false);
    // an array's order is the data's: discs swapped are another scenario
    expect(sameScenario({ ...preset, list: [1, 2] }, { ...preset, list: [2, 1] }, false)).toBe(false);
    expect(sameScenario({ ...preset, list: [1, [2, { a: 3 }]] }, { ...preset, list: [1, [2, { a: 3 }]] }, false)).toBe(true);
  });

  it('sameScenario: the same data in another key order, with or without the wording', () => {
    const reordered: JsonObject = { seed: 7, restitution: 0.9, box: { height: 1, width: 1 }, engine: 'event', notes: 'r = 0.9', name: 'Cooling gas' };
    expect(sameScenario(reordered, preset, true)).toBe(true);
    expect(sameScenario({ ...reordered, name: 'Other' }, preset, true)).toBe(false);
    expect(sameScenario({ ...reordered, name: 'Other' }, preset, false)).toBe(true);
    // a text of the same length, another value: not the same
    expect(sameScenario({ ...reordered, seed: 8 }, preset, false)).toBe(false);
    expect(sameScenario({ ...preset, seed: 8 }, preset, false)).toBe(false);
  });

  it('an edit and then its undoing: the first candidate that runs the same, or null', () => {
    const edited = markEdited(preset, { ...preset, restitution: 0.5 });
    expect(edited['name']).toBe(`Cooling gas${EDITED_SUFFIX}`);
    // the form's values back at 0.9: the preset, its name and notes included
    expect(putBack({ ...edited, restitution: 0.9 }, [preset, other])).toBe(preset);
    expect(putBack({ ...edited, restitution: 1 }, [preset, other])).toBe(other);
    // still changed: nothing to give back
    expect(putBack(edited, [preset, other])).toBeNull();
    expect(putBack({ ...preset }, [])).toBeNull();
  });
});
