/** Which validation error goes next to which form field (pure). */
import type { ValidationError } from '../sim/scenario';

export interface ErrorAssignment {
  /** field key -> its errors */
  byField: Map<string, ValidationError[]>;
  /** errors that belong to no field, in their original order */
  rest: ValidationError[];
  /**
   * field key -> the keys of the fields whose errors were moved to it (a field the user changed,
   * which the message names; see assignErrors' `changed`)
   */
  movedFrom: Map<string, string[]>;
}

/** Whether `text` names the scenario path `path` as a whole ("output.interval", not "output.intervals"). */
export function namesPath(text: string, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w.])${escaped}(?![\\w])`).test(text);
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
 *
 * `changed`: the keys of the fields the user changed. A refusal of two fields together is reported
 * at one of them ("nscd.timeStep = 0.001: must not exceed output.interval = 0.0005 s"), which may be
 * the one left as it was: when its field is not among `changed` and its message names the path of
 * one that is, it goes to that one (the first in form order), where the user made the change.
 */
export function assignErrors(
  errors: readonly ValidationError[],
  fields: ReadonlyArray<{ key: string; path: string }>,
  changed: readonly string[] = [],
): ErrorAssignment {
  const byField = new Map<string, ValidationError[]>();
  const rest: ValidationError[] = [];
  const movedFrom = new Map<string, string[]>();
  for (const error of errors) {
    let best: { key: string; path: string } | null = null;
    for (const field of fields) {
      if (pathWithin(error.path, field.path) && (best === null || field.path.length > best.path.length)) best = field;
    }
    best ??= fields.find((field) => pathWithin(field.path, error.path)) ?? null;
    if (best !== null && !changed.includes(best.key)) {
      const from = best.key;
      const named = fields.find((field) => changed.includes(field.key) && namesPath(error.message, field.path));
      if (named) {
        best = named;
        const list = movedFrom.get(named.key) ?? [];
        if (!list.includes(from)) list.push(from);
        movedFrom.set(named.key, list);
      }
    }
    if (best === null) {
      rest.push(error);
    } else {
      const list = byField.get(best.key);
      if (list) list.push(error);
      else byField.set(best.key, [error]);
    }
  }
  return { byField, rest, movedFrom };
}
