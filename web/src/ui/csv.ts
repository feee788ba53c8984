/** CSV text (RFC 4180: comma separated, CRLF, quoted when needed) and the download helpers every page uses. */

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

/** Offers `blob` as a file download named `filename` (browser only). */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // the download has started from the URL by now; a later revoke only frees the memory
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Offers CSV `text` as a file download (browser only). */
export function downloadCsv(filename: string, text: string): void {
  downloadBlob(filename, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
