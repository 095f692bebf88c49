/**
 * The ledger invariants of reliability-security.md section 1.6, as SQL. Each check returns the offending
 * rows; an empty list everywhere means the ledger is sound. Run by `npm run ledger:verify` and at the end
 * of every test suite that moves money.
 */
import type { Queryable } from '../../db/database.ts';

export interface Violation {
  invariant: string;
  description: string;
  rows: Record<string, unknown>[];
}

interface Check {
  invariant: string;
  description: string;
  sql: string;
  /** Only run when this table exists (later features add tables). */
  needs?: string;
}

const checks: Check[] = [
  {
    invariant: 'I1',
    description: 'all entries sum to zero',
    sql: `SELECT sum(amount) AS total FROM entries HAVING coalesce(sum(amount), 0) <> 0`,
  },
  {
    invariant: 'I2',
    description: 'every journal sums to zero and has at least two entries',
    sql: `SELECT j.id, j.kind, coalesce(sum(e.amount), 0) AS total, count(e.id) AS entries
            FROM journals j LEFT JOIN entries e ON e.journal_id = j.id
           GROUP BY j.id HAVING coalesce(sum(e.amount), 0) <> 0 OR count(e.id) < 2`,
  },
  {
    invariant: 'I3',
    description: 'every cached balance equals the sum of its entries',
    sql: `SELECT a.id, a.kind, a.player_id, a.balance, coalesce(s.total, 0) AS entries_total
            FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM entries GROUP BY account_id) s
              ON s.account_id = a.id
           WHERE a.balance IS NOT NULL AND a.balance <> coalesce(s.total, 0)`,
  },
  {
    invariant: 'I4',
    description: 'no wallet below zero, no debt above zero, no pending-withdrawal hold below zero',
    sql: `SELECT a.id, a.kind, a.player_id, coalesce(s.total, 0) AS total
            FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM entries GROUP BY account_id) s
              ON s.account_id = a.id
           WHERE (a.kind = 'wallet' AND coalesce(s.total, 0) < 0)
              OR (a.kind = 'debt' AND coalesce(s.total, 0) > 0)
              OR (a.kind = 'withdrawals_pending' AND coalesce(s.total, 0) < 0)`,
  },
  {
    invariant: 'I5',
    description: 'every bid journal debits the player exactly the stakes of the bids that reference it',
    needs: 'bids',
    sql: `SELECT j.id, coalesce(b.total, 0) AS bids_total, coalesce(-w.debit, 0) AS debited
            FROM journals j
            LEFT JOIN (SELECT journal_id, sum(amount) AS total, min(player_id) AS player_id, count(DISTINCT player_id) AS players
                         FROM bids GROUP BY journal_id) b ON b.journal_id = j.id
            LEFT JOIN LATERAL (SELECT sum(e.amount) AS debit FROM entries e JOIN accounts a ON a.id = e.account_id
                                WHERE e.journal_id = j.id AND a.kind = 'wallet' AND a.player_id = b.player_id) w ON true
           WHERE j.kind = 'bid' AND (b.total IS NULL OR b.players <> 1 OR -w.debit IS DISTINCT FROM b.total)
          UNION ALL
          SELECT b.journal_id, NULL, NULL FROM bids b JOIN journals j ON j.id = b.journal_id
           WHERE j.kind <> 'bid' GROUP BY b.journal_id`,
  },
  {
    invariant: 'I6',
    description:
      'a win credit names its bid on the bid draw date it carries and pays it at its frozen rate, under a result of its market, date and half; a bid has at most one unreversed credit, and a reverted result none; a win journal pays exactly its credits, to their one player, and each reversal cancels its credit',
    needs: 'win_credits',
    sql: `SELECT c.bid_id, 'misplaced', c.payout, c.result_id, NULL::bigint FROM win_credits c
            LEFT JOIN bids b ON b.id = c.bid_id AND b.market_date = c.market_date
            LEFT JOIN results r ON r.id = c.result_id
           WHERE b.id IS NULL OR r.id IS NULL OR b.market_id <> r.market_id OR b.market_date <> r.market_date OR b.settle_half <> r.half
              OR b.player_id <> c.player_id OR c.payout <> (b.points * 100 * b.rate_val_2) / b.rate_val_1
          UNION ALL
          SELECT c.bid_id, 'paid twice', sum(c.payout), count(*), NULL::bigint FROM win_credits c
           WHERE c.reversal_journal_id IS NULL AND c.payout > 0
           GROUP BY c.bid_id HAVING count(*) > 1
          UNION ALL
          SELECT c.bid_id, 'not reversed', c.payout, c.result_id, NULL::bigint FROM win_credits c
            JOIN results r ON r.id = c.result_id
           WHERE r.reverted_at IS NOT NULL AND c.payout > 0 AND c.reversal_journal_id IS NULL
          UNION ALL
          SELECT j.id, 'credit', c.paid, c.players, w.amount
            FROM (SELECT journal_id, min(player_id) AS player_id, count(DISTINCT player_id) AS players,
                         sum(payout) AS paid
                    FROM win_credits WHERE journal_id IS NOT NULL GROUP BY journal_id) c
            JOIN journals j ON j.id = c.journal_id
            LEFT JOIN LATERAL (SELECT sum(e.amount) AS amount FROM entries e JOIN accounts a ON a.id = e.account_id
                                WHERE e.journal_id = j.id AND a.kind = 'wallet' AND a.player_id = c.player_id) w ON true
           WHERE j.kind <> 'win' OR c.players <> 1 OR w.amount IS DISTINCT FROM c.paid
          UNION ALL
          SELECT c.bid_id, 'journal missing', c.payout, c.journal_id, NULL::bigint FROM win_credits c
           WHERE c.journal_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = c.journal_id)
          UNION ALL
          SELECT j.id, 'win without credit', NULL, NULL, NULL FROM journals j
           WHERE j.kind = 'win' AND NOT EXISTS (SELECT 1 FROM win_credits c WHERE c.journal_id = j.id)
          UNION ALL
          SELECT c.bid_id, 'reversal', c.payout, NULL, h.amount FROM win_credits c
            JOIN journals r ON r.id = c.reversal_journal_id
            JOIN entries h ON h.journal_id = r.id
            JOIN accounts a ON a.id = h.account_id AND a.kind = 'house'
           WHERE r.kind <> 'win_reversal' OR h.amount <> c.payout`,
  },
  {
    invariant: 'I7',
    description: 'an approved deposit has exactly one deposit credit of its amount; others have none',
    sql: `SELECT r.id, r.status, r.amount, r.journal_id
            FROM deposit_requests r
            LEFT JOIN journals j ON j.id = r.journal_id
            LEFT JOIN accounts w ON w.player_id = r.player_id AND w.kind = 'wallet'
            LEFT JOIN entries e ON e.journal_id = j.id AND e.account_id = w.id
           WHERE (r.status = 'approved' AND (j.kind IS DISTINCT FROM 'deposit' OR e.amount IS DISTINCT FROM r.amount))
              OR (r.status <> 'approved' AND r.journal_id IS NOT NULL)
          UNION ALL
          SELECT j.id, 'orphan deposit journal', NULL, j.id FROM journals j
           WHERE j.kind = 'deposit' AND (SELECT count(*) FROM deposit_requests r WHERE r.journal_id = j.id) <> 1`,
  },
  {
    invariant: 'I8',
    description:
      'withdrawals: hold = amount; pending holds = pending account; approved paid once, rejected returned once',
    sql: `SELECT r.id, r.status, r.amount, 'hold' AS problem FROM withdraw_requests r
            JOIN journals j ON j.id = r.hold_journal_id
            JOIN entries e ON e.journal_id = j.id
            JOIN accounts a ON a.id = e.account_id AND a.kind = 'withdrawals_pending'
           WHERE j.kind <> 'withdraw_hold' OR e.amount <> r.amount
          UNION ALL
          SELECT r.id, r.status, r.amount, 'settlement' FROM withdraw_requests r
            LEFT JOIN journals j ON j.id = r.settle_journal_id
            LEFT JOIN entries e ON e.journal_id = j.id
            LEFT JOIN accounts a ON a.id = e.account_id AND a.kind = 'withdrawals_pending'
           WHERE r.status <> '0' AND a.id IS NOT NULL AND (
                 e.amount <> -r.amount
              OR (r.status = '2' AND j.kind <> 'withdraw_payout')
              OR (r.status = '1' AND j.kind <> 'withdraw_release'))
          UNION ALL
          SELECT NULL, 'pending total', p.total, 'pending account differs from pending requests'
            FROM (SELECT coalesce(sum(e.amount), 0) AS total FROM entries e
                    JOIN accounts a ON a.id = e.account_id AND a.kind = 'withdrawals_pending') p,
                 (SELECT coalesce(sum(amount), 0) AS total FROM withdraw_requests WHERE status = '0') r
           WHERE p.total <> r.total
          UNION ALL
          SELECT j.id, j.kind, NULL, 'withdraw journal without request' FROM journals j
           WHERE j.kind IN ('withdraw_hold', 'withdraw_payout', 'withdraw_release')
             AND NOT EXISTS (SELECT 1 FROM withdraw_requests r WHERE r.hold_journal_id = j.id OR r.settle_journal_id = j.id)`,
  },
  {
    invariant: 'I9',
    description:
      'a transfer debits the sender and credits a different recipient by the same amount, at least 1 point',
    sql: `SELECT t.id, t.amount, count(e.id) AS entries FROM transfers t
            JOIN entries e ON e.journal_id = t.journal_id
            LEFT JOIN accounts s ON s.id = e.account_id AND s.player_id = t.from_player_id AND s.kind = 'wallet'
            LEFT JOIN accounts r ON r.id = e.account_id AND r.player_id = t.to_player_id AND r.kind = 'wallet'
           GROUP BY t.id, t.amount
          HAVING count(e.id) <> 2
              OR sum(CASE WHEN s.id IS NOT NULL AND e.amount = -t.amount THEN 1 ELSE 0 END) <> 1
              OR sum(CASE WHEN r.id IS NOT NULL AND e.amount = t.amount THEN 1 ELSE 0 END) <> 1
              OR t.amount < 100
          UNION ALL
          SELECT j.id, NULL, NULL FROM journals j
           WHERE j.kind = 'transfer' AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.journal_id = j.id)`,
  },
  {
    invariant: 'I10',
    description: 'an idempotency key maps to at most one journal, and no journal to two keys',
    sql: `SELECT journal_id, count(*) AS keys FROM idempotency_keys WHERE journal_id IS NOT NULL
           GROUP BY journal_id HAVING count(*) > 1`,
  },
  {
    invariant: 'R1',
    description:
      'a paid referral has one referral_reward journal paying its two rewards from promotions; every such journal has its paid referral',
    needs: 'referrals',
    sql: `WITH paid AS (
            SELECT e.journal_id,
                   sum(e.amount) FILTER (WHERE a.kind = 'promotions') AS promotions,
                   array_agg(a.player_id) FILTER (WHERE a.kind = 'wallet') AS players,
                   array_agg(e.amount) FILTER (WHERE a.kind = 'wallet') AS amounts
              FROM journals j JOIN entries e ON e.journal_id = j.id JOIN accounts a ON a.id = e.account_id
             WHERE j.kind = 'referral_reward' GROUP BY e.journal_id
          )
          SELECT r.referred_id, r.state, r.journal_id FROM referrals r
            LEFT JOIN journals j ON j.id = r.journal_id
            LEFT JOIN paid p ON p.journal_id = r.journal_id
           WHERE (r.state = 'paid') <> (r.journal_id IS NOT NULL)
              OR (r.journal_id IS NOT NULL AND (
                    j.kind <> 'referral_reward' OR j.ref_id <> r.referred_id
                 OR p.promotions IS DISTINCT FROM -(r.referrer_reward + r.referred_reward)
                 OR (SELECT coalesce(sum(x.amount), 0) FROM unnest(p.players, p.amounts) AS x(player, amount)
                      WHERE x.player = r.referrer_id) <> r.referrer_reward
                 OR (SELECT coalesce(sum(x.amount), 0) FROM unnest(p.players, p.amounts) AS x(player, amount)
                      WHERE x.player = r.referred_id) <> r.referred_reward))
          UNION ALL
          SELECT j.ref_id, 'referral_reward journal without its paid referral', j.id FROM journals j
           WHERE j.kind = 'referral_reward'
             AND (SELECT count(*) FROM referrals r WHERE r.journal_id = j.id AND r.state = 'paid') <> 1`,
  },
];

/** Checks added by later features (bids, settlement) register here. */
export function addInvariant(check: Check): void {
  checks.push(check);
}

async function tableExists(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table]);
  return rows[0]?.ok === true;
}

/**
 * Bids and win credits of detached months (migration 0028) still back their journals: the checks read them
 * with the live partitions, through CTEs named like the tables they stand for.
 */
async function withDetachedMonths(db: Queryable): Promise<string> {
  if (!(await tableExists(db, 'detached_draw_months'))) return '';
  const { rows } = await db.query<{ bids_table: string; credits_table: string }>(
    'SELECT bids_table, credits_table FROM detached_draw_months ORDER BY month',
  );
  if (rows.length === 0) return '';
  const columns = async (table: string) => {
    const { rows: cols } = await db.query<{ list: string }>(
      `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS list
         FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    return cols[0]?.list ?? '*';
  };
  const union = async (table: string, parts: string[]) => {
    const list = await columns(table);
    const quoted = parts.map((p) => `SELECT ${list} FROM "${p.replace(/"/g, '""')}"`);
    return `${table} AS (SELECT ${list} FROM ${table} UNION ALL ${quoted.join(' UNION ALL ')})`;
  };
  const bids = await union(
    'bids',
    rows.map((r) => r.bids_table),
  );
  const credits = await union(
    'win_credits',
    rows.map((r) => r.credits_table),
  );
  return `WITH ${bids}, ${credits} `;
}

export async function verifyLedger(db: Queryable): Promise<Violation[]> {
  const violations: Violation[] = [];
  const detached = await withDetachedMonths(db);
  for (const check of checks) {
    if (check.needs && !(await tableExists(db, check.needs))) continue;
    const reads = /\b(bids|win_credits)\b/.test(check.sql);
    const { rows } = await db.query<Record<string, unknown>>(reads ? `${detached}${check.sql}` : check.sql);
    if (rows.length > 0)
      violations.push({ invariant: check.invariant, description: check.description, rows });
  }
  return violations;
}
