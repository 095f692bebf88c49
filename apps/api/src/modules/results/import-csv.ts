/**
 * The console's import of past results (issue 31 item 4, decision 032): a market's CSV, parsed here, judged
 * by `judgeRow` and recorded by `recordJudged` (import.ts), so a preview and the import that follows it use
 * one set of checks and cannot disagree. Export writes the same format, so an export imports back unchanged.
 */
import type { ImportLine, ImportResponse } from '@gama/core/endpoints/results/index';
import { resultMessages } from '@gama/core/endpoints/results/index';
import { addDays, isIsoDate, isoDateFromParts } from '@gama/core/rules/dates';
import { marketDayAt } from '@gama/core/rules/schedule';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Market } from '../markets/repository.ts';
import { marketById } from '../markets/repository.ts';
import type { ImportOutcome, ImportRow, Judgement } from './import.ts';
import { judgeRow, recordJudged } from './import.ts';

export const csvMessages = {
  columns: (format: string) => `Expected ${format}`,
  date: 'Date must be YYYY-MM-DD or DD-MM-YYYY',
} as const;

type Format = ImportResponse['format'];
const formatOf = (market: Market): Format => (market.grp === 'main' ? 'date,open,close' : 'date,result');

/** DD-MM-YYYY (or with slashes), as old charts write it, to YYYY-MM-DD; anything else is left for the judge. */
function isoFrom(text: string): string {
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  if (!dmy) return text;
  return isoDateFromParts(Number(dmy[3]), Number(dmy[2]), Number(dmy[1])) ?? text;
}

type Parsed =
  | { line: number; text: string; row: ImportRow }
  | { line: number; text: string; date: string | null; msg: string };

function parse(market: Market, csv: string): Parsed[] {
  const format = formatOf(market);
  const parsed: Parsed[] = [];
  // An export starts with a byte-order mark, for spreadsheets.
  csv
    .replace(/^\uFEFF/, '')
    .split('\n')
    .forEach((raw, index) => {
      const text = raw.replace(/\r$/, '').trim();
      // A header (an export's, or the old system's) and blank lines are not results.
      if (text === '' || (index === 0 && /^"?date"?\s*,/i.test(text))) return;
      const cells = text.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
      const line = index + 1;
      const date = isoFrom(cells[0] ?? '');
      const wanted = format === 'date,open,close' ? [2, 3] : [2];
      if (!wanted.includes(cells.length)) {
        parsed.push({ line, text, date: null, msg: csvMessages.columns(format) });
        return;
      }
      if (!isIsoDate(date)) {
        parsed.push({ line, text, date: null, msg: csvMessages.date });
        return;
      }
      const value = (i: number) => (cells[i] ? cells[i] : undefined);
      const row: ImportRow =
        format === 'date,open,close'
          ? { market_id: market.id, date, open: value(1), close: value(2) }
          : { market_id: market.id, date, result: value(1) };
      parsed.push({ line, text, row });
    });
  return parsed;
}

/** One line's answer: refused if any half was, with the half named when a main market's row was split. */
function lineOf(
  p: { line: number; text: string; row: ImportRow },
  results: ReadonlyArray<Judgement | ImportOutcome>,
): ImportLine {
  const refused = results.find((r) => r.state === 'refused');
  const base = { line: p.line, text: p.text, date: p.row.date };
  if (refused && refused.state === 'refused') {
    const which = refused.half === 'open' || refused.half === 'close' ? `${refused.half}: ` : '';
    return { ...base, state: 'refused', msg: which + refused.msg };
  }
  if (results.some((r) => r.state === 'recorded')) return { ...base, state: 'recorded', msg: null };
  if (results.some((r) => r.state === 'ok')) return { ...base, state: 'ok', msg: null };
  return { ...base, state: 'unchanged', msg: null };
}

/** Judges every line and, when `record` is set, records the good ones; nothing is written without it. */
export async function importCsv(
  deps: Deps,
  input: { market_id: number; csv: string },
  record: { operatorId: number } | null,
): Promise<ImportResponse> {
  const market = await marketById(deps.db, input.market_id);
  if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
  const parsed = parse(market, input.csv);
  const batch = new Map<string, string>();
  const judged = [];
  for (const p of parsed) judged.push('row' in p ? { p, judged: await judgeRow(deps, p.row, batch) } : { p });
  const lines: ImportLine[] = [];
  for (const j of judged) {
    const p = j.p;
    if (!('row' in p) || j.judged === undefined) {
      if (!('row' in p))
        lines.push({ line: p.line, text: p.text, date: p.date, state: 'refused', msg: p.msg });
      continue;
    }
    const results = record ? await recordJudged(deps, p.row, j.judged, record.operatorId) : j.judged;
    lines.push(lineOf(p, results));
  }
  const counts = { ok: 0, recorded: 0, unchanged: 0, refused: 0 };
  for (const l of lines) counts[l.state] += 1;
  return { status: true, market_id: market.id, format: formatOf(market), lines, counts };
}

/** A market's live results from `from` to `to` (default: the year up to today), in the import's columns. */
export async function exportRows(
  deps: Deps,
  query: { market_id: number; from?: string | undefined; to?: string | undefined },
): Promise<{ market: Market; columns: string[]; rows: Array<Record<string, string>> }> {
  const market = await marketById(deps.db, query.market_id);
  if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
  for (const d of [query.from, query.to])
    if (d !== undefined && !isIsoDate(d)) throw new AppError('RESULT_DATE_INVALID', resultMessages.badDate);
  const today = marketDayAt(market.schedule, deps.clock.now(), market.grp).date;
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -365);
  const { rows } = await deps.db.query<{ market_date: string; half: string; value: string }>(
    `SELECT to_char(market_date, 'YYYY-MM-DD') AS market_date, half, value FROM results
      WHERE market_id = $1 AND reverted_at IS NULL AND market_date BETWEEN $2::date AND $3::date
      ORDER BY market_date, half`,
    [market.id, from, to],
  );
  const byDay = new Map<string, Record<string, string>>();
  for (const r of rows) {
    const day = byDay.get(r.market_date) ?? { date: r.market_date };
    day[r.half === 'single' ? 'result' : r.half] = r.value;
    byDay.set(r.market_date, day);
  }
  const columns = market.grp === 'main' ? ['date', 'open', 'close'] : ['date', 'result'];
  return { market, columns, rows: [...byDay.values()] };
}
