/**
 * Set-based settlement of one result revision, in chunks (decision 006), paid in small groups (decisions 044,
 * 049). Bids are never written: a chunk reads the next slice of the revision's bids in id order, writes a win
 * credit for each winner (naming the win journal that will pay it: one per player per `PAY_EVERY_SECONDS` of
 * the settlement, so later chunks name the journal an earlier one drew) and moves the revision's
 * `settled_through` cursor past the slice, all in one transaction under the revision's row lock, without
 * touching a wallet. The winners are then paid, once per period and at the end, in transactions of at most
 * `PAY_GROUP` players each (the journal with the id the credits name, the win notification, debt repayment),
 * so a bid elsewhere waits at most for one small group's posting, never for a chunk. Losers need no write: past
 * the cursor, a bid without a credit is lost. A credit whose journal is not written yet is "due": a crash between a chunk and its payments leaves
 * some, and the next settlement (or a revert) pays them first, once (the journal id is the key). The revision
 * is marked settled only when the cursor has passed its last bid and nothing is due, so start-up resumes every
 * settlement a crash cut short; racing settlers take turns on the row lock.
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
 * One chunk of settlement, as a single statement (exported so benchmarks can explain it): it reads the slice,
 * writes the winners' credits, naming journal ids it draws or an earlier chunk drew, and moves the cursor, and
 * answers what each winning player is owed by this chunk. It locks no wallet: the journals that pay those
 * credits follow in transactions of their own (`payDue`), a small group of players each.
 */
export function chunkSql(): string {
  // One win journal per player pays all that player's winning bids of this chunk and of the earlier chunks
  // since the last payment (each keeps its own credit row): `open` ($14, $15) names the journals those drew
  // that are still unwritten. Otherwise its id is drawn from the sequence on the player's first winner and
  // spread to the rest by a window, so credits and their journals are written from one materialized set:
  // joining CTEs instead ran as nested loops (2,000 x 2,000 per join). The sequence is named once per
  // statement, not per journal (its catalog lookup cost more than the draw). A credit that exists already (a revision interrupted under the old bid-writing
  // scheme) is not paid again. The payout is gama_payout (db/functions/rules.sql).
  return `WITH slice AS MATERIALIZED (
           SELECT b.id, b.player_id, ${wonExpression(7)} AS won, ${PAYOUT_SQL} AS payout
             FROM bids b
            WHERE b.market_id = $1 AND b.market_date = $2::date AND b.settle_half = $3 AND b.id > $4
            ORDER BY b.id LIMIT $5),
         open AS MATERIALIZED (
           SELECT o.player_id, o.journal_id
             FROM unnest($14::bigint[], $15::bigint[]) AS o (player_id, journal_id)
            WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = o.journal_id)),
         numbered AS (
           SELECT s.id, s.player_id, s.payout, o.journal_id AS open_journal,
                  CASE WHEN s.payout > 0 AND o.journal_id IS NULL
                        AND row_number() OVER (PARTITION BY s.player_id, s.payout > 0 ORDER BY s.id) = 1
                       THEN nextval((SELECT pg_get_serial_sequence('journals', 'id')::regclass)) END AS first_journal
             FROM slice s LEFT JOIN open o ON o.player_id = s.player_id
            WHERE s.won AND NOT EXISTS (
                   SELECT 1 FROM win_credits c WHERE c.bid_id = s.id AND c.market_date = $2::date AND c.result_id = $6)),
         winners AS MATERIALIZED (
           SELECT n.id, n.player_id, n.payout,
                  CASE WHEN n.payout > 0
                       THEN coalesce(n.open_journal, max(n.first_journal) OVER (PARTITION BY n.player_id)) END AS journal_id
             FROM numbered n),
         paid AS MATERIALIZED (
           SELECT w.journal_id, w.player_id, sum(w.payout) AS total
             FROM winners w WHERE w.journal_id IS NOT NULL GROUP BY w.journal_id, w.player_id),
         credit AS (
           INSERT INTO win_credits (bid_id, market_date, result_id, player_id, payout, journal_id)
           SELECT w.id, $2::date, $6, w.player_id, w.payout, w.journal_id FROM winners w
           RETURNING 1),
         moved AS (
           UPDATE results SET settled_through = coalesce((SELECT max(id) FROM slice), settled_through)
            WHERE id = $6
           RETURNING 1)
         SELECT (SELECT count(*) FROM slice)::int AS decided,
                (SELECT count(*) FROM credit)::int AS wins,
                (SELECT count(*) FROM moved)::int AS moved,
                (SELECT array_agg(journal_id::text ORDER BY player_id) FROM paid) AS journal_ids,
                (SELECT array_agg(player_id::text ORDER BY player_id) FROM paid) AS players,
                (SELECT array_agg(total::text ORDER BY player_id) FROM paid) AS totals`;
}

/**
 * Pays one group of due win journals in one statement (a round trip per step cost a group more than its
 * writes on a busy machine). Of `due` (journal ids, players, paise, in player order) it takes the journals not
 * written yet (another settler, or a revert, may have paid some since they were read) whose player's wallet it
 * can lock at once: `FOR NO KEY UPDATE SKIP LOCKED` leaves a wallet that a bid in flight holds, and its credits
 * stay due for the settlement's last step, so payments never queue behind bids (`$8`: wait for those
 * instead, in that last step). The journals go through the ledger's one entry point
 * (db/functions/post_journals.sql) with the ids the chunk drew, each crediting the wallet and debiting the
 * house, all entries in one INSERT; each player's win notification names its journal, in the same
 * transaction, so a payment that commits has told its winner and one that is lost has not. Answers the
 * players paid who owe a debt, so that a group without one goes straight to its COMMIT: a round trip more would
 * hold every wallet of the group that much longer.
 */
export const PAY_SQL = `WITH due AS MATERIALIZED (
           SELECT d.journal_id, d.player_id, d.total, d.n
             FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS d (journal_id, player_id, total, n)
            WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = d.journal_id)),
         free AS MATERIALIZED (
           SELECT a.id, a.player_id FROM accounts a
            WHERE a.kind = 'wallet' AND a.player_id IN (SELECT player_id FROM due) AND NOT $8::boolean
            ORDER BY a.id FOR NO KEY UPDATE SKIP LOCKED),
         waited AS MATERIALIZED (
           SELECT a.id, a.player_id FROM accounts a
            WHERE a.kind = 'wallet' AND a.player_id IN (SELECT player_id FROM due) AND $8::boolean
            ORDER BY a.id FOR NO KEY UPDATE),
         payable AS MATERIALIZED (
           SELECT row_number() OVER (ORDER BY d.n) AS k, d.journal_id, d.player_id, d.total, w.id AS wallet
             FROM due d JOIN (SELECT * FROM free UNION ALL SELECT * FROM waited) w ON w.player_id = d.player_id),
         posted AS MATERIALIZED (
           SELECT gama_post_journals('win', 'system', 'result', $4, $5,
                    array_fill($6::bigint, ARRAY[(SELECT count(*)::int FROM payable)]),
                    array_agg(x.k::int ORDER BY x.k, x.leg), array_agg(x.account ORDER BY x.k, x.leg),
                    array_agg(x.system ORDER BY x.k, x.leg), array_agg(x.amount ORDER BY x.k, x.leg)::bigint[],
                    (SELECT array_agg(t.journal_id ORDER BY t.k) FROM payable t)) AS ids
             FROM (SELECT t.k, 0 AS leg, t.wallet AS account, NULL::text AS system, t.total AS amount FROM payable t
                   UNION ALL
                   SELECT t.k, 1, NULL, 'house', -t.total FROM payable t) x
           HAVING count(*) > 0),
         notice AS (
           INSERT INTO notifications (player_id, kind, ref_id, amount, market, created_at)
           SELECT t.player_id, 'win', t.journal_id, t.total, (SELECT name FROM markets WHERE id = $7), $5
             FROM payable t WHERE EXISTS (SELECT 1 FROM posted)
           ON CONFLICT (player_id, kind, ref_id) DO NOTHING
           RETURNING 1)
         SELECT (SELECT cardinality(ids) FROM posted) AS journals,
                (SELECT count(*) FROM notice)::int AS notices,
                (SELECT array_agg(DISTINCT t.player_id::text) FROM payable t
                  WHERE EXISTS (SELECT 1 FROM accounts d
                                 WHERE d.player_id = t.player_id AND d.kind = 'debt' AND d.balance < 0)) AS debtors`;

/**
 * `open` maps a player to the unwritten win journal an earlier chunk of this settler drew for them: the chunk
 * names it again instead of drawing another, unless it has been written since (a racing settler or a revert
 * paid it: credits naming a written journal would never be paid).
 */
export function chunkParams(
  target: SettleTarget,
  through: number,
  chunk: number,
  open: ReadonlyMap<string, string> = new Map(),
): unknown[] {
  return [
    target.marketId,
    target.marketDate,
    target.half,
    through,
    chunk,
    target.resultId,
    ...paramValues(target.params),
    [...open.keys()],
    [...open.values()],
  ];
}

/** Win journals not written yet: their ids, players and the paise each pays, in player order. */
export interface Due {
  journals: string[];
  players: string[];
  totals: string[];
}

/** What a payment needs of the revision: its row (the lock), its market (the notice) and the journals' note. */
export type PayTarget = Pick<SettleTarget, 'resultId' | 'marketId' | 'marketDate' | 'note'>;

interface ChunkRow {
  decided: number;
  wins: number;
  journal_ids: string[] | null;
  players: string[] | null;
  totals: string[] | null;
}

/**
 * Players paid per transaction. A paying transaction holds its players' wallets from its lock to its commit,
 * and a bid by one of them (on any market) waits that long: posting 1,000 players' journals held them 100-400
 * ms (docs/performance.md). Groups of 100 and 250 stretched a settlement to 53-117 s when every chunk was paid
 * on its own (a group's round trips each wait for a CPU on a busy machine); a settlement now pays each player
 * once per `PAY_EVERY_SECONDS`, so small groups cost a few round trips per payment, not per chunk
 * (decision 049).
 */
export const PAY_GROUP = 100;

/**
 * How long a settlement lets credits accrue before paying them (decision 049). Each player's credits of that
 * period name one win journal, so a settlement of 1,000,000 bids from 1,000 players posts 1,000 journals once
 * or a few times, not once per chunk (10-50 times), and each winner's wallet is locked as often. The cost: a
 * win is credited up to this long after its chunk.
 */
export const PAY_EVERY_SECONDS = 3;

/**
 * Pays one group in the caller's transaction, which holds the revision's row lock (PAY_SQL), then lets the new
 * balances repay whatever debt their players carry.
 */
async function payGroup(tx: Queryable, target: PayTarget, at: Date, due: Due, wait: boolean): Promise<void> {
  const { rows } = await tx.query<{ debtors: string[] | null }>(PAY_SQL, [
    due.journals,
    due.players,
    due.totals,
    target.note,
    at,
    target.resultId,
    target.marketId,
    wait,
  ]);
  const debtors = rows[0]?.debtors ?? [];
  if (debtors.length > 0) await repayDebts(tx, debtors, at);
}

/** PGlite runs in this thread: let waiting requests in between transactions instead of chaining the next one. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Pays `due` in transactions of at most PAY_GROUP players. Each takes the revision's row lock first, so it
 * takes turns with the chunks and payments of a racing settler, and commits without waiting for its WAL (as a
 * chunk does: a payment lost in a crash leaves its credits due, and they are paid on resuming).
 */
export async function payDue(
  db: Database,
  target: PayTarget,
  at: Date,
  due: Due,
  wait = true,
): Promise<void> {
  for (let i = 0; i < due.players.length; i += PAY_GROUP) {
    const group = {
      journals: due.journals.slice(i, i + PAY_GROUP),
      players: due.players.slice(i, i + PAY_GROUP),
      totals: due.totals.slice(i, i + PAY_GROUP),
    };
    await db.transaction(async (tx) => {
      await tx.query(
        `SELECT set_config('synchronous_commit', 'off', true) FROM results WHERE id = $1 FOR UPDATE`,
        [target.resultId],
      );
      await payGroup(tx, target, at, group, wait);
    });
    await yieldToRequests();
  }
}

/**
 * The revision's credits whose win journal is not written: what a crash between a chunk and its payments left
 * (a racing settler's payments in flight too; paying them again is a no-op).
 */
export async function dueCredits(db: Queryable, resultId: number, marketDate: string): Promise<Due> {
  const { rows } = await db.query<{ journal_id: string; player_id: string; total: string }>(
    `SELECT c.journal_id::text, min(c.player_id)::text AS player_id, sum(c.payout)::text AS total
       FROM win_credits c
      WHERE c.result_id = $1 AND c.market_date = $2::date AND c.journal_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = c.journal_id)
      GROUP BY c.journal_id ORDER BY min(c.player_id), c.journal_id`,
    [resultId, marketDate],
  );
  return {
    journals: rows.map((r) => r.journal_id),
    players: rows.map((r) => r.player_id),
    totals: rows.map((r) => r.total),
  };
}

/** Pays whatever the revision still owes (before a revert takes its credits back, or before it is marked). */
export async function payDueCredits(db: Database, target: PayTarget, at: Date): Promise<void> {
  await payDue(db, target, at, await dueCredits(db, target.resultId, target.marketDate));
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
  /** false: stop after the first chunk's commit without paying it, as a crash there would (tests). */
  pay = true,
  /** Pay what the chunks decided once this long has passed since the last payment, and at the end. */
  payEverySeconds = PAY_EVERY_SECONDS,
): Promise<{ settled: number; wins: number }> {
  let settled = 0;
  let wins = 0;
  const sizes = settleChunks(db);
  let chunk = fixedChunk ?? sizes.first;
  // The journals drawn since the last payment, by player (what the next chunk names again), and what each pays.
  let open = new Map<string, string>();
  let owed = new Map<string, { player: string; total: bigint }>();
  let paidAt = performance.now();
  const payOwed = async (wait: boolean) => {
    const journals = [...owed.keys()];
    const due = {
      journals,
      players: journals.map((j) => owed.get(j)?.player ?? ''),
      totals: journals.map((j) => String(owed.get(j)?.total ?? 0n)),
    };
    open = new Map();
    owed = new Map();
    await payDue(db, target, at, due, wait);
    paidAt = performance.now();
  };
  for (let chunks = 1; ; chunks++) {
    const started = performance.now();
    const step = await db.transaction(async (tx) => {
      // The revision's row lock makes racing settlers take turns; each reads the cursor the last one left.
      // A chunk commits without waiting for its WAL to reach the disk: a crash can lose only chunks that nothing
      // durable came after (WAL is flushed in order), and losing one loses its credits and its cursor together,
      // so the resumed settlement decides those bids once.
      const { rows: locked } = await tx.query<Revision>(
        `SELECT settled_through::text, settled_at, revert_started_at, set_config('synchronous_commit', 'off', true)
           FROM results WHERE id = $1 FOR UPDATE`,
        [target.resultId],
      );
      const revision = locked[0];
      // Settled, or being reverted (the revert pays what is due before it takes credits back): nothing to do.
      if (!revision || revision.settled_at || revision.revert_started_at) return undefined;
      const { rows } = await tx.query<ChunkRow>(
        chunkSql(),
        chunkParams(target, Number(revision.settled_through), chunk, open),
      );
      const row = rows[0];
      if (!row) throw new Error('settlement chunk answered no row');
      return { row, done: row.decided < chunk };
    });
    // The chunk's own time sizes the next one. Its payments are not counted: they cost per player paid, once per
    // chunk, so counting them kept chunks at their smallest on a busy machine and paid every player five times as
    // often (decision 048).
    const chunkSeconds = (performance.now() - started) / 1000;
    if (!step) return { settled, wins };
    settled += step.row.decided;
    wins += step.row.wins;
    // Only this settler's chunks name the journals it drew, so what it owes on each is the sum of its chunks'.
    const { journal_ids: journals, players, totals } = step.row;
    (journals ?? []).forEach((journal, i) => {
      const player = players?.[i] ?? '';
      open.set(player, journal);
      const total = BigInt(totals?.[i] ?? 0) + (owed.get(journal)?.total ?? 0n);
      owed.set(journal, { player, total });
    });
    if (!pay) return { settled, wins };
    faultPoint('settle-before-payment');
    if (step.done || (performance.now() - paidAt) / 1000 >= payEverySeconds) await payOwed(false);
    if (step.done) {
      // The cursor has passed the last bid. What was skipped for a bid in flight, and what a racing settler or
      // an earlier crash left due, is paid before the mark (waiting for those wallets now, a few players at
      // most), so a settled revision owes nothing and start-up resumes every one that might.
      await payDueCredits(db, target, at);
      await db.query(
        'UPDATE results SET settled_at = $2 WHERE id = $1 AND settled_at IS NULL AND revert_started_at IS NULL',
        [target.resultId, at],
      );
      return { settled, wins };
    }
    faultPoint('settle-after-chunk');
    await yieldToRequests();
    if (chunks >= maxChunks) {
      // Stopped on purpose, not crashed: what its chunks decided is paid, as a settler that pays per chunk would.
      await payOwed(false);
      return { settled, wins };
    }
    if (fixedChunk === undefined) chunk = nextChunk(sizes, chunk, chunkSeconds);
  }
}
