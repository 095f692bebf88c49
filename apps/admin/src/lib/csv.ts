import { saveFile } from '@gama/ui/save-file';

/** CSV the way spreadsheets read it: every field quoted when needed, CRLF line ends, a BOM for Excel. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  const line = (cells: ReadonlyArray<string | number | null>) => cells.map(cell).join(',');
  return `\uFEFF${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A cell starting with = + - @ is a formula to a spreadsheet; a quote in front keeps it text.
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Saves text as a file through a temporary link (no server round trip for what is already on screen). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile({ filename, blob: new Blob([text], { type }) });
}
