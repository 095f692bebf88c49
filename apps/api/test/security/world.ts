/**
 * The two-player world of the S8/S9 suite: players A (the caller) and B (the victim), each with data behind
 * every personal endpoint (deposits approved and pending, a saved payout number, a withdrawal, transfers in and
 * out, bids on main, Starline and Gali markets that won, the passbook), plus C (a transfer partner) and D
 * (betting off). B's amounts are odd numbers A never uses, so any of them in A's answers is B's data.
 */
import { expect } from 'vitest';
import { formatPaise } from '@gama/core/rules/money';
import { nextMobile } from '../../src/seed/players.ts';
import { seedMarket } from '../../src/seed/markets.ts';
import { maskName } from '../../src/modules/wallet/transfer-note.ts';
import type { ApiBody, TestApp } from '../helpers.ts';
import { snapshot } from '../helpers.ts';
import { fund, operatorToken, savePayoutNumber } from '../money.ts';
import { declareEveryGroup } from '../desk.ts';

export const IST = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00+05:30`;
export const BID_DATE = '20-November-2026';
export const HISTORY_DAY = '11/20/2026';

export type Player = Awaited<ReturnType<TestApp['player']>>;

export interface Markets {
  /** Settled in the setup (A and B both won on each). */
  early: { main: number; starline: number; gali: number };
  /** Still open while the suite calls the routes. */
  late: { main: number; starline: number; gali: number };
}

/** Words only B's support message holds: an answer that shows them leaks B's conversation. */
const B_SUPPORT_TEXT = 'B-support-question-7731';

async function pendingOf(t: TestApp, playerId: number): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT id FROM deposit_requests WHERE player_id = $1 AND status = 'pending' ORDER BY id LIMIT 1`,
    [playerId],
  );
  return Number(rows[0]?.id);
}

/** B's identifiers and what B has, as the database holds them after the setup. */
export interface Victim {
  player: Player;
  payoutNumber: string;
  depositIds: number[];
  withdrawIds: number[];
  transferIds: number[];
  bidIds: number[];
  entryIds: number[];
  /** B's notifications (deposit approved, wins, results declared). */
  notificationIds: number[];
  /** B's support conversation, about B's pending deposit. */
  supportThreadIds: number[];
  /** The idempotency keys B used: A sends them too, and must not get B's first answers back. */
  keys: { deposit: string; withdraw: string; transfer: string; bid: string };
  /** Text that only B's data contains: phone, name, masked name, payout number. */
  texts: string[];
  /** Whole field values (amounts as the API formats them) that only B's data has. */
  values: string[];
}

export interface World {
  t: TestApp;
  op: string;
  a: Player;
  aPayoutNumber: string;
  b: Victim;
  c: Player;
  d: Player;
  markets: Markets;
}

/** B's amounts in points: odd, and never used by A, C or D. */
const B_POINTS = {
  deposit: 7013,
  pending: 4321,
  withdraw: 613,
  transferOut: 271,
  transferIn: 149,
  bids: { main: 137, starline: 141, gali: 143 },
} as const;

type Group = 'main' | 'starline' | 'gali';
const SUBMIT: Record<Group, string> = {
  main: '/api-submit-bid',
  starline: '/api-starline-submit-bid',
  gali: '/api-galidisawar-submit-bid',
};

export function submitPath(group: Group): string {
  return SUBMIT[group];
}

async function ok<T = ApiBody>(
  t: TestApp,
  path: string,
  body: Record<string, unknown>,
  token: string,
): Promise<T> {
  const res = await t.post<T>(path, body, { token });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.raw}`);
  return res.json;
}

async function bid(
  t: TestApp,
  p: Player,
  group: Group,
  market: number,
  pana: string,
  result: Array<Record<string, unknown>>,
  key?: string,
): Promise<void> {
  await ok(
    t,
    SUBMIT[group],
    {
      game_id: market,
      new_result: { pana, bid_date: BID_DATE, result },
      ...(key ? { request_id: key } : {}),
    },
    p.token,
  );
}

export async function savePayout(t: TestApp, p: Player, upiType: '1' | '2' | '3', number: string) {
  // One code per 30 s per phone and purpose: step past the resend wait first.
  t.clock.advance(31_000);
  await savePayoutNumber(t, p, number, upiType);
}

async function ids(t: TestApp, sql: string, params: unknown[]): Promise<number[]> {
  const { rows } = await t.db.query<{ id: number }>(sql, params);
  return rows.map((r) => Number(r.id));
}

/** Builds the world at 09:00 IST and leaves the clock at 12:30 IST, inside the withdraw window. */
export async function buildWorld(t: TestApp): Promise<World> {
  t.clock.set(IST('09:00'));
  const op = await operatorToken(t);
  const now = t.clock.now();
  const markets: Markets = {
    early: {
      main: await seedMarket(t.db, { name: 'BOLA EARLY', open: '10:00 AM', close: '12:00 PM', now }),
      starline: await seedMarket(t.db, { group: 'starline', name: 'BOLA STAR', open: '11:00 AM', now }),
      gali: await seedMarket(t.db, { group: 'gali', name: 'BOLA GALI', open: '11:30 AM', now }),
    },
    late: {
      main: await seedMarket(t.db, { name: 'BOLA LATE', open: '03:00 PM', close: '05:00 PM', now }),
      starline: await seedMarket(t.db, { group: 'starline', name: 'BOLA STAR LATE', open: '04:00 PM', now }),
      gali: await seedMarket(t.db, { group: 'gali', name: 'BOLA GALI LATE', open: '04:30 PM', now }),
    },
  };
  const a = await t.player({ userName: 'Asha Alpha', password: 'asha-pass-123' });
  const b = await t.player({ userName: 'Bhaskar Bola', password: 'bhaskar-pass-456' });
  const c = await t.player({ userName: 'Chitra Gamma' });
  const d = await t.player({ userName: 'Dev Delta', bettingStatus: '0' });
  const keys = {
    deposit: 'bola-b-deposit-0001',
    withdraw: 'bola-b-withdraw-0001',
    transfer: 'bola-b-transfer-0001',
    bid: 'bola-b-bid-0001',
  };

  await fund(t, a, op, 5000);
  await fund(t, b, op, B_POINTS.deposit);
  await fund(t, c, op, 1000);
  await ok(t, '/api-fund-request-add', { request_amount: '250' }, a.token);
  await ok(
    t,
    '/api-fund-request-add',
    { request_amount: String(B_POINTS.pending), request_id: keys.deposit },
    b.token,
  );
  await ok(
    t,
    '/api-support-send',
    {
      text: `${B_SUPPORT_TEXT}: where are my points?`,
      ref_type: 'deposit',
      ref_id: await pendingOf(t, b.id),
    },
    b.token,
  );

  // Both win on every group: A with 10-point stakes, B with its own odd stakes.
  const { early } = markets;
  await bid(t, a, 'main', early.main, 'Single Digit', [
    { digits: '6', points: 10, session: 'open' },
    { digits: '5', points: 20, session: 'open' },
  ]);
  await bid(t, a, 'starline', early.starline, 'Single Digit', [{ digits: '6', points: 10 }]);
  await bid(t, a, 'gali', early.gali, 'Jodi Digit', [{ digits: '47', points: 10 }]);
  await bid(
    t,
    b,
    'main',
    early.main,
    'Single Digit',
    [{ digits: '6', points: B_POINTS.bids.main, session: 'open' }],
    keys.bid,
  );
  await bid(t, b, 'starline', early.starline, 'Single Digit', [
    { digits: '6', points: B_POINTS.bids.starline },
  ]);
  await bid(t, b, 'gali', early.gali, 'Jodi Digit', [{ digits: '47', points: B_POINTS.bids.gali }]);

  const aPayoutNumber = nextMobile();
  const bPayoutNumber = nextMobile();
  await savePayout(t, a, '2', aPayoutNumber);
  await savePayout(t, b, '2', bPayoutNumber);

  t.clock.set(IST('12:30'));
  await declareEveryGroup(t, op, early);

  await ok(t, '/api-user-withdraw-fund-request', { request_amount: '550', payment_method: '2' }, a.token);
  await ok(
    t,
    '/api-user-withdraw-fund-request',
    { request_amount: String(B_POINTS.withdraw), payment_method: '2', request_id: keys.withdraw },
    b.token,
  );
  await ok(t, '/api-user-transfer-wallet-balance', { mobile_no: c.mobile, amount: '150' }, a.token);
  await ok(
    t,
    '/api-user-transfer-wallet-balance',
    { mobile_no: c.mobile, amount: String(B_POINTS.transferOut), request_id: keys.transfer },
    b.token,
  );
  await ok(
    t,
    '/api-user-transfer-wallet-balance',
    { mobile_no: b.mobile, amount: String(B_POINTS.transferIn) },
    c.token,
  );

  const victim: Victim = {
    player: b,
    payoutNumber: bPayoutNumber,
    depositIds: await ids(t, 'SELECT id FROM deposit_requests WHERE player_id = $1', [b.id]),
    withdrawIds: await ids(t, 'SELECT id FROM withdraw_requests WHERE player_id = $1', [b.id]),
    transferIds: await ids(t, 'SELECT id FROM transfers WHERE from_player_id = $1 OR to_player_id = $1', [
      b.id,
    ]),
    bidIds: await ids(t, 'SELECT id FROM bids WHERE player_id = $1', [b.id]),
    entryIds: await ids(
      t,
      'SELECT e.id FROM entries e JOIN accounts a ON a.id = e.account_id WHERE a.player_id = $1',
      [b.id],
    ),
    notificationIds: await ids(t, 'SELECT id FROM notifications WHERE player_id = $1', [b.id]),
    supportThreadIds: await ids(t, 'SELECT id FROM support_threads WHERE player_id = $1', [b.id]),
    keys,
    texts: [b.mobile, b.userName, maskName(b.userName), bPayoutNumber, B_SUPPORT_TEXT],
    values: [],
  };
  const { rows: payouts } = await t.db.query<{ payout: number }>(
    `SELECT payout FROM bid_outcomes WHERE player_id = $1 AND status = 'won'`,
    [b.id],
  );
  const { rows: wallet } = await t.db.query<{ balance: number }>(
    `SELECT balance FROM accounts WHERE player_id = $1 AND kind = 'wallet'`,
    [b.id],
  );
  victim.values = [
    ...[B_POINTS.deposit, B_POINTS.pending, B_POINTS.withdraw, B_POINTS.transferOut, B_POINTS.transferIn].map(
      String,
    ),
    ...Object.values(B_POINTS.bids).map(String),
    ...payouts.map((r) => formatPaise(Number(r.payout))),
    formatPaise(Number(wallet[0]?.balance)),
  ];
  // The markers are only worth something if B has rows of every kind to leak.
  expect(payouts).toHaveLength(3);
  for (const list of [
    victim.depositIds,
    victim.withdrawIds,
    victim.transferIds,
    victim.bidIds,
    victim.notificationIds,
    victim.supportThreadIds,
  ]) {
    expect(list.length).toBeGreaterThan(0);
  }
  return { t, op, a, aPayoutNumber, b: victim, c, d, markets };
}

/** The tables where B's state lives, and which of their rows are B's. */
function victimRows(w: World): Record<string, (row: Record<string, unknown>) => boolean> {
  const id = w.b.player.id;
  const mobile = w.b.player.mobile;
  const own = (row: Record<string, unknown>) => Number(row.player_id) === id;
  return {
    players: (row) => Number(row.id) === id,
    sessions: own,
    accounts: own,
    deposit_requests: own,
    withdraw_requests: own,
    payout_methods: own,
    bids: own,
    win_credits: own,
    notifications: own,
    support_threads: own,
    support_messages: own,
    referral_codes: own,
    referrals: (row) => Number(row.referred_id) === id || Number(row.referrer_id) === id,
    transfers: (row) => Number(row.from_player_id) === id || Number(row.to_player_id) === id,
    idempotency_keys: (row) => row.scope === `player:${id}`,
    otp_codes: (row) => row.mobile === mobile,
    flow_tickets: (row) => row.mobile === mobile,
    sms_outbox: (row) => row.mobile === mobile,
    // Entries are matched by B's account ids, read from the same snapshot.
    entries: () => false,
  };
}

/** Every row that is B's, from a `snapshot` of the whole tables. */
export async function victimState(w: World): Promise<Record<string, unknown[]>> {
  const filters = victimRows(w);
  const all = await snapshot(w.t.db, Object.keys(filters));
  const out: Record<string, unknown[]> = {};
  for (const [table, rows] of Object.entries(all)) {
    out[table] = (rows as Array<Record<string, unknown>>).filter(filters[table] ?? (() => false));
  }
  const accounts = new Set((out.accounts as Array<{ id: unknown }>).map((r) => Number(r.id)));
  out.entries = (all.entries as Array<{ account_id: unknown }>).filter((r) =>
    accounts.has(Number(r.account_id)),
  );
  // `snapshot` orders by the first column, which ties on composite keys (idempotency scope, payout owner).
  for (const table of Object.keys(out)) {
    out[table] = (out[table] ?? [])
      .map((row) => [JSON.stringify(row), row] as const)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([, row]) => row);
  }
  return out;
}
