/**
 * What every report query shares: a read-only snapshot in the market time zone, numbered parameters, the bid
 * filters, and one statement that answers a page of aggregated rows together with the totals of all of them.
 */
import type { Database, Queryable } from '../../db/database.ts';

/** Parameters of one statement, numbered in the order they are added. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return `$${this.values.length}${cast === undefined ? '' : `::${cast}`}`;
  }
}

/**
 * Runs `fn` in one REPEATABLE READ, READ ONLY transaction whose TimeZone is the market zone: rows and totals come
 * from the same snapshot, and in SQL `date::timestamptz` is that day's local midnight and `timestamptz::date` the
 * local day, so a bid at 23:59 and one at 00:00 fall on their own days.
 */
export async function readInZone<T>(
  db: Database,
  timeZone: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // A month's bids group by hash in memory with room to spare; the default 4 MB sent them to sorts on disk.
    // Local to this read, and modest: PGlite's whole database lives in about 320 MB. No JIT: a month's plans cost
    // enough to trigger it, and compiling one took 3.3 s of the profit and loss report's 4.2 s (PostgreSQL 15).
    await tx.query(
      "SELECT set_config('TimeZone', $1, true), set_config('work_mem', '32MB', true), set_config('jit', 'off', true)",
      [timeZone],
    );
    return fn(tx);
  });
}

/** An instant as local time with its offset, `2026-11-20T23:59:00+05:30` (inside `readInZone`). */
export const localTime = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;

export interface DateRange {
  from: string;
  to: string;
}

/** The first instant of `from` and the first instant after `to`, as SQL over added parameters. */
export function instants(range: DateRange, p: Params): { start: string; end: string } {
  return {
    start: `${p.add(range.from)}::date::timestamptz`,
    end: `(${p.add(range.to)}::date + 1)::timestamptz`,
  };
}

export interface BidFilters extends DateRange {
  market_id?: number | undefined;
  group?: string | undefined;
  bet_type?: string | undefined;
  session?: string | undefined;
}

/** The WHERE of the bid reports: market days in the range, and the filters given. */
export function bidWhere(q: BidFilters, p: Params, b = 'b'): string {
  const where = [`${b}.market_date BETWEEN ${p.add(q.from, 'date')} AND ${p.add(q.to, 'date')}`];
  if (q.market_id !== undefined) where.push(`${b}.market_id = ${p.add(q.market_id, 'bigint')}`);
  if (q.group !== undefined) where.push(`${b}.grp = ${p.add(q.group, 'text')}`);
  if (q.bet_type !== undefined) where.push(`${b}.bet_type = ${p.add(q.bet_type, 'text')}`);
  if (q.session !== undefined) where.push(`${b}.session = ${p.add(q.session, 'text')}`);
  return where.join(' AND ');
}

/**
 * CTE `live`: the live result revisions of the range's market days, of the market or group asked for. A bid's
 * outcome follows from it as in the `bid_outcomes` view: pending while its draw has no live revision settled past
 * it, won when the revision credited it.
 */
export function liveCte(q: BidFilters, p: Params): string {
  const where = [
    'r.reverted_at IS NULL',
    `r.market_date BETWEEN ${p.add(q.from, 'date')} AND ${p.add(q.to, 'date')}`,
  ];
  if (q.market_id !== undefined) where.push(`r.market_id = ${p.add(q.market_id, 'bigint')}`);
  if (q.group !== undefined) {
    where.push(`r.market_id IN (SELECT id FROM markets WHERE grp = ${p.add(q.group, 'text')})`);
  }
  return `live AS MATERIALIZED (
      SELECT r.id, r.market_id, r.market_date, r.half, r.value, r.settled_at, r.settled_through
        FROM results r WHERE ${where.join(' AND ')})`;
}

/**
 * CTE `paid` (after `live`): the win credits of live revisions not taken back, one per winning bid, which add up
 * to the win journals less the win reversals. Credits carry their market day and player; the bid is joined only
 * when a filter on its bet type or session (or `withBid`) needs it.
 */
export function paidCte(
  q: BidFilters & { player_id?: number | undefined },
  p: Params,
  withBid = false,
): string {
  const bidFilter = q.bet_type !== undefined || q.session !== undefined;
  const join = withBid || bidFilter ? `JOIN bids b ON b.id = c.bid_id AND ${bidWhere(q, p)}` : '';
  const player = q.player_id === undefined ? '' : ` AND c.player_id = ${p.add(q.player_id, 'bigint')}`;
  const bidColumns = withBid
    ? ', b.bet_type, b.session, b.digits, b.close_digits, b.amount, b.created_at'
    : '';
  return `paid AS MATERIALIZED (
      SELECT c.bid_id, c.payout, c.player_id, l.value, l.market_id, l.market_date${bidColumns}
        FROM live l JOIN win_credits c ON c.result_id = l.id ${join}
       WHERE c.reversal_journal_id IS NULL${player})`;
}

/** A bid `b` joined to `live` as `l` is still pending. */
export const PENDING = '(l.id IS NULL OR (l.settled_at IS NULL AND b.id > l.settled_through))';

export interface Paging {
  /** null: every row (CSV). */
  limit: number | null;
  offset: number;
}

export interface Page<R> {
  rows: R[];
  totals: R;
  totalRows: number;
}

export interface Aggregate {
  /** CTEs the aggregate reads (`live AS (…), paid AS (…)`), if any. */
  ctes?: string;
  /** `FROM … WHERE …` of the rows to aggregate. */
  from: string;
  /** Grouping columns, each `expression AS name`. */
  keys: readonly string[];
  /** Additive measures (counts and sums), each `[aggregate expression, name]`. */
  measures: ReadonlyArray<readonly [string, string]>;
  /**
   * The answer's columns over `a`, the groups plus one totals row (keys NULL, measures summed, `a.total`),
   * with any joins: `SELECT … FROM a LEFT JOIN markets m ON m.id = a.market_id`.
   */
  select: string;
}

/**
 * Aggregates once (a hash aggregate, no sort), then answers the page of groups in `order` and the totals of all
 * groups, which are the sums of the groups' measures, in one statement.
 */
export async function pagedAggregate<R extends { total: boolean }>(
  tx: Queryable,
  q: Aggregate,
  p: Params,
  order: string,
  paging: Paging,
): Promise<Page<R>> {
  const names = q.keys.map((key) => key.split(/\s+AS\s+/i).pop() as string);
  const { rows } = await tx.query<R & { total_rows: number | null }>(
    `WITH ${q.ctes === undefined ? '' : `${q.ctes},`}
     groups AS MATERIALIZED (
       SELECT ${q.keys.join(', ')}, ${q.measures.map(([sql, name]) => `${sql} AS ${name}`).join(', ')}
         ${q.from}
        GROUP BY ${q.keys.map((_, i) => i + 1).join(', ')}),
     a AS (
       SELECT ${names.join(', ')}, ${q.measures.map(([, name]) => name).join(', ')}, false AS total FROM groups
       UNION ALL
       SELECT ${names.map(() => 'NULL').join(', ')},
              ${q.measures.map(([, name]) => `coalesce(sum(${name}), 0)::bigint`).join(', ')}, true FROM groups),
     shaped AS MATERIALIZED (${q.select})
     (SELECT s.*, (SELECT count(*) FROM groups) AS total_rows FROM shaped s WHERE s.total)
     UNION ALL
     (SELECT s.*, NULL::bigint FROM shaped s WHERE NOT s.total ORDER BY ${order}
       LIMIT ${p.add(paging.limit, 'bigint')} OFFSET ${p.add(paging.offset, 'bigint')})`,
    p.values,
  );
  const [totals, ...page] = rows;
  if (!totals?.total) throw new Error('report query returned no totals row');
  return { rows: page, totals, totalRows: totals.total_rows ?? 0 };
}

/** What names a player in a per-player report's row. */
interface PlayerKeyed {
  player_id: number;
  user_name: string;
  mobile: string;
}

/** A per-player report's answer: each row names its player before its own cells; the totals count the players. */
export function perPlayer<R extends PlayerKeyed & { total: boolean }, C extends object>(
  page: Page<R>,
  cells: (row: R) => C,
) {
  return {
    rows: page.rows.map((r) => ({
      player_id: r.player_id,
      user_name: r.user_name,
      mobile: r.mobile,
      ...cells(r),
    })),
    totals: { players: page.totalRows, ...cells(page.totals) },
    totalRows: page.totalRows,
  };
}

/** ORDER BY text for a sort key chosen from a fixed list, then the report's own order to break ties. */
export function orderBy(
  sorts: Record<string, { sql: string; dir: 'asc' | 'desc' }>,
  key: string | undefined,
  dir: 'asc' | 'desc' | undefined,
  fallback: string,
): string {
  const chosen = key === undefined ? undefined : sorts[key];
  if (chosen === undefined) return fallback;
  const direction = (dir ?? chosen.dir) === 'asc' ? 'ASC' : 'DESC';
  return `${chosen.sql} ${direction} NULLS LAST, ${fallback}`;
}
