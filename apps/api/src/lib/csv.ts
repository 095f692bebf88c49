/**
 * CSV as spreadsheets read it (RFC 4180): a header line of column names, CRLF line ends, a cell quoted when it
 * holds a comma, a quote, a line break or edge spaces, and a UTF-8 byte order mark so Excel reads names in any
 * script. A text cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR first) gets a
 * leading apostrophe: player names are typed by players. Negative amounts (`-12.50`) stay numbers.
 */
const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
