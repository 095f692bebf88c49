/**
 * Set-based settlement of one result revision, in chunks (decision 006). Bids are never written: a chunk reads
 * the next slice of the revision's bids in id order, pays its winners (a win credit each, and one journal per
 * player) and moves the revision's `settled_through` cursor past the slice, all in one transaction under the
 * revision's row lock. Losers need no write: past the cursor, a bid without a credit is lost. A crash loses at
 * most the chunk in flight; running it again resumes at the cursor, and racing settlers take turns on the lock.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { repayDebts } from '../ledger/debt.ts';
import type { ResultParams } from './outcome-sql.ts';
import { PAYOUT_SQL, paramValues, wonExpression } from './outcome-sql.ts';
import { faultPoint } from '../../lib/fault.ts';

/**
 * PGlite runs one transaction at a time, so a chunk there holds up every other request for as long as it
 * takes: keep it small. On PostgreSQL a chunk only locks its winners' wallets, for its last statements; one of
 * ~20,000 bids takes a few hundred milliseconds, short enough that a winner's bid elsewhere never waits long.
 * (Reverts chunk their credits by this size too.)
 */
export function defaultChunk(db: Pick<Database, 'engine'>): number {
  return db.engine === 'pglite' ? 2_000 : 20_000;
}

/**
 * Bids per settlement chunk, when the caller names no fixed size: a first chunk of `first`, then twice the last
 * while a chunk takes under `seconds`, up to `most`, and half of it (not below `first`) when one takes longer.
 * On PostgreSQL most of a chunk's cost is per player paid (a journal, its entries and notification, the
 * wallet's lock and update), and each player is paid once per chunk however many of their bids won, so larger
 * chunks pay fewer times: 1,000,000 bids from 1,000 players took 1.9 s of database time in chunks of 100,000
 * against 4.9 s in chunks of 20,000 (docs/performance.md "Settlement"). The bound on a chunk's time keeps what a
 * crash can lose, and how long a busy machine goes without a commit, short. PGlite keeps its small chunks.
 */
export interface ChunkSizes {
  first: number;
  most: number;
  seconds: number;
}

export function settleChunks(db: Pick<Database, 'engine'>): ChunkSizes {
  const first = defaultChunk(db);
  return db.engine === 'pglite' ? { first, most: first, seconds: 1 } : { first, most: 100_000, seconds: 1 };
}

export function nextChunk(sizes: ChunkSizes, last: number, seconds: number): number {
  if (seconds > sizes.seconds) return Math.max(sizes.first, Math.floor(last / 2));
  return Math.min(sizes.most, last * 2);
}

export interface SettleTarget {
  resultId: number;
  marketId: number;
  marketDate: string;
  half: 'open' | 'close' | 'single';
  params: ResultParams;
  note: string;
}

/**
 * One chunk of settlement but its journals, as a single statement (exported so benchmarks can explain it): it
 * reads the slice, writes the winners' credits and notifications, naming journal ids it draws, and moves the
 * cursor, and answers what each winning player is owed. The journals follow in `POST_WINS_SQL`, last in the
 * transaction: their entries lock the winners' wallets, which bids elsewhere also lock, so those locks are held
 * from there to the commit only, not while this statement reads and writes the rest.
 */
export function chunkSql(): string {
  // One win journal per player per chunk pays all that player's winning bids in it (each keeps its own credit
  // row). Its id is drawn from the sequence on the player's first winner and spread to the rest by a window, so
  // journals, credits and notifications are written from one materialized set: joining CTEs instead ran as
  // nested loops (2,000 x 2,000 per join). The sequence is named once per statement, not per journal (its
  // catalog lookup cost more than the draw). Each player's journal is also their win notification, in the same
  // transaction, so a chunk that commits has told its winners and one that is lost has not. A credit that
  // exists already (a revision interrupted under the old bid-writing scheme) is not paid again. The payout is
  // gama_payout (db/functions/rules.sql).
  return `WITH slice AS MATERIALIZED (
           SELECT b.id, b.player_id, ${wonExpression(8)} AS won, ${PAYOUT_SQL} AS payout
             FROM bids b
            WHERE b.market_id = $1 AND b.market_date = $2::date AND b.settle_half = $3 AND b.id > $4
            ORDER BY b.id LIMIT $5),
         numbered AS (
           SELECT s.id, s.player_id, s.payout,
                  CASE WHEN s.payout > 0 AND row_number() OVER (PARTITION BY s.player_id, s.payout > 0 ORDER BY s.id) = 1
                       THEN nextval((SELECT pg_get_serial_sequence('journals', 'id')::regclass)) END AS first_journal
             FROM slice s
            WHERE s.won AND NOT EXISTS (
                   SELECT 1 FROM win_credits c WHERE c.bid_id = s.id AND c.market_date = $2::date AND c.result_id = $6)),
         winners AS MATERIALIZED (
           SELECT n.id, n.player_id, n.payout,
                  CASE WHEN n.payout > 0 THEN max(n.first_journal) OVER (PARTITION BY n.player_id) END AS journal_id
             FROM numbered n),
         paid AS MATERIALIZED (
           SELECT w.journal_id, w.player_id, sum(w.payout) AS total
             FROM winners w WHERE w.journal_id IS NOT NULL GROUP BY w.journal_id, w.player_id),
         credit AS (
           INSERT INTO win_credits (bid_id, market_date, result_id, player_id, payout, journal_id)
           SELECT w.id, $2::date, $6, w.player_id, w.payout, w.journal_id FROM winners w
           RETURNING 1),
         notice AS (
           INSERT INTO notifications (player_id, kind, ref_id, amount, market, created_at)
           SELECT p.player_id, 'win', p.journal_id, p.total, (SELECT name FROM markets WHERE id = $1), $7
             FROM paid p
           ON CONFLICT (player_id, kind, ref_id) DO NOTHING
           RETURNING 1),
         moved AS (
           UPDATE results SET settled_through = coalesce((SELECT max(id) FROM slice), settled_through),
                              settled_at = CASE WHEN (SELECT count(*) FROM slice) < $5 THEN $7::timestamptz END
            WHERE id = $6
           RETURNING 1)
         SELECT (SELECT count(*) FROM slice)::int AS decided,
                (SELECT count(*) FROM credit)::int AS wins,
                (SELECT count(*) FROM notice)::int AS notices,
                (SELECT count(*) FROM moved)::int AS moved,
                (SELECT array_agg(journal_id::text ORDER BY player_id) FROM paid) AS journal_ids,
                (SELECT array_agg(player_id::text ORDER BY player_id) FROM paid) AS players,
                (SELECT array_agg(total::text ORDER BY player_id) FROM paid) AS totals`;
}

/**
 * The chunk's win journals through the ledger's one entry point (db/functions/post_journals.sql): one per paid
 * player, with the ids the chunk drew, each crediting the player's wallet and debiting the house; all entries in
 * one INSERT, which the posting trigger checks and adds to the cached wallet balances.
 */
export const POST_WINS_SQL = `SELECT cardinality(gama_post_journals('win', 'system', 'result', $4, $5,
           array_fill($6::bigint, ARRAY[cardinality($1::bigint[])]),
           e.journals, e.accounts, e.systems, e.amounts, $1::bigint[])) AS journals
    FROM (SELECT array_agg(x.n::int ORDER BY x.n, x.leg) AS journals, array_agg(x.account ORDER BY x.n, x.leg) AS accounts,
                 array_agg(x.system ORDER BY x.n, x.leg) AS systems, array_agg(x.amount ORDER BY x.n, x.leg) AS amounts
            FROM (SELECT p.n, 0 AS leg, a.id AS account, NULL::text AS system, p.total AS amount
                    FROM unnest($2::bigint[], $3::bigint[]) WITH ORDINALITY AS p (player_id, total, n)
                    JOIN accounts a ON a.player_id = p.player_id AND a.kind = 'wallet'
                  UNION ALL
                  SELECT p.n, 1, NULL, 'house', -p.total
                    FROM unnest($3::bigint[]) WITH ORDINALITY AS p (total, n)) x) e`;

export function chunkParams(target: SettleTarget, at: Date, through: number, chunk: number): unknown[] {
  return [
    target.marketId,
    target.marketDate,
    target.half,
    through,
    chunk,
    target.resultId,
    at,
    ...paramValues(target.params),
  ];
}

interface ChunkRow {
  decided: number;
  wins: number;
  /** The chunk's win journals, their players and the paise each is owed, in player order. */
  journal_ids: string[] | null;
  players: string[] | null;
  totals: string[] | null;
}

/**
 * Locks the winners' wallets before their entries are written. Those that are free are taken at once
 * (SKIP LOCKED); only the few that a bid in flight holds are waited for, then. Taking them one by one in id
 * order instead waited for each bid in flight in turn, and every bid on a wallet already taken waited behind
 * all of those waits. A transaction that locks several players' wallets in id order (a revert, a transfer)
 * can now meet this one in a cycle; PostgreSQL then aborts one of the two after a second and
 * `transaction()` runs it again.
 */
async function lockWallets(tx: Queryable, players: readonly string[]): Promise<void> {
  const { rows: free } = await tx.query<{ player_id: string }>(
    `SELECT player_id::text FROM accounts WHERE kind = 'wallet' AND player_id IN (SELECT unnest($1::bigint[]))
      ORDER BY id FOR NO KEY UPDATE SKIP LOCKED`,
    [players],
  );
  if (free.length === players.length) return;
  const taken = new Set(free.map((r) => r.player_id));
  await tx.query(
    `SELECT id FROM accounts WHERE kind = 'wallet' AND player_id IN (SELECT unnest($1::bigint[])) ORDER BY id FOR NO KEY UPDATE`,
    [players.filter((p) => !taken.has(p))],
  );
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
  /** A fixed number of bids per chunk (tests); by default chunks grow as `settleChunks` says. */
  fixedChunk?: number,
  /** Stop after this many chunks, leaving the rest pending, as a crash would (tests and benchmarks). */
  maxChunks = Number.POSITIVE_INFINITY,
): Promise<{ settled: number; wins: number }> {
  let settled = 0;
  let wins = 0;
  const sizes = settleChunks(db);
  let chunk = fixedChunk ?? sizes.first;
  for (let chunks = 1; ; chunks++) {
    const started = performance.now();
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
      const { rows } = await tx.query<ChunkRow>(
        chunkSql(),
        chunkParams(target, at, Number(revision.settled_through), chunk),
      );
      const row = rows[0];
      if (!row) throw new Error('settlement chunk answered no row');
      const players = row.players ?? [];
      if (players.length > 0) {
        await lockWallets(tx, players);
        await tx.query(POST_WINS_SQL, [
          row.journal_ids,
          players,
          row.totals,
          target.note,
          at,
          target.resultId,
        ]);
        await repayDebts(tx, players, at);
      }
      const done = row.decided < chunk;
      return { decided: row.decided, wins: row.wins, done };
    });
    settled += step.decided;
    wins += step.wins;
    if (!step.done) faultPoint('settle-after-chunk');
    // PGlite runs in this thread: let waiting requests in between chunks instead of chaining the next one.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (step.done || chunks >= maxChunks) return { settled, wins };
    if (fixedChunk === undefined) chunk = nextChunk(sizes, chunk, (performance.now() - started) / 1000);
  }
}
