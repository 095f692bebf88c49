/** Helpers for suites that move money: an operator session, funding through the real API, the ledger check. */
import { beforeAll, expect } from 'vitest';
import type { Role } from '@gama/core/operators/permissions';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { createOperator } from '../src/modules/operators/accounts.ts';
import { sha256 } from '../src/modules/auth/tokens.ts';
import { verifyLedger } from '../src/modules/ledger/verify.ts';
import type { ApiBody, Reply, TestApp } from './helpers.ts';

// Counted per app, so a file's operators have the same names whatever ran before it in the same process.
const operatorCounts = new WeakMap<TestApp, number>();

export async function operatorToken(t: TestApp, role: Role = 'owner'): Promise<string> {
  const operatorCount = (operatorCounts.get(t) ?? 0) + 1;
  operatorCounts.set(t, operatorCount);
  const username = `op${operatorCount}_${role}`;
  await createOperator(t.db, { username, password: 'operator-pass-1', role, now: t.clock.now() });
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin-api/login',
    payload: { username, password: 'operator-pass-1' },
  });
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/**
 * Operator sessions for a suite, by name: each signed in before the suite's tests as `operatorToken` does, in
 * the order given (a `beforeAll` after the app's). Read them inside tests and later hooks.
 */
export function suiteOperators<Name extends string>(
  t: TestApp,
  roles: Record<Name, Role>,
): Readonly<Record<Name, string>> {
  const tokens = {} as Record<Name, string>;
  beforeAll(async () => {
    for (const [name, role] of Object.entries(roles) as [Name, Role][]) {
      tokens[name] = await operatorToken(t, role);
    }
  });
  return tokens;
}

export async function admin<T = Record<string, unknown>>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number; json: T }> {
  // Suites move the clock by hours between calls; their operator is taken to have kept the console open
  // (sessions end after 30 idle minutes, which operators/sessions.test.ts tests).
  await t.db.query(
    'UPDATE operator_sessions SET last_seen_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL',
    [sha256(token), t.clock.now()],
  );
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });
  return { statusCode: res.statusCode, json: res.json() as T };
}

/** The id of the operator a console token belongs to, as the console reads it. */
export async function operatorId(t: TestApp, token: string): Promise<number> {
  return (await admin<{ operator: { id: number } }>(t, token, 'GET', '/admin-api/me')).json.operator.id;
}

/** A player's request through the legacy API, expected to be accepted; answers its body. */
async function accepted<T>(
  t: TestApp,
  player: { token: string },
  path: string,
  body: Record<string, unknown>,
) {
  const res = await t.post<T>(path, body, { token: player.token });
  expect(res.statusCode, res.raw).toBe(200);
  return res.json;
}

/** A player's deposit request through the legacy endpoint, expected to be accepted; answers its id. */
export async function requestDeposit(t: TestApp, player: { token: string }, points: number): Promise<number> {
  const body = { request_amount: String(points) };
  return (await accepted<{ request_id: number }>(t, player, '/api-fund-request-add', body)).request_id;
}

/** A player's withdrawal request to their Google Pay number, expected to be accepted; answers its number. */
export async function requestWithdrawal(
  t: TestApp,
  player: { token: string },
  points: number,
): Promise<number> {
  const body = { request_amount: String(points), payment_method: '2' };
  return (await accepted<{ request_number: number }>(t, player, '/api-user-withdraw-fund-request', body))
    .request_number;
}

const PAYOUT_FIELD = { '1': 'paytm_no', '2': 'google_pay_no', '3': 'phon_pay_no' } as const;

/**
 * Saves a payout number the way the app does (`upi_type` 1 Paytm, 2 Google Pay, 3 PhonePe): a code sent to the
 * player's own phone, then the number with that code; both must be accepted.
 */
export async function savePayoutNumber(
  t: TestApp,
  player: { token: string; mobile: string },
  number: string,
  upiType: keyof typeof PAYOUT_FIELD = '2',
): Promise<void> {
  const sent = await t.post('/api-send-withdraw-otp', { upi_type: upiType, number }, { token: player.token });
  expect(sent.statusCode, sent.raw).toBe(200);
  const saved = await t.post(
    '/api-add-user-upi-details',
    { upi_type: upiType, [PAYOUT_FIELD[upiType]]: number, otp: await t.lastCode(player.mobile) },
    { token: player.token },
  );
  expect(saved.statusCode, saved.raw).toBe(200);
  expect(saved.json).toEqual({ status: true, msg: fundsMessages.upiAdded });
}

/** A player's transfer of `amount` points (as the app sends it) to another player's phone, answered as it is. */
export function transferPoints(
  t: TestApp,
  from: { token: string },
  to: { mobile: string },
  amount: string,
): Promise<Reply<ApiBody>> {
  return t.post('/api-user-transfer-wallet-balance', { mobile_no: to.mobile, amount }, { token: from.token });
}

/** Credits a wallet the way production does: a deposit request, approved by an operator. */
export async function fund(
  t: TestApp,
  player: { token: string },
  opToken: string,
  points: number,
): Promise<void> {
  const id = await requestDeposit(t, player, points);
  const ok = await admin(t, opToken, 'POST', `/admin-api/deposits/${id}/approve`);
  if (ok.statusCode !== 200) throw new Error(`approve failed: ${JSON.stringify(ok.json)}`);
}

export async function balanceOf(t: TestApp, playerId: number): Promise<number> {
  const { rows } = await t.db.query<{ balance: number }>(
    `SELECT balance FROM accounts WHERE player_id = $1 AND kind = 'wallet'`,
    [playerId],
  );
  return rows[0]?.balance ?? Number.NaN;
}

export async function expectLedgerClean(t: TestApp): Promise<void> {
  expect(await verifyLedger(t.db)).toEqual([]);
}

export const MONEY_TABLES = [
  'accounts',
  'journals',
  'entries',
  'deposit_requests',
  'withdraw_requests',
  'transfers',
  'payout_methods',
  'idempotency_keys',
] as const;
