/**
 * The entries of a list typed into a text field (pure): numbers separated by commas, semicolons
 * or whitespace. Whitespace alone never makes an entry ("1, 2" and "1  2" are two), but a comma or
 * semicolon with nothing before it ("1,,2", ",1", "1;") marks an entry that is missing, most likely
 * a value the user meant to type; it is kept as '' so that the caller can refuse it by position
 * (emptyEntryProblem) instead of quietly reading one value fewer.
 */

/** The entries of `text` in order; '' for an empty one. No entries for blank text. */
export function listEntries(text: string): string[] {
  const t = text.trim();
  if (t === '') return [];
  // at each place a comma/semicolon with the spaces around it is one separator, else a run of spaces
  return t.split(/\s*[,;]\s*|\s+/);
}

/** "masses: value 2 of 5 is empty: …" for the first empty entry, or null when there is none. */
export function emptyEntryProblem(entries: readonly string[], name: string): string | null {
  const i = entries.indexOf('');
  if (i < 0) return null;
  return `${name}: value ${i + 1} of ${entries.length} is empty: type the missing number, or remove the extra comma or semicolon`;
}
