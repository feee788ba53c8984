/** Which validation error goes next to which form field (pure). */
import type { ValidationError } from '../sim/scenario';

export interface ErrorAssignment {
  /** field key -> its errors */
  byField: Map<string, ValidationError[]>;
  /** errors that belong to no field, in their original order */
  rest: ValidationError[];
}

/** True when `errorPath` is `fieldPath` or lies inside it ("discs[3].radius" is inside "discs"). */
export function pathWithin(errorPath: string, fieldPath: string): boolean {
  if (errorPath === fieldPath) return true;
  if (!errorPath.startsWith(fieldPath)) return false;
  const next = errorPath.charAt(fieldPath.length);
  return next === '.' || next === '[';
}

/**
 * Assigns every error to the field with the longest path that contains it (path-prefix match).
 * An error about a group of fields ("column" = width x height holds too many grains) goes to the
 * group's first field in form order, where the reader sees it beside the values to change; the
 * others go to `rest`.
 */
export function assignErrors(
  errors: readonly ValidationError[],
  fields: ReadonlyArray<{ key: string; path: string }>,
): ErrorAssignment {
  const byField = new Map<string, ValidationError[]>();
  const rest: ValidationError[] = [];
  for (const error of errors) {
    let best: { key: string; path: string } | null = null;
    for (const field of fields) {
      if (pathWithin(error.path, field.path) && (best === null || field.path.length > best.path.length)) best = field;
    }
    best ??= fields.find((field) => pathWithin(field.path, error.path)) ?? null;
    if (best === null) {
      rest.push(error);
    } else {
      const list = byField.get(best.key);
      if (list) list.push(error);
      else byField.set(best.key, [error]);
    }
  }
  return { byField, rest };
}
