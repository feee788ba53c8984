/** Shared by the forms' tests: a number field shows its unit ("1" for a pure number); a select or checkbox shows none. */
import { expect } from 'vitest';
import type { FieldSpec } from '../../web/src/ui/scenario-form';

export function expectFieldUnits(fields: readonly FieldSpec[]): void {
  for (const f of fields) {
    if (f.kind === 'select' || f.kind === 'checkbox') expect(f.unit, f.key).toBe('');
    else expect(f.unit, f.key).not.toBe('');
  }
}
