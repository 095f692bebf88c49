/**
 * What the console reads about players: the search list, the player page, and its paged sub-lists. All of it
 * is read-only SQL over the tables the player's own calls write; money stays in integer paise.
 */
import type { z } from 'zod';
import type {
  bidRow,
  bidsQuery,
  passbookRow,
  payoutMethodRow,
  playerDepositRow,
  PlayerPageAnswer,
  PlayerRow,
  playersQuery,
  playerWithdrawalRow,
  sessionRow,
  transferRow,
  winsQuery,
} from '@gama/core/endpoints/players/index';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { SqlFilter, iso, isoOrNull, orderBy, pageWindow } from '../../lib/paging.ts';
import type { PageParams } from '../../lib/paging.ts';
import { ABSOLUTE_MS, IDLE_MS } from '../auth/sessions.ts';
import { playerMessages } from '@gama/core/endpoints/players/index';

export interface Paged<T> {
  rows: T[];
  total: number;
}

interface PlayerListSql {
  id: number;
  user_name: string;
  mobile: string;
  betting_status: '0' | '1';
  transfer_allowed: boolean;
  blocked_at: Date | null;
  break_kind: 'timeout' | 'exclusion' | null;
  break_until: Date | null;
  wallet: number;
  debt: number;
  created_at: Date;
  last_seen_at: Date | null;
}

const PLAYER_COLUMNS = `p.id, p.user_name, p.mobile, p.betting_status, p.transfer_allowed, p.blocked_at, p.created_at,
  p.break_kind, p.break_until,
  w.balance AS wallet, -d.balance AS debt,
  (SELECT max(s.last_seen_at) FROM sessions s WHERE s.player_id = p.id) AS last_seen_at`;
const PLAYER_FROM = `players p
  JOIN accounts w ON w.player_id = p.id AND w.kind = 'wallet'
  JOIN accounts d ON d.player_id = p.id AND d.kind = 'debt'`;

/** A break counts while it runs by the server's clock: an ended one stays in the row, as a trigger keeps it. */
function playerRow(r: PlayerListSql, now: Date): PlayerRow {
  return {
    id: r.id,
    user_name: r.user_name,
    mobile: r.mobile,
    betting_status: r.betting_status,
    transfer_allowed: r.transfer_allowed,
    blocked: r.blocked_at !== null,
    break:
      r.break_kind !== null && r.break_until !== null && r.break_until > now
        ? { kind: r.break_kind, until: iso(r.break_until) }
        : null,
    wallet_paise: r.wallet,
    debt_paise: r.debt,
    created_at: iso(r.created_at),
    last_seen_at: isoOrNull(r.last_seen_at),
  };
}

const PLAYER_SORTS = {
  id: 'p.id',
  user_name: 'p.user_name',
  mobile: 'p.mobile',
  created_at: 'p.created_at',
  wallet: 'w.balance',
} as const;

export async function searchPlayers(
  db: Queryable,
  q: z.output<typeof playersQuery>,
  now: Date,
): Promise<Paged<PlayerRow>> {
  const filter = new SqlFilter().playerSearch('p', q.q);
  if (q.betting_status !== undefined) filter.where(`p.betting_status = ${filter.param(q.betting_status)}`);
  if (q.blocked !== undefined) filter.where(q.blocked ? 'p.blocked_at IS NOT NULL' : 'p.blocked_at IS NULL');
  const { limit, offset } = pageWindow(q);
  const [rows, count] = await Promise.all([
    db.query<PlayerListSql>(
      `SELECT ${PLAYER_COLUMNS} FROM ${PLAYER_FROM} ${filter.sql}
       ${orderBy(PLAYER_SORTS[q.sort], 'p.id', q.dir)} LIMIT ${limit} OFFSET ${offset}`,
      filter.params,
    ),
    db.query<{ n: number }>(`SELECT count(*) AS n FROM players p ${filter.sql}`, filter.params),
  ]);
  return { rows: rows.rows.map((r) => playerRow(r, now)), total: count.rows[0]?.n ?? 0 };
}

export async function assertPlayer(db: Queryable, id: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM players WHERE id = $1', [id]);
  if (rows.length === 0) throw new AppError('NOT_FOUND', playerMessages.notFound);
}

export async function playerPage(
  db: Queryable,
  id: number,
  now: Date,
): Promise<Omit<PlayerPageAnswer, 'status'>> {
  const { rows } = await db.query<
    PlayerListSql & { blocked_reason: string | null; password_changed_at: Date }
  >(`SELECT ${PLAYER_COLUMNS}, p.blocked_reason, p.password_changed_at FROM ${PLAYER_FROM} WHERE p.id = $1`, [
    id,
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', playerMessages.notFound);
  const { rows: stats } = await db.query<{
    bids: number;
    wins: number;
    deposits: number;
    deposits_pending: number;
    withdrawals: number;
    withdrawals_pending: number;
    transfers_out: number;
    transfers_in: number;
    live_sessions: number;
    payout_methods: number;
    deposited: number;
    withdrawn: number;
    staked: number;
    won: number;
  }>(
    `SELECT
       (SELECT count(*) FROM bids WHERE player_id = $1) AS bids,
       (SELECT count(*) FROM bid_outcomes WHERE player_id = $1 AND status = 'won') AS wins,
       (SELECT count(*) FROM deposit_requests WHERE player_id = $1) AS deposits,
       (SELECT count(*) FROM deposit_requests WHERE player_id = $1 AND status = 'pending') AS deposits_pending,
       (SELECT count(*) FROM withdraw_requests WHERE player_id = $1) AS withdrawals,
       (SELECT count(*) FROM withdraw_requests WHERE player_id = $1 AND status = '0') AS withdrawals_pending,
       (SELECT count(*) FROM transfers WHERE from_player_id = $1) AS transfers_out,
       (SELECT count(*) FROM transfers WHERE to_player_id = $1) AS transfers_in,
       (SELECT count(*) FROM sessions WHERE player_id = $1 AND revoked_at IS NULL) AS live_sessions,
       (SELECT count(*) FROM payout_methods WHERE player_id = $1) AS payout_methods,
       (SELECT coalesce(sum(amount), 0)::bigint FROM deposit_requests WHERE player_id = $1 AND status = 'approved') AS deposited,
       (SELECT coalesce(sum(amount), 0)::bigint FROM withdraw_requests WHERE player_id = $1 AND status = '2') AS withdrawn,
       (SELECT coalesce(sum(amount), 0)::bigint FROM bids WHERE player_id = $1) AS staked,
       (SELECT coalesce(sum(payout), 0)::bigint FROM bid_outcomes WHERE player_id = $1 AND status = 'won') AS won`,
    [id],
  );
  const s = stats[0];
  if (!s) throw new Error('player stats returned no row');
  return {
    player: {
      ...playerRow(row, now),
      blocked_at: isoOrNull(row.blocked_at),
      blocked_reason: row.blocked_reason,
      password_changed_at: iso(row.password_changed_at),
    },
    counts: {
      bids: s.bids,
      wins: s.wins,
      deposits: s.deposits,
      deposits_pending: s.deposits_pending,
      withdrawals: s.withdrawals,
      withdrawals_pending: s.withdrawals_pending,
      transfers_out: s.transfers_out,
      transfers_in: s.transfers_in,
      live_sessions: s.live_sessions,
      payout_methods: s.payout_methods,
    },
    totals: {
      deposited_paise: s.deposited,
      withdrawn_paise: s.withdrawn,
      staked_paise: s.staked,
      won_paise: s.won,
    },
  };
}

export interface SubListParams extends PageParams {
  from?: string | undefined;
  to?: string | undefined;
}

/** Runs a sub-list: `select` has `{where}` where the filters go and is ordered by `idColumn`. */
async function subList<Sql, Row>(
  db: Queryable,
  sql: { select: string; count: string; idColumn: string; timeColumn: string },
  filter: SqlFilter,
  q: SubListParams,
  timeZone: string,
  map: (row: Sql) => Row,
): Promise<Paged<Row>> {
  filter.dateRange(sql.timeColumn, q, timeZone);
  const { limit, offset } = pageWindow(q);
  const [rows, count] = await Promise.all([
    db.query<Sql>(
      `${sql.select.replace('{where}', filter.and)} ${orderBy(sql.idColumn, sql.idColumn, q.dir)}
       LIMIT ${limit} OFFSET ${offset}`,
      filter.params,
    ),
    db.query<{ n: number }>(sql.count.replace('{where}', filter.and), filter.params),
  ]);
  return { rows: rows.rows.map(map), total: count.rows[0]?.n ?? 0 };
}

/**
 * One list of the player page, declared as data and read by `playerList`: `from` names the player's rows with
 * the player as `$1` (the count reads the same rows), newest first by `idColumn`, the dates filtering
 * `timeColumn`; `row` makes each row the console's.
 */
export interface PlayerList<Q extends SubListParams, Sql, Row> {
  columns: string;
  from: string;
  idColumn: string;
  timeColumn: string;
  /** The list's own filters, beyond the dates. */
  where?: (filter: SqlFilter, q: Q) => void;
  row: (r: Sql, the: { playerId: number; now: Date }) => Row;
}

/** A page of one player's list; the player must exist (a 404, not an empty page, for a wrong id). */
export async function playerList<Q extends SubListParams, Sql, Row>(
  db: Queryable,
  list: PlayerList<Q, Sql, Row>,
  playerId: number,
  q: Q,
  timeZone: string,
  now: Date,
): Promise<Paged<Row>> {
  await assertPlayer(db, playerId);
  const { columns, from, idColumn, timeColumn } = list;
  const filter = new SqlFilter([playerId]);
  list.where?.(filter, q);
  return subList(
    db,
    {
      select: `SELECT ${columns} ${from} {where}`,
      count: `SELECT count(*) AS n ${from} {where}`,
      idColumn,
      timeColumn,
    },
    filter,
    q,
    timeZone,
    (r: Sql) => list.row(r, { playerId, now }),
  );
}

export async function playerPassbook(
  db: Queryable,
  playerId: number,
  q: SubListParams,
  timeZone: string,
): Promise<Paged<z.output<typeof passbookRow>>> {
  await assertPlayer(db, playerId);
  const filter = new SqlFilter([playerId]);
  // The balance after each entry is the running sum over the whole wallet, computed before any filter applies.
  return subList(
    db,
    {
      select: `SELECT * FROM (
                 SELECT e.id, e.journal_id, j.kind, j.note, e.amount, j.actor, j.created_at,
                        sum(e.amount) OVER (ORDER BY e.id)::bigint AS balance
                   FROM entries e JOIN journals j ON j.id = e.journal_id
                  WHERE e.account_id = (SELECT id FROM accounts WHERE player_id = $1 AND kind = 'wallet')
               ) x
               LEFT JOIN LATERAL (
                 SELECT CASE WHEN x.actor LIKE 'operator:%'
                               THEN (SELECT o.username FROM operators o
                                      WHERE o.id = substr(x.actor, 10)::bigint)
                             WHEN x.actor LIKE 'player:%'
                               THEN (SELECT ap.user_name || ' (' || ap.mobile || ')' FROM players ap
                                      WHERE ap.id = substr(x.actor, 8)::bigint)
                        END AS actor_name
               ) an ON true
               LEFT JOIN LATERAL (
                 SELECT cp.id AS cp_id, cp.user_name AS cp_name, cp.mobile AS cp_mobile
                   FROM transfers t
                   JOIN players cp ON cp.id = CASE WHEN t.from_player_id = $1 THEN t.to_player_id
                                                   ELSE t.from_player_id END
                  WHERE t.journal_id = x.journal_id
               ) cp ON true
               WHERE true {where}`,
      count: `SELECT count(*) AS n FROM entries e JOIN journals j ON j.id = e.journal_id
               WHERE e.account_id = (SELECT id FROM accounts WHERE player_id = $1 AND kind = 'wallet') {where}`,
      idColumn: 'id',
      timeColumn: 'created_at',
    },
    filter,
    q,
    timeZone,
    (r: {
      id: number;
      journal_id: number;
      kind: string;
      note: string;
      amount: number;
      actor: string;
      actor_name: string | null;
      cp_id: number | null;
      cp_name: string | null;
      cp_mobile: string | null;
      created_at: Date;
      balance: number;
    }) => ({
      entry_id: r.id,
      journal_id: r.journal_id,
      kind: r.kind,
      note: r.note,
      amount_paise: r.amount,
      balance_paise: r.balance,
      actor: r.actor,
      actor_name: r.actor_name ?? r.actor,
      counterparty:
        r.cp_id === null ? null : { id: r.cp_id, user_name: r.cp_name ?? '', mobile: r.cp_mobile ?? '' },
      created_at: iso(r.created_at),
    }),
  );
}

interface BidSql {
  id: number;
  grp: 'main' | 'starline' | 'gali';
  market_id: number;
  market_name: string;
  market_date: Date | string;
  bet_type: string;
  session: 'open' | 'close';
  digits: string;
  close_digits: string;
  amount: number;
  status: 'pending' | 'won' | 'lost';
  payout: number | null;
  created_at: Date;
}

function bidRowOf(r: BidSql): z.output<typeof bidRow> {
  return {
    id: r.id,
    group: r.grp,
    market_id: r.market_id,
    market_name: r.market_name,
    market_date: typeof r.market_date === 'string' ? r.market_date : r.market_date.toISOString().slice(0, 10),
    bet_type: r.bet_type,
    session: r.session,
    digits: r.digits,
    close_digits: r.close_digits,
    amount_paise: r.amount,
    status: r.status,
    payout_paise: r.payout,
    created_at: iso(r.created_at),
  };
}

export const playerBids: PlayerList<
  z.output<typeof bidsQuery> | (z.output<typeof winsQuery> & { status: 'won' }),
  BidSql,
  z.output<typeof bidRow>
> = {
  columns: `b.id, b.grp, b.market_id, m.name AS market_name, to_char(b.market_date, 'YYYY-MM-DD') AS market_date,
            b.bet_type, b.session, b.digits, b.close_digits, b.amount, b.status, b.payout, b.created_at`,
  from: `FROM bid_outcomes b JOIN markets m ON m.id = b.market_id WHERE b.player_id = $1`,
  idColumn: 'b.id',
  timeColumn: 'b.created_at',
  where(filter, q) {
    if (q.group !== undefined) filter.where(`b.grp = ${filter.param(q.group)}`);
    if (q.status !== undefined) filter.where(`b.status = ${filter.param(q.status)}`);
  },
  row: bidRowOf,
};

interface DepositSql {
  id: number;
  amount: number;
  status: 'pending' | 'approved' | 'rejected';
  utr: string | null;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
  username: string | null;
  has_screenshot: boolean;
}

export const playerDeposits: PlayerList<SubListParams, DepositSql, z.output<typeof playerDepositRow>> = {
  columns: `r.id, r.amount, r.status, r.utr, r.reason, r.created_at, r.decided_at, o.username,
              EXISTS (SELECT 1 FROM deposit_screenshots s WHERE s.deposit_request_id = r.id) AS has_screenshot`,
  from: `FROM deposit_requests r LEFT JOIN operators o ON o.id = r.decided_by WHERE r.player_id = $1`,
  idColumn: 'r.id',
  timeColumn: 'r.created_at',
  row: (r) => ({
    id: r.id,
    amount_paise: r.amount,
    status: r.status,
    utr: r.utr,
    has_screenshot: r.has_screenshot,
    reason: r.reason,
    created_at: iso(r.created_at),
    decided_at: isoOrNull(r.decided_at),
    decided_by: r.username,
  }),
};

export function withdrawalState(
  status: string,
  approvedBy1: number | null,
): 'pending' | 'awaiting_second_approval' | 'approved' | 'rejected' {
  if (status === '2') return 'approved';
  if (status === '1') return 'rejected';
  return approvedBy1 === null ? 'pending' : 'awaiting_second_approval';
}

interface WithdrawalSql {
  id: number;
  amount: number;
  status: string;
  approved_by_1: number | null;
  payment_method: '2' | '3' | '4';
  payout_number: string;
  payment_reference: string | null;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export const playerWithdrawals: PlayerList<
  SubListParams,
  WithdrawalSql,
  z.output<typeof playerWithdrawalRow>
> = {
  columns: `r.id, r.amount, r.status, r.approved_by_1, r.payment_method, r.payout_number,
              r.payment_reference, r.reason, r.created_at, r.decided_at`,
  from: `FROM withdraw_requests r WHERE r.player_id = $1`,
  idColumn: 'r.id',
  timeColumn: 'r.created_at',
  row: (r) => ({
    id: r.id,
    amount_paise: r.amount,
    state: withdrawalState(r.status, r.approved_by_1),
    payment_method: r.payment_method,
    payout_number: r.payout_number,
    payment_reference: r.payment_reference,
    reason: r.reason,
    created_at: iso(r.created_at),
    decided_at: isoOrNull(r.decided_at),
  }),
};

interface TransferSql {
  id: number;
  from_player_id: number;
  amount: number;
  created_at: Date;
  other_id: number;
  user_name: string;
  mobile: string;
}

export const playerTransfers: PlayerList<SubListParams, TransferSql, z.output<typeof transferRow>> = {
  columns: 't.id, t.from_player_id, t.amount, t.created_at, o.id AS other_id, o.user_name, o.mobile',
  from: `FROM transfers t
      JOIN players o ON o.id = CASE WHEN t.from_player_id = $1 THEN t.to_player_id ELSE t.from_player_id END
     WHERE (t.from_player_id = $1 OR t.to_player_id = $1)`,
  idColumn: 't.id',
  timeColumn: 't.created_at',
  row: (r, { playerId }) => ({
    id: r.id,
    direction: r.from_player_id === playerId ? ('out' as const) : ('in' as const),
    other: { id: r.other_id, user_name: r.user_name, mobile: r.mobile },
    amount_paise: r.amount,
    created_at: iso(r.created_at),
  }),
};

interface SessionSql {
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

// Sessions have no id: the newest sign-in first, by creation time.
export const playerSessions: PlayerList<SubListParams, SessionSql, z.output<typeof sessionRow>> = {
  columns: 's.created_at, s.last_seen_at, s.revoked_at, s.ip, s.user_agent',
  from: 'FROM sessions s WHERE s.player_id = $1',
  idColumn: 's.created_at',
  timeColumn: 's.created_at',
  row: (r, { now }) => ({
    created_at: iso(r.created_at),
    last_seen_at: iso(r.last_seen_at),
    revoked_at: isoOrNull(r.revoked_at),
    ip: r.ip,
    user_agent: r.user_agent,
    live: r.revoked_at === null && sessionAlive(r.created_at, r.last_seen_at, now),
  }),
};

const PAYOUT_APPS = { '1': 'Paytm', '2': 'Google Pay', '3': 'PhonePe' } as const;

export const playerPayoutMethods: PlayerList<
  SubListParams,
  { upi_type: '1' | '2' | '3'; number: string; verified_at: Date },
  z.output<typeof payoutMethodRow>
> = {
  columns: 'm.upi_type, m.number, m.verified_at',
  from: 'FROM payout_methods m WHERE m.player_id = $1',
  idColumn: 'm.upi_type',
  timeColumn: 'm.verified_at',
  row: (r) => ({
    upi_type: r.upi_type,
    app: PAYOUT_APPS[r.upi_type],
    number: r.number,
    verified_at: iso(r.verified_at),
  }),
};

function sessionAlive(createdAt: Date, lastSeenAt: Date, now: Date): boolean {
  return (
    now.getTime() - createdAt.getTime() <= ABSOLUTE_MS && now.getTime() - lastSeenAt.getTime() <= IDLE_MS
  );
}
