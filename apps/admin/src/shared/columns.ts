import type { Column } from '../components/DataTable.tsx';
import { formatDateTime } from '../lib/format.ts';

/**
 * A moment of a row (when it was made, last seen, decided): shown in the console's date and time, exported as
 * the answer's ISO text so a spreadsheet reads it exactly.
 */
export function timeColumn<R>(
  id: string,
  header: string,
  at: (row: R) => string | null,
  sort?: string,
): Column<R> {
  return { id, header, sort, cell: (row) => formatDateTime(at(row)), csv: at };
}
