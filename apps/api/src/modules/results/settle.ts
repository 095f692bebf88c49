/**
 * Set-based settlement of one result revision, in chunks (decision 006). Bids are never written: a chunk reads
 * the next slice of the revision's bids in id order, pays its winners (a win credit each, and one journal per
 * player) and moves the revision's `settled_through` cursor past the slice, all in one transaction under the
 * revision's row lock. Losers need no write: past the cursor, a bid without a credit is lost. A crash loses at
 * most the chunk in flight; running it again resumes at the cursor, and racing settlers take turns on the lock.
 */
import type { Database } from '../../db/database.ts';
import { repayDebts } from '../ledger/debt.ts';
import type { ResultParams } from './outcome-sql.ts';
import { PAYOUT_SQL, paramValues, wonExpression } from './outcome-sql.ts';
import { faultPoint } from '../../lib/fault.ts';

/**
 * PGlite runs one transaction at a time, so a chunk there holds up every other request for as long as it
 * takes: keep it small. On PostgreSQL a chunk only locks its winners' wallets; one of ~20,000 bids takes a few
 * hundred milliseconds, short enough that a winner's bid elsewhere never waits long.
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
export function chunkSql(): string {
  // One win journal per player per chunk pays all that player's winning bids in it (each keeps its own credit
  // row). Its id is drawn from the sequence on the player's first winner and spread to the rest by a window, so
  // journals, credits and entries are written from one materialized set: joining CTEs instead ran as nested
  // loops (2,000 x 2,000 per join). Each player's journal is also their win notification, in the same
  // statement, so a chunk that commits has told its winners and one that is lost has not. A credit that exists
  // already (a revision interrupted under the old bid-writing scheme) is not paid again.
  return `WITH slice AS MATERIALIZED (
           SELECT b.id, b.player_id, ${wonExpression(9)} AS won, ${PAYOUT_SQL} AS payout
             FROM bids b
            WHERE b.market_id = $1 AND b.market_date = $2::date AND b.settle_half = $3 AND b.id > $4
            ORDER BY b.id LIMIT $5),
         numbered AS (
           SELECT s.id, s.player_id, s.payout,
                  CASE WHEN s.payout > 0 AND row_number() OVER (PARTITION BY s.player_id, s.payout > 0 ORDER BY s.id) = 1
                       THEN nextval(pg_get_serial_sequence('journals', 'id')) END AS first_journal
             FROM slice s
            WHERE s.won AND NOT EXISTS (
                   SELECT 1 FROM win_credits c WHERE c.bid_id = s.id AND c.market_date = $2::date AND c.result_id = $7)),
         winners AS MATERIALIZED (
           SELECT n.id, n.player_id, n.payout,
                  CASE WHEN n.payout > 0 THEN max(n.first_journal) OVER (PARTITION BY n.player_id) END AS journal_id
             FROM numbered n),
         paid AS MATERIALIZED (
           SELECT w.journal_id, w.player_id, sum(w.payout) AS total
             FROM winners w WHERE w.journal_id IS NOT NULL GROUP BY w.journal_id, w.player_id),
         journal AS (
           INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
           SELECT p.journal_id, 'win', 'system', 'result', $7, $6, $8 FROM paid p
           RETURNING 1),
         credit AS (
           INSERT INTO win_credits (bid_id, market_date, result_id, player_id, payout, journal_id)
           SELECT w.id, $2::date, $7, w.player_id, w.payout, w.journal_id FROM winners w
           RETURNING 1),
         entry AS (
           INSERT INTO entries (journal_id, account_id, amount)
           SELECT p.journal_id, a.id, p.total FROM paid p
             JOIN accounts a ON a.player_id = p.player_id AND a.kind = 'wallet'
           UNION ALL
           SELECT p.journal_id, (SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), -p.total
             FROM paid p
           RETURNING 1),
         notice AS (
           INSERT INTO notifications (player_id, kind, ref_id, amount, market, created_at)
           SELECT p.player_id, 'win', p.journal_id, p.total, (SELECT name FROM markets WHERE id = $1), $8
             FROM paid p
           ON CONFLICT (player_id, kind, ref_id) DO NOTHING)
         SELECT (SELECT count(*) FROM slice)::int AS decided,
                (SELECT max(id) FROM slice) AS through,
                (SELECT count(*) FROM credit)::int AS wins,
                (SELECT count(*) FROM journal)::int AS journals,
                (SELECT count(*) FROM entry)::int AS entries,
                (SELECT array_agg(player_id)::text[] FROM paid) AS players`;
}

export function chunkParams(target: SettleTarget, at: Date, through: number, chunk: number): unknown[] {
  return [
    target.marketId,
    target.marketDate,
    target.half,
    through,
    chunk,
    target.note,
    target.resultId,
    at,
    ...paramValues(target.params),
  ];
}

interface Revision {
  settled_through: string;
  settled_at: Date | null;
  revert_started_at: Date | null;
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
    const step = await db.transaction(async (tx) => {
      // The revision's row lock makes racing settlers take turns; each reads the cursor the last one left.
      // A chunk commits without waiting for its WAL to reach the disk: a crash can lose only chunks that nothing
      // durable came after (WAL is flushed in order), and losing one loses its credits and its cursor together,
      // so the resumed settlement pays them once.
      const { rows: locked } = await tx.query<Revision>(
        `SELECT settled_through::text, settled_at, revert_started_at, set_config('synchronous_commit', 'off', true)
           FROM results WHERE id = $1 FOR UPDATE`,
        [target.resultId],
      );
      const revision = locked[0];
      if (!revision || revision.settled_at || revision.revert_started_at)
        return { decided: 0, wins: 0, done: true };
      const { rows } = await tx.query<{
        decided: number;
        through: string | null;
        wins: number;
        players: string[] | null;
      }>(chunkSql(), chunkParams(target, at, Number(revision.settled_through), chunk));
      const row = rows[0] ?? { decided: 0, through: null, wins: 0, players: null };
      const done = row.decided < chunk;
      await tx.query(
        `UPDATE results SET settled_through = coalesce($2::bigint, settled_through),
                            settled_at = CASE WHEN $3::boolean THEN $4::timestamptz END
          WHERE id = $1`,
        [target.resultId, row.through, done, at],
      );
      if (row.players && row.players.length > 0) await repayDebts(tx, row.players, at);
      return { decided: row.decided, wins: row.wins, done };
    });
    settled += step.decided;
    wins += step.wins;
    if (!step.done) faultPoint('settle-after-chunk');
    // PGlite runs in this thread: let waiting requests in between chunks instead of chaining the next one.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (step.done || chunks >= maxChunks) return { settled, wins };
  }
}
