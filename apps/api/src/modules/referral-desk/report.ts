/** The console's referral report: every referral with its players, dates, reward state and amounts. */
import type { z } from 'zod';
import type { ReferralRow, ReferralState, referralsQuery } from '@gama/core/endpoints/referrals/index';
import type { Queryable } from '../../db/database.ts';
import { SqlFilter, iso, isoOrNull, pageWindow } from '../../lib/paging.ts';

interface ReferralSql {
  referred_id: number;
  referred_name: string;
  referred_mobile: string;
  referrer_id: number;
  referrer_name: string;
  referrer_mobile: string;
  created_at: Date;
  state: ReferralState;
  qualified_at: Date | null;
  deposit_request_id: number | null;
  referrer_reward: number | null;
  referred_reward: number | null;
  link_reasons: string[] | null;
  journal_id: number | null;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
}

const SORTS = {
  registered_at: 'r.created_at',
  qualified_at: 'r.qualified_at',
  referrer_reward: 'r.referrer_reward',
} as const;

function rowOf(r: ReferralSql): ReferralRow {
  return {
    referred: { id: r.referred_id, user_name: r.referred_name, mobile: r.referred_mobile },
    referrer: { id: r.referrer_id, user_name: r.referrer_name, mobile: r.referrer_mobile },
    registered_at: iso(r.created_at),
    state: r.state,
    qualified_at: isoOrNull(r.qualified_at),
    deposit_request_id: r.deposit_request_id,
    referrer_reward_paise: r.referrer_reward,
    referred_reward_paise: r.referred_reward,
    link_reasons: r.link_reasons ?? [],
    journal_id: r.journal_id,
    decided_by:
      r.decided_by === null
        ? null
        : { id: r.decided_by, username: r.decided_by_name ?? `operator ${r.decided_by}` },
    decided_at: isoOrNull(r.decided_at),
    decision_reason: r.decision_reason,
  };
}

const SELECT = `
  SELECT r.referred_id, d.user_name AS referred_name, d.mobile AS referred_mobile,
         r.referrer_id, s.user_name AS referrer_name, s.mobile AS referrer_mobile,
         r.created_at, r.state, r.qualified_at, r.deposit_request_id, r.referrer_reward, r.referred_reward,
         r.link_reasons, r.journal_id, r.decided_by, o.username AS decided_by_name, r.decided_at,
         r.decision_reason
    FROM referrals r
    JOIN players d ON d.id = r.referred_id
    JOIN players s ON s.id = r.referrer_id
    LEFT JOIN operators o ON o.id = r.decided_by`;

/** One referral, as the report shows it. */
export async function referralRow(db: Queryable, referredId: number): Promise<ReferralRow | undefined> {
  const { rows } = await db.query<ReferralSql>(`${SELECT} WHERE r.referred_id = $1`, [referredId]);
  const row = rows[0];
  return row ? rowOf(row) : undefined;
}

/**
 * The report: a page of referrals (or every one for a CSV) with the sums paid over all that match. The search
 * finds a referral by either player; the dates are the registration's, in the market time zone.
 */
export async function referralReport(
  db: Queryable,
  q: z.output<typeof referralsQuery>,
  timeZone: string,
): Promise<{
  rows: ReferralRow[];
  total: number;
  totals: { referrer: number; referred: number; held: number };
}> {
  const filter = new SqlFilter();
  if (q.state !== undefined) filter.where(`r.state = ${filter.param(q.state)}`);
  if (q.referrer_id !== undefined) filter.where(`r.referrer_id = ${filter.param(q.referrer_id)}`);
  if (q.q !== undefined) {
    const either = new SqlFilter(filter.params);
    either.playerSearch('d', q.q);
    const referred = either.sql.replace(/^WHERE /, '');
    const other = new SqlFilter(filter.params);
    other.playerSearch('s', q.q);
    filter.where(`((${referred}) OR (${other.sql.replace(/^WHERE /, '')}))`);
  }
  filter.dateRange('r.created_at', q, timeZone);
  // Rows without a value for the sorted column (not yet qualified) come last either way.
  const dir = q.dir === 'asc' ? 'ASC' : 'DESC';
  const order = `ORDER BY ${SORTS[q.sort]} ${dir} NULLS LAST, r.referred_id ${dir}`;
  const { limit, offset } = pageWindow(q);
  const from = `FROM referrals r JOIN players d ON d.id = r.referred_id JOIN players s ON s.id = r.referrer_id`;
  const [rows, sums] = await Promise.all([
    db.query<ReferralSql>(`${SELECT} ${filter.sql} ${order} LIMIT ${limit} OFFSET ${offset}`, filter.params),
    db.query<{ n: number; referrer: number; referred: number; held: number }>(
      `SELECT count(*)::int AS n,
              coalesce(sum(r.referrer_reward) FILTER (WHERE r.state = 'paid'), 0)::bigint AS referrer,
              coalesce(sum(r.referred_reward) FILTER (WHERE r.state = 'paid'), 0)::bigint AS referred,
              (count(*) FILTER (WHERE r.state = 'held'))::int AS held
         ${from} ${filter.sql}`,
      filter.params,
    ),
  ]);
  const s = sums.rows[0] ?? { n: 0, referrer: 0, referred: 0, held: 0 };
  return {
    rows: rows.rows.map(rowOf),
    total: s.n,
    totals: { referrer: Number(s.referrer), referred: Number(s.referred), held: s.held },
  };
}
