/**
 * Set-based settlement of one result revision, in chunks: each chunk is one transaction that locks a batch of
 * pending bids (SKIP LOCKED, so racing settlers share the work instead of waiting), writes one win journal per
 * winning bid and marks the rest lost. A crash loses at most the chunk in flight; running it again resumes.
 */
import type { Database } from '../../db/database.ts';
import { repayDebts } from '../ledger/debt.ts';
import type { ResultParams } from './outcome-sql.ts';
import { PAYOUT_SQL, paramValues, selector, wonExpression } from './outcome-sql.ts';

/**
 * PGlite runs one transaction at a time, so a chunk there holds up every other request for as long as it
 * takes: keep it small. PostgreSQL runs other markets' bids alongside (they only meet row locks), so larger
 * chunks there cost less per bid.
 */
export function defaultChunk(db: Pick<Database, 'engine'>): number {
  return db.engine === 'pglite' ? 2_000 : 20_000;
}

export interface SettleTarget {
  resultId: number;
  marketId: number;
  marketDate: string;
  half: 'open' | 'close' | 'single';
  params: ResultParams;
  note: string;
}

/** One chunk of settlement as a single statement (exported so benchmarks can explain it). */
export function chunkSql(half: SettleTarget['half']): string {
  // Each winner's journal id is drawn from the sequence up front, so journals, credits and entries are written
  // straight from one materialized set: joining the CTEs instead ran as nested loops (2,000 x 2,000 per join).
  return `WITH chosen AS MATERIALIZED (
           SELECT b.id, b.player_id, ${wonExpression(7)} AS won, ${PAYOUT_SQL} AS payout
             FROM bids b
            WHERE b.market_id = $1 AND b.market_date = $2::date AND b.status = 'pending' AND ${selector(half)}
            ORDER BY b.id LIMIT $3
              FOR UPDATE SKIP LOCKED),
         winners AS MATERIALIZED (
           SELECT c.id, c.player_id, c.payout, nextval(pg_get_serial_sequence('journals', 'id')) AS journal_id
             FROM chosen c WHERE c.won AND c.payout > 0),
         journal AS (
           INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
           SELECT w.journal_id, 'win', 'system', 'bid', w.id, $4, $5 FROM winners w
           RETURNING 1),
         credit AS (
           INSERT INTO win_credits (bid_id, result_id, player_id, payout, journal_id)
           SELECT w.id, $6, w.player_id, w.payout, w.journal_id FROM winners w
           RETURNING 1),
         entry AS (
           INSERT INTO entries (journal_id, account_id, amount)
           SELECT w.journal_id, a.id, w.payout FROM winners w
             JOIN accounts a ON a.player_id = w.player_id AND a.kind = 'wallet'
           UNION ALL
           SELECT w.journal_id, (SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), -w.payout
             FROM winners w
           RETURNING 1),
         marked AS (
           UPDATE bids b SET status = CASE WHEN c.won THEN 'won' ELSE 'lost' END,
                             payout = CASE WHEN c.won THEN c.payout END,
                             settled_result_id = $6, settled_at = $5
             FROM chosen c WHERE b.id = c.id
           RETURNING b.id)
         SELECT (SELECT count(*) FROM marked)::int AS settled,
                (SELECT count(*) FROM credit)::int AS wins,
                (SELECT count(*) FROM journal)::int AS journals,
                (SELECT count(*) FROM entry)::int AS entries,
                (SELECT array_agg(DISTINCT player_id)::text[] FROM winners) AS players`;
}

export function chunkParams(target: SettleTarget, at: Date, chunk: number): unknown[] {
  return [
    target.marketId,
    target.marketDate,
    chunk,
    target.note,
    at,
    target.resultId,
    ...paramValues(target.params),
  ];
}

export async function settle(
  db: Database,
  target: SettleTarget,
  at: Date,
  chunk = defaultChunk(db),
  /** Stop after this many chunks, leaving the rest pending, as a crash would (tests and benchmarks). */
  maxChunks = Number.POSITIVE_INFINITY,
): Promise<{ settled: number; wins: number }> {
  let settled = 0;
  let wins = 0;
  for (let chunks = 1; ; chunks++) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ settled: number; wins: number; players: string[] | null }>(
        chunkSql(target.half),
        chunkParams(target, at, chunk),
      );
      const row = rows[0] ?? { settled: 0, wins: 0, players: null };
      if (row.players && row.players.length > 0) await repayDebts(tx, row.players, at);
      return row;
    });
    settled += done.settled;
    wins += done.wins;
    // PGlite runs in this thread: let waiting requests in between chunks instead of chaining the next one.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (done.settled < chunk) break;
    if (chunks >= maxChunks) return { settled, wins };
  }
  await db.query('UPDATE results SET settled_at = $2 WHERE id = $1 AND settled_at IS NULL', [
    target.resultId,
    at,
  ]);
  return { settled, wins };
}
