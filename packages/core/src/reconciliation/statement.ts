/**
 * Bank and UPI statement exports (CSV) read into payment lines: the UTR, the credited amount in paise, the
 * date and the payer. Indian banks' business account exports differ in names and layout (a few lines about
 * the account before the header, "Credit" and "Debit" columns or one "Amount" with "Cr"/"Dr", the UTR in its
 * own column or only inside the narration), so columns are found by their header names, and the header is the
 * first of the opening lines that names both a reference (or narration) and an amount.
 */

import { parsePaiseText } from '../rules/money.ts';

/** A line of the file, counted from 1 as a text editor shows it (the header's line included). */
export interface StatementLine {
  line_no: number;
  /** The 12-digit UPI/IMPS reference found in the line, or null. */
  utr: string | null;
  /** The reference cell as written (or the narration when there is no reference column). */
  reference: string;
  /** Money in, in paise; null when the line is no credit (a debit, a blank amount). */
  amount_paise: number | null;
  /** `YYYY-MM-DD`, when the date cell could be read; day first, as Indian banks write it. */
  date: string | null;
  /** The date (and time) cell as written. */
  date_text: string;
  payer: string;
  /** Why the line is no payment line (a debit, no amount), or null. */
  skip: string | null;
}

export interface StatementColumns {
  reference: string | null;
  amount: string | null;
  credit: string | null;
  debit: string | null;
  direction: string | null;
  date: string | null;
  payer: string | null;
  narration: string | null;
  /** A payment app's status column (SUCCESS, FAILED…). */
  status: string | null;
}

export type StatementParse =
  | { ok: true; header_line: number; columns: StatementColumns; lines: StatementLine[] }
  | { ok: false; message: string };

/** The longest statement text accepted, in characters (about 13,000 lines of a typical export). */
export const STATEMENT_MAX_CHARS = 2_000_000;
export const STATEMENT_MAX_LINES = 20_000;
/** The header must be among the file's first lines (account details come before it). */
const HEADER_SEARCH_LINES = 40;

const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Header names each column goes by, most specific first. Compared after lower-casing and dropping punctuation. */
const NAMES: Record<keyof StatementColumns, readonly string[]> = {
  reference: [
    'utr',
    'utr no',
    'utr number',
    'utr ref no',
    'upi ref no',
    'upi reference no',
    'upi transaction id',
    'rrn',
    'rrn no',
    'reference no',
    'reference number',
    'ref no',
    'ref number',
    'txn ref',
    'txn ref no',
    'txn reference',
    'transaction reference',
    'transaction ref no',
    'bank reference no',
    'bank ref no',
    'chq ref no',
    'chq ref number',
    'cheque ref no',
    'ref no cheque no',
    'cheque no ref no',
    'chq no ref no',
    'transaction id',
  ],
  credit: [
    'credit',
    'credit amount',
    'credit amt',
    'credit inr',
    'credit amount inr',
    'cr amount',
    'cr amt',
    'cr',
    'deposit',
    'deposits',
    'deposit amt',
    'deposit amount',
    'deposit amount inr',
    'deposit amt inr',
    'amount credited',
  ],
  debit: [
    'debit',
    'debit amount',
    'debit amt',
    'debit inr',
    'dr amount',
    'dr amt',
    'dr',
    'withdrawal',
    'withdrawals',
    'withdrawal amt',
    'withdrawal amount',
    'withdrawal amount inr',
    'withdrawal amt inr',
    'amount debited',
  ],
  amount: ['amount', 'amount inr', 'amount rs', 'txn amount', 'transaction amount', 'amt'],
  direction: ['cr dr', 'dr cr', 'type', 'txn type', 'transaction type', 'debit credit', 'credit debit'],
  date: [
    'date',
    'txn date',
    'transaction date',
    'tran date',
    'value date',
    'value dt',
    'txn posted date',
    'posting date',
    'post date',
    'date time',
    'transaction date time',
  ],
  payer: [
    'payer',
    'payer name',
    'payer vpa',
    'remitter',
    'remitter name',
    'from',
    'sender',
    'sender name',
    'customer name',
  ],
  narration: [
    'description',
    'narration',
    'particulars',
    'remarks',
    'transaction remarks',
    'details',
    'transaction details',
    'transaction description',
  ],
  status: ['status', 'txn status', 'transaction status', 'payment status'],
};

/** Statuses of a payment that did not (or not yet) bring money in. */
const FAILED = /^(failed|failure|declined|rejected|pending|reversed|refunded|cancelled|canceled|expired)$/;

/** Splits CSV text into rows of cells (RFC 4180 quoting; `,`, `;` or tab as the file uses). */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const sample = body.slice(0, 4096);
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    sample.split(d).length > sample.split(best).length ? d : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (c === '\r' && body[i + 1] === '\n') i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function findColumns(header: readonly string[]): {
  columns: StatementColumns;
  index: Record<string, number>;
} {
  const names = header.map(norm);
  const used = new Set<number>();
  const columns = {} as StatementColumns;
  const index: Record<string, number> = {};
  // The most specific kinds first, so "Credit" is not taken as a plain amount nor "Cr/Dr" as a credit.
  const order: (keyof StatementColumns)[] = [
    'reference',
    'direction',
    'credit',
    'debit',
    'amount',
    'date',
    'payer',
    'narration',
    'status',
  ];
  for (const kind of order) {
    columns[kind] = null;
    for (const wanted of NAMES[kind]) {
      const at = names.findIndex((n, i) => !used.has(i) && n === wanted);
      if (at >= 0) {
        used.add(at);
        columns[kind] = header[at]?.trim() ?? null;
        index[kind] = at;
        break;
      }
    }
  }
  return { columns, index };
}

/** Rupees as a bank writes them (`1,00,000.50`, `₹ 500`, `500.00 Cr`, `(500)`) in paise, or null. */
export function parseRupees(
  text: string,
): { paise: number; negative: boolean; side: 'cr' | 'dr' | null } | null {
  let t = text.trim().replace(/^(rs\.?|inr|₹)\s*/i, '');
  let side: 'cr' | 'dr' | null = null;
  const suffix = /\s*\(?(cr|dr)\)?\.?$/i.exec(t);
  if (suffix) {
    side = (suffix[1] as string).toLowerCase() as 'cr' | 'dr';
    t = t.slice(0, suffix.index).trim();
  }
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith('-')) {
    negative = true;
    t = t.slice(1);
  } else if (t.startsWith('+')) t = t.slice(1);
  t = t.replace(/,/g, '').trim();
  // The sign was read above: what is left is digits, with at most two after a point.
  if (!/^\d/.test(t)) return null;
  const paise = parsePaiseText(t);
  if (paise === null) return null;
  return { paise, negative, side };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date as Indian exports write it (day first), to `YYYY-MM-DD`; null when it cannot be read. */
export function parseStatementDate(text: string): string | null {
  const t = text.trim().toLowerCase();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(t);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/.exec(t))) {
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})[\s/-]([a-z]{3})[a-z]*[\s/,-]+(\d{2}|\d{4})\b/.exec(t))) {
    [d, m, y] = [Number(match[1]), MONTHS.indexOf(match[2] as string) + 1, Number(match[3])];
  } else return null;
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The 12-digit UPI reference in a cell: the cell itself, or a run of exactly 12 digits inside a narration. */
export function findUtr(text: string): string | null {
  const t = text.trim();
  // Some banks pad the reference with zeros to 16 digits.
  const padded = /^0*(\d{12})$/.exec(t);
  if (padded) return padded[1] as string;
  const inside = /(?<!\d)(\d{12})(?!\d)/.exec(t);
  return inside ? (inside[1] as string) : null;
}

const cellAt = (row: readonly string[], at: number | undefined) =>
  at === undefined ? '' : (row[at] ?? '').trim();

export function parseStatement(text: string): StatementParse {
  const rows = parseCsv(text);
  const headerAt = rows.slice(0, HEADER_SEARCH_LINES).findIndex((row) => {
    const { index } = findColumns(row);
    const money = index.amount !== undefined || index.credit !== undefined;
    return money && (index.reference !== undefined || index.narration !== undefined);
  });
  if (headerAt < 0) {
    return {
      ok: false,
      message:
        'No header line found: the file needs a reference column (UTR, Reference No, Txn Ref…) or a narration, and an amount column (Amount, Credit, Cr Amount…)',
    };
  }
  const { columns, index } = findColumns(rows[headerAt] as string[]);
  if (rows.length - headerAt - 1 > STATEMENT_MAX_LINES) {
    return {
      ok: false,
      message: `A statement may have at most ${STATEMENT_MAX_LINES.toLocaleString('en-IN')} lines`,
    };
  }
  const lines: StatementLine[] = [];
  // Line numbers follow the parsed rows; a quoted cell with a line break counts as one line, as banks' files
  // practically never have one.
  for (let r = headerAt + 1; r < rows.length; r++) {
    const row = rows[r] as string[];
    if (row.every((c) => c.trim() === '')) continue;
    const reference = cellAt(row, index.reference ?? index.narration);
    const narration = cellAt(row, index.narration);
    const utr =
      findUtr(cellAt(row, index.reference)) ?? (index.narration !== undefined ? findUtr(narration) : null);
    const dateText = cellAt(row, index.date);
    let amount: number | null = null;
    let skip: string | null = null;
    const status = norm(cellAt(row, index.status));
    if (FAILED.test(status)) skip = 'Not a completed payment';
    else if (index.credit !== undefined) {
      const credit = parseRupees(cellAt(row, index.credit));
      if (credit && credit.paise > 0 && !credit.negative) amount = credit.paise;
      else skip = cellAt(row, index.debit) !== '' ? 'A debit, not a payment in' : 'No credit amount';
    } else {
      const parsed = parseRupees(cellAt(row, index.amount));
      const direction = norm(cellAt(row, index.direction));
      const debit = parsed?.side === 'dr' || parsed?.negative === true || /^(dr|debit|d)$/.test(direction);
      if (!parsed || parsed.paise === 0) skip = 'No amount';
      else if (debit) skip = 'A debit, not a payment in';
      else amount = parsed.paise;
    }
    lines.push({
      line_no: r + 1,
      utr,
      reference,
      amount_paise: amount,
      date: dateText === '' ? null : parseStatementDate(dateText),
      date_text: dateText,
      payer: cellAt(row, index.payer) || narration,
      skip,
    });
  }
  if (lines.length === 0) return { ok: false, message: 'The statement has a header but no lines' };
  return { ok: true, header_line: headerAt + 1, columns, lines };
}
