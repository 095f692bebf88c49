/**
 * Wallet reports, from the ledger alone: every entry on a wallet account with its journal's time. The opening
 * balance is the sum of the entries before the range, money in and out the positive and negative entries inside
 * it, and the closing balance the sum of all entries to the range's end, so opening + in - out = closing holds
 * to the paisa by construction, and a closing balance equals the account's balance as of that end.
 */
import type { WalletDailyQuery, WalletQuery } from '@gama/core/endpoints/reports/schemas';
import { addPaise } from '@gama/core/rules/money';
import type { Queryable } from '../../db/database.ts';
import type { Paging } from './sql.ts';
import { Params, instants, orderBy, pagedAggregate, perPlayer } from './sql.ts';

/** Which journals each breakdown column gathers; together they are every kind that touches a wallet. */
const KINDS = {
  deposits: ['deposit'],
  withdrawals: ['withdraw_hold', 'withdraw_release', 'withdraw_payout'],
  stakes: ['bid'],
  winnings: ['win', 'win_reversal'],
  transfers: ['transfer'],
  // A referral reward is a credit the owner priced, paid from promotions: with the operators' own credits.
  adjustments: ['adjustment', 'referral_reward'],
  debt_repayments: ['debt_repayment'],
} as const;
type Breakdown = keyof typeof KINDS;
const BREAKDOWN = Object.keys(KINDS) as Breakdown[];

interface Movement extends Record<Breakdown, number> {
  opening: number;
  money_in: number;
  money_out: number;
  closing: number;
}

const sumWhere = (filter: string) => `coalesce(sum(m.amount) FILTER (WHERE ${filter}), 0)::bigint`;
const kindsOf = (column: Breakdown) => KINDS[column].map((k) => `'${k}'`).join(', ');

/** The additive measures of a group of wallet entries `m` (amount, kind, in_range), summed or not. */
const MOVEMENT: ReadonlyArray<readonly [string, string]> = [
  [sumWhere('NOT m.in_range'), 'opening'],
  [sumWhere('m.in_range AND m.amount > 0'), 'money_in'],
  [`-${sumWhere('m.in_range AND m.amount < 0')}`, 'money_out'],
  ['coalesce(sum(m.amount), 0)::bigint', 'closing'],
  ...BREAKDOWN.map((column) => [sumWhere(`m.in_range AND m.kind IN (${kindsOf(column)})`), column] as const),
];

const movementCells = (r: Movement) => ({
  opening_paise: r.opening,
  money_in_paise: r.money_in,
  money_out_paise: r.money_out,
  closing_paise: r.closing,
  ...(Object.fromEntries(BREAKDOWN.map((column) => [`${column}_paise`, r[column]])) as Record<
    `${Breakdown}_paise`,
    number
  >),
});

interface WalletRow extends Movement {
  total: boolean;
  player_id: number;
  user_name: string;
  mobile: string;
}

export async function walletReport(tx: Queryable, q: WalletQuery, paging: Paging) {
  const p = new Params();
  const { start, end } = instants(q, p);
  const player = q.player_id === undefined ? '' : ` AND a.player_id = ${p.add(q.player_id, 'bigint')}`;
  const page = await pagedAggregate<WalletRow>(
    tx,
    {
      // Entries are first summed per player, kind, side of the range and sign: the eleven filtered sums then
      // run over a few dozen rows per player instead of every entry.
      from: `FROM (SELECT a.player_id, j.kind, j.created_at >= ${start} AS in_range, e.amount > 0 AS credit,
                          sum(e.amount)::bigint AS amount
                     FROM entries e
                     JOIN accounts a ON a.id = e.account_id AND a.kind = 'wallet'
                     JOIN journals j ON j.id = e.journal_id
                    WHERE j.created_at < ${end}${player}
                    GROUP BY 1, 2, 3, 4) m`,
      keys: ['m.player_id AS player_id'],
      measures: MOVEMENT,
      select: `SELECT a.*, pl.user_name, pl.mobile FROM a LEFT JOIN players pl ON pl.id = a.player_id`,
    },
    p,
    orderBy(
      {
        player: { sql: 's.player_id', dir: 'asc' },
        opening: { sql: 's.opening', dir: 'desc' },
        money_in: { sql: 's.money_in', dir: 'desc' },
        money_out: { sql: 's.money_out', dir: 'desc' },
        closing: { sql: 's.closing', dir: 'desc' },
      },
      q.sort,
      q.dir,
      's.player_id',
    ),
    paging,
  );
  return perPlayer(page, movementCells);
}

interface DayRow extends Omit<Movement, 'opening' | 'closing'> {
  date: string;
}

/**
 * All wallets together, one row per day of the range (days without movement included): each day opens where
 * the day before closed. At most 366 rows, so the page is cut here and the totals added up here.
 */
export async function walletDailyReport(tx: Queryable, q: WalletDailyQuery, paging: Paging) {
  const p = new Params();
  const { start, end } = instants(q, p);
  const { rows } = await tx.query<DayRow & { opening_before: number }>(
    `WITH moves AS (
       SELECT j.created_at::date AS day, j.kind, j.created_at >= ${start} AS in_range, e.amount > 0 AS credit,
              sum(e.amount)::bigint AS amount
         FROM entries e
         JOIN accounts a ON a.id = e.account_id AND a.kind = 'wallet'
         JOIN journals j ON j.id = e.journal_id
        WHERE j.created_at < ${end}
        GROUP BY 1, 2, 3, 4),
     per_day AS (
       SELECT m.day, ${sumWhere('m.amount > 0')} AS money_in, -${sumWhere('m.amount < 0')} AS money_out,
              ${BREAKDOWN.map((column) => `${sumWhere(`m.kind IN (${kindsOf(column)})`)} AS ${column}`).join(', ')}
         FROM moves m WHERE m.in_range GROUP BY m.day)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
            (SELECT coalesce(sum(m.amount), 0)::bigint FROM moves m WHERE NOT m.in_range) AS opening_before,
            coalesce(x.money_in, 0) AS money_in, coalesce(x.money_out, 0) AS money_out,
            ${BREAKDOWN.map((column) => `coalesce(x.${column}, 0) AS ${column}`).join(', ')}
       FROM generate_series(${p.add(q.from, 'date')}, ${p.add(q.to, 'date')}, interval '1 day') AS d(day)
       LEFT JOIN per_day x ON x.day = d.day::date
      ORDER BY d.day`,
    p.values,
  );
  let balance = rows[0]?.opening_before ?? 0;
  const days = rows.map((r) => {
    const opening = balance;
    balance = addPaise(opening, r.money_in, -r.money_out);
    return { ...r, opening, closing: balance };
  });
  const totals: Movement = {
    opening: days[0]?.opening ?? 0,
    money_in: addPaise(...days.map((d) => d.money_in)),
    money_out: addPaise(...days.map((d) => d.money_out)),
    closing: balance,
    ...(Object.fromEntries(
      BREAKDOWN.map((column) => [column, addPaise(...days.map((d) => d[column]))]),
    ) as Record<Breakdown, number>),
  };
  const ordered = q.dir === 'desc' ? [...days].reverse() : days;
  const shown = paging.limit === null ? ordered : ordered.slice(paging.offset, paging.offset + paging.limit);
  return {
    rows: shown.map((d) => ({ date: d.date, ...movementCells(d) })),
    totals: movementCells(totals),
    totalRows: days.length,
  };
}
