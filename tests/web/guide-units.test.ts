// The page guides (docs/guides/*.md, shown under each page's header) name the form's parameters in
// bold with their units in parentheses: "**Time step h** (s)". A guide that gives another unit
// than the field beside it ("Tolerance (–)" next to the field "Tolerance (× mean R)") contradicts
// the page; these tests hold each bold field name's unit to the form's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AVALANCHE_FIELDS } from '../../web/src/avalanche/avalanche-form';
import { COMPARE_FIELDS } from '../../web/src/compare/compare-form';
import { SOFT_FIELDS } from '../../web/src/soft/soft-form';
import { FIELDS, type FieldSpec } from '../../web/src/ui/scenario-form';

const plain = (text: string): string => text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();

/**
 * The unit the guide gives a bold `label`: the first parenthesis after it, within its sentence or
 * list item (up to the next ';' or '. ' that ends it), cut at its first comma ("(–, 0: free
 * rolling)" -> "–"); null when the guide names the field without one or not at all.
 */
function guideUnit(guide: string, label: string): string | null {
  const at = guide.indexOf(`**${label}**`);
  if (at < 0) return null;
  const rest = guide.slice(at + label.length + 4);
  const end = rest.search(/;|\.\s|\n-|\n\d/);
  const span = end < 0 ? rest : rest.slice(0, end);
  const open = span.search(/\((?!\s*\*)/);
  if (open < 0) return null;
  // the parenthesis must follow the names (and "and" / commas between bold names), not a sentence
  if (!/^(\s*(,|and)?\s*\*\*[^*]+\*\*)*\s*$/.test(span.slice(0, open))) return null;
  const close = span.indexOf(')', open);
  return plain(span.slice(open + 1, close < 0 ? undefined : close).split(',')[0] ?? '');
}

function checked(family: string, fields: readonly FieldSpec[]): Array<[string, string, string | null]> {
  const guide = plain(readFileSync(new URL(`../../docs/guides/${family}.md`, import.meta.url), 'utf8'));
  return fields
    .filter((f) => f.kind === 'number' || f.kind === 'optional-number')
    .map((f) => [plain(f.label), plain(f.unit), guideUnit(guide, plain(f.label))] as [string, string, string | null])
    .filter(([, , unit]) => unit !== null);
}

describe('the guides give each parameter the unit of its field', () => {
  it('avalanche: every numeric field the guide names, with the form\'s unit (tolerance in × mean R, thresholds in m g R)', () => {
    const rows = checked('avalanche', AVALANCHE_FIELDS);
    // the guide names these fields with a unit; none may be dropped from the check unnoticed
    expect(rows.map(([label]) => label)).toEqual(expect.arrayContaining(['Time step h', 'Tolerance', 'Settled below', 'Stopped below', 'Areal density', 'Village at x']));
    for (const [label, unit, guide] of rows) expect(`${label} (${guide})`).toBe(`${label} (${unit})`);
  });

  it('three contact models: likewise', () => {
    const rows = checked('compare', COMPARE_FIELDS);
    expect(rows.map(([label]) => label)).toEqual(expect.arrayContaining(['Speed v0', "Soft: Young's modulus E", 'NSCD: time step h', 'Duration']));
    for (const [label, unit, guide] of rows) expect(`${label} (${guide})`).toBe(`${label} (${unit})`);
  });

  it('the gas and the soft discs: likewise', () => {
    for (const [family, fields, count] of [['gas', FIELDS, 11], ['soft', SOFT_FIELDS, 15]] as const) {
      const rows = checked(family, fields);
      expect(rows.length).toBe(count);
      for (const [label, unit, guide] of rows) expect(`${family}: ${label} (${guide})`).toBe(`${family}: ${label} (${unit})`);
    }
  });
});
