/**
 * Transfer, deposit and withdrawal reports: one row per transfer or request, by the day it was made (or, for
 * requests, decided) in the market time zone. An approved deposit's amount is its deposit journal's credit, an
 * approved withdrawal's its payout journal's (ledger:verify I7 and I8 hold them equal).
 */
import type { MoneyRequestQuery, TransferQuery } from '@gama/core/endpoints/reports/schemas';
import type { Queryable } from '../../db/database.ts';
import type { Paging } from './sql.ts';
import { Params, instants, localTime, orderBy } from './sql.ts';

interface TransferRow {
  transfer_id: number;
  at: string;
  from_player_id: number;
  from_name: string;
  from_mobile: string;
  to_player_id: number;
  to_name: string;
  to_mobile: string;
  amount_paise: number;
}

function transferWhere(q: TransferQuery, p: Params): string {
  const { start, end } = instants(q, p);
  const where = [`t.created_at >= ${start}`, `t.created_at < ${end}`];
  if (q.player_id !== undefined) {
    const player = p.add(q.player_id, 'bigint');
    where.push(`(t.from_player_id = ${player} OR t.to_player_id = ${player})`);
  }
  return where.join(' AND ');
}

export async function transferReport(tx: Queryable, q: TransferQuery, paging: Paging) {
  const t = new Params();
  const { rows: totals } = await tx.query<{ transfers: number; amount: number }>(
    `SELECT count(*) AS transfers, coalesce(sum(t.amount), 0)::bigint AS amount FROM transfers t
      WHERE ${transferWhere(q, t)}`,
    t.values,
  );
  const p = new Params();
  const order = orderBy(
    { date: { sql: 't.created_at', dir: 'asc' }, amount: { sql: 't.amount', dir: 'desc' } },
    q.sort,
    q.dir,
    't.created_at, t.id',
  );
  const { rows } = await tx.query<TransferRow>(
    `SELECT t.id AS transfer_id, ${localTime('t.created_at')} AS at,
            t.from_player_id, f.user_name AS from_name, f.mobile AS from_mobile,
            t.to_player_id, r.user_name AS to_name, r.mobile AS to_mobile, t.amount AS amount_paise
       FROM transfers t JOIN players f ON f.id = t.from_player_id JOIN players r ON r.id = t.to_player_id
      WHERE ${transferWhere(q, p)}
      ORDER BY ${order} LIMIT ${p.add(paging.limit, 'bigint')} OFFSET ${p.add(paging.offset, 'bigint')}`,
    p.values,
  );
  const total = totals[0] ?? { transfers: 0, amount: 0 };
  return {
    rows,
    totals: { transfers: total.transfers, amount_paise: total.amount },
    totalRows: total.transfers,
  };
}

type Status = 'pending' | 'approved' | 'rejected';

interface RequestTable {
  table: 'deposit_requests' | 'withdraw_requests';
  /** The stored status of each report status. */
  statusCodes: Record<Status, string>;
  /** Extra columns of this kind of request, over `r`. */
  columns: string;
}

const deposits: RequestTable = {
  table: 'deposit_requests',
  statusCodes: { pending: 'pending', approved: 'approved', rejected: 'rejected' },
  columns: 'r.method',
};
// Spec 01: withdrawal request_status '0' pending, '1' cancelled (rejected), '2' approved.
const withdrawals: RequestTable = {
  table: 'withdraw_requests',
  statusCodes: { pending: '0', rejected: '1', approved: '2' },
  columns: `CASE r.payment_method WHEN '2' THEN 'google_pay' WHEN '3' THEN 'paytm' ELSE 'phonepe' END AS method,
            r.payout_number, r.receipt_url`,
};

function requestWhere(kind: RequestTable, q: MoneyRequestQuery, p: Params): string {
  const { start, end } = instants(q, p);
  const at = q.date_field === 'decided' ? 'r.decided_at' : 'r.created_at';
  const where = [`${at} >= ${start}`, `${at} < ${end}`];
  if (q.player_id !== undefined) where.push(`r.player_id = ${p.add(q.player_id, 'bigint')}`);
  if (q.status !== undefined) where.push(`r.status = ${p.add(kind.statusCodes[q.status], 'text')}`);
  return where.join(' AND ');
}

interface RequestRow {
  request_id: number;
  requested_at: string;
  player_id: number;
  user_name: string;
  mobile: string;
  amount_paise: number;
  status: string;
  decided_at: string | null;
  decided_by: string | null;
}

async function requestReport<Extra extends object>(
  tx: Queryable,
  kind: RequestTable,
  q: MoneyRequestQuery,
  paging: Paging,
) {
  const t = new Params();
  const { rows: byStatus } = await tx.query<{ status: string | null; n: number; amount: number }>(
    `SELECT r.status, count(*) AS n, coalesce(sum(r.amount), 0)::bigint AS amount
       FROM ${kind.table} r WHERE ${requestWhere(kind, q, t)}
      GROUP BY GROUPING SETS ((r.status), ())`,
    t.values,
  );
  const statusOf = (code: string): Status =>
    (Object.entries(kind.statusCodes).find(([, stored]) => stored === code)?.[0] as Status | undefined) ??
    'pending';
  const totalOf = (status: Status) => {
    const row = byStatus.find((r) => r.status === kind.statusCodes[status]);
    return { count: row?.n ?? 0, amount_paise: row?.amount ?? 0 };
  };
  const all = byStatus.find((r) => r.status === null) ?? { n: 0, amount: 0 };

  const p = new Params();
  const at = q.date_field === 'decided' ? 'r.decided_at' : 'r.created_at';
  const order = orderBy(
    { date: { sql: at, dir: 'asc' }, amount: { sql: 'r.amount', dir: 'desc' } },
    q.sort,
    q.dir,
    `${at}, r.id`,
  );
  const { rows } = await tx.query<RequestRow & Extra>(
    `SELECT r.id AS request_id, ${localTime('r.created_at')} AS requested_at, r.player_id, pl.user_name, pl.mobile,
            r.amount AS amount_paise, r.status, ${localTime('r.decided_at')} AS decided_at, o.username AS decided_by, ${kind.columns}
       FROM ${kind.table} r
       JOIN players pl ON pl.id = r.player_id
       LEFT JOIN operators o ON o.id = r.decided_by
      WHERE ${requestWhere(kind, q, p)}
      ORDER BY ${order} LIMIT ${p.add(paging.limit, 'bigint')} OFFSET ${p.add(paging.offset, 'bigint')}`,
    p.values,
  );
  return {
    rows: rows.map((r) => ({ ...r, status: statusOf(r.status) })),
    totals: {
      requests: all.n,
      amount_paise: all.amount,
      approved: totalOf('approved'),
      pending: totalOf('pending'),
      rejected: totalOf('rejected'),
    },
    totalRows: all.n,
  };
}

export const depositReport = (tx: Queryable, q: MoneyRequestQuery, paging: Paging) =>
  requestReport<{ method: string }>(tx, deposits, q, paging);

export const withdrawalReport = (tx: Queryable, q: MoneyRequestQuery, paging: Paging) =>
  requestReport<{
    method: 'google_pay' | 'paytm' | 'phonepe';
    payout_number: string;
    receipt_url: string | null;
  }>(tx, withdrawals, q, paging);
