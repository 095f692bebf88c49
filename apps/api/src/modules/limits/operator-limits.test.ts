/**
 * Operator limits over HTTP (issue 27 item 1, decision 027): the withdrawal threshold counts the player's 24
 * hours, not one request; each operator has a rolling 24-hour allowance for credits and for payouts, past
 * which a credit is held for a second operator, a deposit approval is refused (it stays for another operator)
 * and a withdrawal approval is only a first approval; the operator who credited a player is not the sole
 * approver of their withdrawal for the owner's window. Two approvals of one operator at once are counted one
 * after the other (this file races requests: both engines).
 */
import { limitMessages } from '@gama/core/operators/limits';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { createTestApp, snapshot } from '../../../test/helpers.ts';
import {
  MONEY_TABLES,
  admin,
  balanceOf,
  expectLedgerClean,
  fund,
  operatorId,
  operatorToken,
  requestWithdrawal,
  savePayoutNumber,
} from '../../../test/money.ts';
import { nextMobile } from '../../seed/players.ts';

const DAY = 86_400_000;
let t: TestApp;
let owner: string;
let cashierA: string;
let cashierB: string;
let cashierAId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T06:30:00Z' });
  owner = await operatorToken(t);
  cashierA = await operatorToken(t, 'cashier');
  cashierB = await operatorToken(t, 'cashier');
  cashierAId = await operatorId(t, cashierA);
  await settings({
    withdrawal_two_person_above: 10_000,
    cashier_credit_allowance: 20_000,
    cashier_payout_allowance: 20_000,
    credit_payout_window_days: 7,
    withdrawal_open: '12:00 AM',
    withdrawal_close: '11:59 PM',
  });
});
// Each test starts past every window of the one before.
beforeEach(() => t.clock.advance(8 * DAY));
afterAll(async () => {
  await expectLedgerClean(t);
  await t.close();
});

type Player = Awaited<ReturnType<TestApp['player']>>;
type Json = Record<string, unknown>;
const TABLES = [...MONEY_TABLES, 'operator_money_moves', 'money_holds'] as const;

async function settings(patch: Json): Promise<void> {
  const res = await admin(t, owner, 'PATCH', '/admin-api/settings', patch);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
}

/** A player with a saved Google Pay number; funded by the owner (whose own allowance is unlimited). */
async function payee(points = 0): Promise<Player> {
  const p = await t.player();
  if (points > 0) await fund(t, p, owner, points);
  t.clock.advance(31_000);
  await savePayoutNumber(t, p, nextMobile());
  return p;
}

interface Decision {
  state: string;
  approved_by_1: { id: number } | null;
  decided_by: { id: number } | null;
}
const approve = (id: number, token: string, reference?: string) =>
  admin<ApiBody & { withdrawal: Decision }>(
    t,
    token,
    'POST',
    `/admin-api/withdrawals/${id}/approve`,
    reference === undefined ? {} : { payment_reference: reference },
  );

interface Hold {
  id: number;
  state: string;
  amount_paise: number;
  maker: { id: number };
  checker: { id: number } | null;
  journal_id: number | null;
}
const rejectHold = (id: number, token: string, reason: string) =>
  admin<{ hold: Hold }>(t, token, 'POST', `/admin-api/money-holds/${id}/reject`, { reason });
const credit = (p: Player, token: string, points: number) =>
  admin<ApiBody & { held?: Hold; journal_id?: number }>(
    t,
    token,
    'POST',
    `/admin-api/players/${p.id}/adjust`,
    {
      points,
      reason: 'goodwill credit',
    },
  );

async function depositRequest(p: Player, points: number): Promise<number> {
  const req = await t.post<{ request_id: number }>(
    '/api-fund-request-add',
    { request_amount: String(points) },
    { token: p.token },
  );
  expect(req.statusCode, req.raw).toBe(200);
  return req.json.request_id;
}

const paidOutFor = async (playerId: number) =>
  Number(
    (
      await t.db.query<{ total: number }>(
        `SELECT coalesce(sum(amount), 0)::bigint AS total FROM withdraw_requests WHERE player_id = $1 AND status = '2'`,
        [playerId],
      )
    ).rows[0]?.total ?? 0,
  );

const lastFirstApproval = async () =>
  (
    await t.db.query<{ detail: { needs_second_because: string[] } }>(
      `SELECT detail FROM audit_log WHERE action = 'withdraw_approve_first' ORDER BY id DESC LIMIT 1`,
    )
  ).rows[0]?.detail.needs_second_because;

describe('the withdrawal threshold over the player’s 24 hours', () => {
  it('splitting a payout into requests under the threshold still needs a second operator', async () => {
    const p = await payee(30_000);
    const first = await requestWithdrawal(t, p, 10_000);
    expect((await approve(first, cashierA, 'SPLIT-1')).json.withdrawal.state).toBe('approved');

    // The second 10,000 makes 20,000 in 24 hours: past the threshold, one approval does not pay.
    t.clock.advance(3_600_000);
    const second = await requestWithdrawal(t, p, 10_000);
    const before = await snapshot(t.db, TABLES);
    const early = await approve(second, cashierA, 'SPLIT-2');
    expect(early.statusCode).toBe(400);
    expect(early.json.msg).toMatch(/needs a second approval/);
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    const queue = await admin<{ rows: { id: number; needs_two_approvals: boolean }[] }>(
      t,
      cashierA,
      'GET',
      `/admin-api/withdrawals?player_id=${p.id}`,
    );
    expect(queue.json.rows.find((r) => r.id === second)?.needs_two_approvals).toBe(true);
    expect((await approve(second, cashierA)).json.withdrawal.state).toBe('awaiting_second_approval');
    expect(await lastFirstApproval()).toEqual(['player_day_total']);
    expect(await paidOutFor(p.id)).toBe(1_000_000);
    expect((await approve(second, cashierB, 'SPLIT-2-B')).json.withdrawal.state).toBe('approved');

    // A day after the first payout, 10,000 fits again... but the second payout is still inside its 24 hours.
    t.clock.advance(DAY - 3_600_000 + 60_000);
    const third = await requestWithdrawal(t, p, 10_000);
    expect((await approve(third, cashierA)).json.withdrawal.state).toBe('awaiting_second_approval');
    // Past both, one approval pays again.
    await admin(t, owner, 'POST', `/admin-api/withdrawals/${third}/reject`, { reason: 'asked again later' });
    t.clock.advance(DAY);
    const fourth = await requestWithdrawal(t, p, 10_000);
    expect((await approve(fourth, cashierA, 'LATER-1')).json.withdrawal.state).toBe('approved');
  });

  it('the break of issue 27: three credits and three withdrawals of 10,000 by one cashier pay nothing alone', async () => {
    const p = await payee();
    const credits = [];
    for (let i = 0; i < 3; i++) credits.push(await credit(p, cashierA, 10_000));
    expect(credits.map((c) => c.json.held === undefined)).toEqual([true, true, false]);
    for (let i = 0; i < 2; i++) {
      const id = await requestWithdrawal(t, p, 10_000);
      const res = await approve(id, cashierA);
      expect(res.json.withdrawal.state).toBe('awaiting_second_approval');
      expect(await lastFirstApproval()).toContain('credited_player');
    }
    expect(await paidOutFor(p.id)).toBe(0);
  });
});

describe('the payout allowance', () => {
  it('counts one cashier’s payouts across players and sessions; past it a second operator pays', async () => {
    const players = [await payee(10_000), await payee(10_000), await payee(5_000)];
    const ids = [];
    for (const [i, p] of players.entries()) ids.push(await requestWithdrawal(t, p, i === 2 ? 5_000 : 10_000));
    // A new session for each approval: the allowance is the operator's, not the session's.
    const session = async () => {
      const { rows } = await t.db.query<{ username: string }>(
        'SELECT username FROM operators WHERE id = $1',
        [cashierAId],
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin-api/login',
        payload: { username: rows[0]?.username, password: 'operator-pass-1' },
      });
      return (res.json() as { token: string }).token;
    };
    expect((await approve(ids[0] ?? 0, await session(), 'ALLOW-1')).json.withdrawal.state).toBe('approved');
    expect((await approve(ids[1] ?? 0, await session(), 'ALLOW-2')).json.withdrawal.state).toBe('approved');
    const over = await approve(ids[2] ?? 0, await session());
    expect(over.json.withdrawal.state).toBe('awaiting_second_approval');
    expect(await lastFirstApproval()).toEqual(['operator_allowance']);
    expect((await approve(ids[2] ?? 0, cashierB, 'ALLOW-3')).json.withdrawal.state).toBe('approved');

    // 24 hours after the first payout the allowance is free again.
    t.clock.advance(DAY);
    const later = await payee(5_000);
    expect(
      (await approve(await requestWithdrawal(t, later, 5_000), cashierA, 'ALLOW-4')).json.withdrawal.state,
    ).toBe('approved');
  });

  it('two approvals of one cashier at once cannot both use the last of the allowance', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => payee(10_000)));
    const ids = [];
    for (const p of players) ids.push(await requestWithdrawal(t, p, 10_000));
    const answers = await Promise.all(ids.map((id, i) => approve(id, cashierA, `RACE-${i}`)));
    // Paid alone while the allowance lasts; the others are told to give a first approval instead.
    expect(answers.filter((a) => a.json.withdrawal?.state === 'approved')).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(2);
    const paid = await Promise.all(players.map((p) => paidOutFor(p.id)));
    expect(paid.reduce((s, n) => s + n, 0)).toBe(2_000_000);
  });
});

describe('the credit allowance', () => {
  it('holds a manual credit past it until another operator approves; its maker cannot', async () => {
    const p = await payee();
    expect((await credit(p, cashierA, 10_000)).json.journal_id).toEqual(expect.any(Number));
    expect((await credit(p, cashierA, 10_000)).json.journal_id).toEqual(expect.any(Number));
    const wallet = await balanceOf(t, p.id);

    const held = await credit(p, cashierA, 5_000);
    expect(held.statusCode).toBe(200);
    expect(held.json).toMatchObject({
      status: true,
      held: { state: 'pending_approval', amount_paise: 500_000, checker: null, journal_id: null },
      msg: limitMessages.creditHeld(20_000, 2_000_000),
    });
    expect(await balanceOf(t, p.id)).toBe(wallet);
    const id = held.json.held?.id ?? 0;
    const pending = await admin<{ holds: Hold[] }>(t, cashierB, 'GET', '/admin-api/money-holds');
    expect(pending.json.holds.map((h) => h.id)).toContain(id);

    const before = await snapshot(t.db, TABLES);
    const own = await admin(t, cashierA, 'POST', `/admin-api/money-holds/${id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json).toMatchObject({ msg: limitMessages.ownHold });
    expect(await snapshot(t.db, TABLES)).toEqual(before);

    // Approved twice at once: credited once.
    const [a, b] = await Promise.all([
      admin<{ hold: Hold }>(t, cashierB, 'POST', `/admin-api/money-holds/${id}/approve`),
      admin<{ hold: Hold }>(t, cashierB, 'POST', `/admin-api/money-holds/${id}/approve`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json.hold).toMatchObject({ state: 'approved', checker: { id: expect.any(Number) as number } });
    expect(b.json.hold.journal_id).toBe(a.json.hold.journal_id);
    expect(await balanceOf(t, p.id)).toBe(wallet + 500_000);
    const { rows } = await t.db.query<{ actor: string }>('SELECT actor FROM journals WHERE id = $1', [
      a.json.hold.journal_id,
    ]);
    expect(rows[0]?.actor).not.toBe(`operator:${cashierAId}`);

    // Debits are not money out of the house: past the allowance they still go through.
    expect((await credit(p, cashierA, -1_000)).json.journal_id).toEqual(expect.any(Number));

    // A rejected hold credits nothing and cannot be approved after.
    const second = (await credit(p, cashierA, 1_000)).json.held?.id ?? 0;
    const rejected = await rejectHold(second, cashierB, 'not agreed');
    expect(rejected.json.hold.state).toBe('rejected');
    const late = await admin(t, owner, 'POST', `/admin-api/money-holds/${second}/approve`);
    expect(late.statusCode).toBe(409);
    expect(late.json).toMatchObject({ msg: limitMessages.holdDecided('rejected') });
    // Its maker may withdraw a held credit: a rejection moves nothing.
    const withdrawn = (await credit(p, cashierA, 1_000)).json.held?.id ?? 0;
    const ownReject = await rejectHold(withdrawn, cashierA, 'typed the wrong player');
    expect(ownReject.statusCode).toBe(200);
    expect(ownReject.json.hold.state).toBe('rejected');
    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_type = 'money_hold' AND player_id = $1 ORDER BY id`,
      [p.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'wallet_adjust_held',
      'money_hold_approve',
      'wallet_adjust_held',
      'money_hold_reject',
      'wallet_adjust_held',
      'money_hold_reject',
    ]);
  });

  it('refuses a deposit approval past it, changing nothing; another operator approves it', async () => {
    const p = await payee();
    for (const points of [10_000, 10_000]) {
      const res = await admin(
        t,
        cashierA,
        'POST',
        `/admin-api/deposits/${await depositRequest(p, points)}/approve`,
      );
      expect(res.statusCode).toBe(200);
    }
    const id = await depositRequest(p, 5_000);
    const before = await snapshot(t.db, TABLES);
    const refused = await admin(t, cashierA, 'POST', `/admin-api/deposits/${id}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toMatchObject({ msg: limitMessages.depositPastAllowance(20_000, 2_000_000) });
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    const approved = await admin<{ deposit: { status: string } }>(
      t,
      cashierB,
      'POST',
      `/admin-api/deposits/${id}/approve`,
    );
    expect(approved.json.deposit.status).toBe('approved');
  });

  it('two credits of one cashier at once: one made, one held', async () => {
    const players = [await payee(), await payee()];
    expect((await credit(players[0] as Player, cashierA, 10_000)).json.journal_id).toEqual(
      expect.any(Number),
    );
    const answers = await Promise.all(players.map((p) => credit(p, cashierA, 10_000)));
    expect(answers.map((a) => a.json.held === undefined).sort()).toEqual([false, true]);
  });
});

describe('no sole payout by the operator who credited the player', () => {
  it('holds for the owner’s window, for that operator only', async () => {
    const p = await payee(5_000);
    expect((await credit(p, cashierA, 100)).statusCode).toBe(200);
    const id = await requestWithdrawal(t, p, 1_000);
    const view = async (token: string) =>
      (
        await admin<{ rows: { id: number; needs_two_approvals: boolean }[] }>(
          t,
          token,
          'GET',
          `/admin-api/withdrawals?player_id=${p.id}`,
        )
      ).json.rows.find((r) => r.id === id)?.needs_two_approvals;
    expect([await view(cashierA), await view(cashierB)]).toEqual([true, false]);
    expect((await approve(id, cashierA)).json.withdrawal.state).toBe('awaiting_second_approval');
    expect(await lastFirstApproval()).toEqual(['credited_player']);
    expect((await approve(id, cashierB, 'CREDITED-B')).json.withdrawal.state).toBe('approved');

    // Seven days on, the cashier may pay the player alone (the player signs in again after a week away).
    t.clock.advance(7 * DAY + 60_000);
    const login = await t.post<{ unique_token: string }>('/api-user-login', {
      mobile: p.mobile,
      password: p.password,
    });
    p.token = login.json.unique_token;
    const later = await requestWithdrawal(t, p, 1_000);
    expect((await approve(later, cashierA, 'CREDITED-LATER')).json.withdrawal.state).toBe('approved');

    // A deposit approval counts as a credit; the window 0 switches the rule off.
    await fund(t, p, cashierA, 100);
    const afterDeposit = await requestWithdrawal(t, p, 1_000);
    expect((await approve(afterDeposit, cashierA)).json.withdrawal.state).toBe('awaiting_second_approval');
    await settings({ credit_payout_window_days: 0 });
    try {
      const off = await requestWithdrawal(t, p, 500);
      expect((await approve(off, cashierA, 'WINDOW-OFF')).json.withdrawal.state).toBe('approved');
    } finally {
      await settings({ credit_payout_window_days: 7 });
    }
  });
});

describe('the settings', () => {
  it('are the owner’s, shown and validated with a clear message', async () => {
    const read = await admin<{ settings: Json }>(t, cashierB, 'GET', '/admin-api/settings');
    expect(read.statusCode).toBe(403);
    const bad = await admin(t, owner, 'PATCH', '/admin-api/settings', { cashier_payout_allowance: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json).toMatchObject({ msg: 'cashier_payout_allowance must be 0 or more' });
    const days = await admin(t, owner, 'PATCH', '/admin-api/settings', { credit_payout_window_days: 91 });
    expect(days.json).toMatchObject({ msg: 'credit_payout_window_days is at most 90 days' });
    const ok = await admin<{ settings: Json }>(t, owner, 'GET', '/admin-api/settings');
    expect(ok.json.settings).toMatchObject({
      cashier_credit_allowance: 20_000,
      cashier_payout_allowance: 20_000,
      owner_credit_allowance: 0,
      owner_payout_allowance: 0,
      credit_payout_window_days: 7,
    });
  });
});
