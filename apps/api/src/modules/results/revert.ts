/**
 * Reverting a result revision (D7): a reversal journal per win credit that cancels it exactly, and nothing
 * deleted. A reversal takes what the wallet holds and records the rest as debt. The bids it decided read as
 * pending again once the revision is marked reverted (their outcome is derived, decision 006). Chunked like
 * settlement, so a large market's revert also resumes after a crash.
 */
import type { Database } from '../../db/database.ts';
import { faultPoint } from '../../lib/fault.ts';
import { carryClosedDebts } from '../ledger/debt.ts';
import { defaultChunk } from './settle.ts';

export async function revertRevision(
  db: Database,
  resultId: number,
  note: string,
  at: Date,
  chunk = defaultChunk(db),
): Promise<{ reversed: number; reopened: number }> {
  const { rows: decided } = await db.query<{ n: number; market_date: string }>(
    `SELECT count(b.id)::int AS n, r.market_date::text FROM results r LEFT JOIN bids b
        ON b.market_id = r.market_id AND b.market_date = r.market_date AND b.settle_half = r.half
       AND (r.settled_at IS NOT NULL OR b.id <= r.settled_through)
     WHERE r.id = $1 GROUP BY r.market_date`,
    [resultId],
  );
  // Credits are partitioned by their bid's draw date (migration 0028): naming it keeps the revert in its month.
  const marketDate = decided[0]?.market_date ?? null;
  let reversed = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const { rows: batch } = await tx.query<{ id: number; player_id: string }>(
        `SELECT c.bid_id AS id, c.player_id::text FROM win_credits c
          WHERE c.result_id = $1 AND c.market_date = $3::date AND c.reversal_journal_id IS NULL AND c.payout > 0
          ORDER BY c.bid_id LIMIT $2 FOR UPDATE`,
        [resultId, chunk, marketDate],
      );
      if (batch.length === 0) return { reversed: 0, batch: 0 };
      const ids = batch.map((b) => b.id);
      // Wallet and debt accounts of everyone affected, in id order, before reading balances.
      await tx.query(
        'SELECT id FROM accounts WHERE player_id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
        [[...new Set(batch.map((b) => b.player_id))]],
      );
      const { rows } = await tx.query<{ reversed: number }>(
        // Journal ids come from the sequence up front, as in settle.ts, so the credits can name them; the
        // journals and their entries go through the ledger's one entry point (db/functions/post_journals.sql),
        // all of the chunk's in one call.
        `WITH credits AS (
           SELECT c.bid_id, c.payout, w.id AS wallet_id, d.id AS debt_id, w.balance,
                  sum(c.payout) OVER (PARTITION BY c.player_id ORDER BY c.bid_id) AS running
             FROM win_credits c
             JOIN accounts w ON w.player_id = c.player_id AND w.kind = 'wallet'
             JOIN accounts d ON d.player_id = c.player_id AND d.kind = 'debt'
            WHERE c.result_id = $1 AND c.market_date = $5::date AND c.bid_id = ANY($2::bigint[])
              AND c.reversal_journal_id IS NULL),
         split AS MATERIALIZED (
           SELECT c.*, greatest(0, least(c.payout, c.balance - (c.running - c.payout))) AS from_wallet,
                  nextval(pg_get_serial_sequence('journals', 'id')) AS journal_id,
                  row_number() OVER (ORDER BY c.bid_id) AS n
             FROM credits c),
         legs AS (
           SELECT s.n, 0 AS leg, NULL::bigint AS account, 'house' AS system, s.payout AS amount FROM split s
           UNION ALL
           SELECT s.n, 1, s.wallet_id, NULL, -s.from_wallet FROM split s WHERE s.from_wallet > 0
           UNION ALL
           SELECT s.n, 2, s.debt_id, NULL, -(s.payout - s.from_wallet) FROM split s WHERE s.payout > s.from_wallet),
         posted AS (
           SELECT gama_post_journals('win_reversal', 'system', 'bid', $3, $4,
                    (SELECT array_agg(s.bid_id ORDER BY s.n) FROM split s),
                    array_agg(l.n::int ORDER BY l.n, l.leg), array_agg(l.account ORDER BY l.n, l.leg),
                    array_agg(l.system ORDER BY l.n, l.leg), array_agg(l.amount ORDER BY l.n, l.leg)::bigint[],
                    (SELECT array_agg(s.journal_id ORDER BY s.n) FROM split s)) AS ids
             FROM legs l
           HAVING count(*) > 0),
         linked AS (
           UPDATE win_credits c SET reversal_journal_id = s.journal_id FROM split s, posted p
            WHERE c.result_id = $1 AND c.market_date = $5::date AND c.bid_id = s.bid_id AND p.ids IS NOT NULL
           RETURNING 1)
         SELECT (SELECT count(*) FROM linked)::int AS reversed`,
        [resultId, ids, note, at, marketDate],
      );
      // A closed account's new debt goes to the account its phone holds now, if it was registered again.
      await carryClosedDebts(tx, [...new Set(batch.map((b) => b.player_id))], at);
      return { reversed: rows[0]?.reversed ?? 0, batch: ids.length };
    });
    reversed += step.reversed;
    if (step.batch > 0) faultPoint('revert-after-chunk');
    // PGlite runs in this thread: let waiting requests in between chunks instead of chaining the next one.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (step.batch < chunk) break;
  }
  return { reversed, reopened: decided[0]?.n ?? 0 };
}
