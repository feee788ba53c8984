/**
 * List fields (ui/list-entries.ts, used by the chain page's custom row and the avalanche study's
 * aspect ratios): an empty entry between separators is a missing value, refused with the list's
 * name and the entry's position; whitespace alone never makes an entry.
 */
import { describe, expect, it } from 'vitest';
import { parseAspects } from '../../web/src/avalanche/study-cases';
import { parseList } from '../../web/src/chain/custom-row';
import { emptyEntryProblem, listEntries } from '../../web/src/ui/list-entries';

describe('listEntries', () => {
  it('separates at commas, semicolons and whitespace, whitespace around a comma being part of it', () => {
    expect(listEntries('1, 2')).toEqual(['1', '2']);
    expect(listEntries('1  2\t3\n4')).toEqual(['1', '2', '3', '4']);
    expect(listEntries(' 1 ;2 , 3 ')).toEqual(['1', '2', '3']);
    expect(listEntries('   ')).toEqual([]);
  });

  it('keeps an empty entry where two commas or semicolons meet or one stands at an end', () => {
    expect(listEntries('1,,2,3,4')).toEqual(['1', '', '2', '3', '4']);
    expect(listEntries('1 , ; 2')).toEqual(['1', '', '2']);
    expect(listEntries(',1')).toEqual(['', '1']);
    expect(listEntries('1, 2, ')).toEqual(['1', '2', '']);
    expect(emptyEntryProblem(['1', '2'], 'masses')).toBeNull();
  });
});

describe('the chain page custom row refuses an empty entry', () => {
  it('"1,,2,3,4" is not four values: the message names the list and the position', () => {
    const parsed = parseList('1,,2,3,4', 'mass', 4);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/^masses: value 2 of 5 is empty/);
  });

  it('a leading or trailing comma, and a semicolon pair, in each list', () => {
    const first = parseList(',1,0,0', 'velocity', 4);
    expect(first.ok ? '' : first.message).toMatch(/^initial velocities: value 1 of 4 is empty/);
    const last = parseList('1;1;', 'gap', 3);
    expect(last.ok ? '' : last.message).toMatch(/^gaps: value 3 of 3 is empty/);
    const pair = parseList('0.5;;0.5', 'restitution', 3);
    expect(pair.ok ? '' : pair.message).toMatch(/^restitution: value 2 of 3 is empty/);
    const one = parseList('2,', 'diameter', 4);
    expect(one.ok ? '' : one.message).toMatch(/^diameters: value 2 of 2 is empty/);
  });

  it('whitespace alone stays fine', () => {
    expect(parseList('1, 2, 3, 4', 'mass', 4)).toEqual({ ok: true, value: [1, 2, 3, 4] });
    expect(parseList(' 1  2 3   4 ', 'mass', 4)).toEqual({ ok: true, value: [1, 2, 3, 4] });
    expect(parseList('1 ,2 ;3, 4', 'mass', 4)).toEqual({ ok: true, value: [1, 2, 3, 4] });
    expect(parseList('0.5', 'restitution', 4)).toEqual({ ok: true, value: [0.5] });
  });
});

describe('the avalanche study refuses an empty aspect ratio', () => {
  it('names the list and the position', () => {
    const parsed = parseAspects('0.5,,1,2');
    expect('error' in parsed ? parsed.error : '').toMatch(/^aspect ratios: value 2 of 4 is empty/);
    const trailing = parseAspects('1; 2;');
    expect('error' in trailing ? trailing.error : '').toMatch(/^aspect ratios: value 3 of 3 is empty/);
    expect(parseAspects('0.5, 1 2  4;8')).toEqual({ aspects: [0.5, 1, 2, 4, 8] });
  });
});
