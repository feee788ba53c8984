/** CSV text (RFC 4180: comma separated, CRLF, quoted when needed) and a download helper. */

export type CsvCell = number | string | boolean | null;

/** One cell: numbers in full precision (shortest round-trip form), text quoted when it must be. */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  const text = String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table: a header row (quantities with units, e.g. "t (s)") and rows of cells. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The same from columns of equal length (missing cells are empty). */
export function columnsToCsv(header: readonly string[], columns: ReadonlyArray<ArrayLike<CsvCell>>): string {
  const length = columns.reduce((n, c) => Math.max(n, c.length), 0);
  const rows: CsvCell[][] = [];
  for (let i = 0; i < length; i++) rows.push(columns.map((c) => (i < c.length ? (c[i] ?? null) : null)));
  return toCsv(header, rows);
}

/** Offers `text` as a file download (browser only). */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
