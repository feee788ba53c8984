/**
 * The cells of one CSV line as a reader parses them (RFC 4180: a quoted cell may hold commas and
 * doubled quotes), for tests that read a CSV by its headers: the headers of values name their run,
 * its engine and version, with commas in them, so a split on commas shifts every later column.
 */
export function csvCells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    if (quoted) {
      if (ch === '"' && line[k + 1] === '"') {
        cell += '"';
        k++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out;
}
