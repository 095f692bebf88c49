/**
 * The withdrawal queue (issue 14): payout number and app, balance and 30-day money, approve with the payment
 * reference, reject with a reason, and the two-person rule above the owner's threshold. Over HTTP.
 */
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import {
  MONEY_TABLES,
  admin,
  balanceOf,
  fund,
  operatorToken,
  suiteOperators,
  requestWithdrawal,
  savePayoutNumber,
} from '../../../test/money.ts';
import { auditOfTarget } from '../../../test/console.ts';
import { seedMarket } from '../../seed/markets.ts';
import { nextMobile } from '../../seed/players.ts';
import { declareHalf, postSingleDigit } from '../../../test/desk.ts';

const IST = (time: string, date = '2026-11-20') => new Date(`${date}T${time}:00+05:30`);

const t = suiteApp({ now: IST('12:00').toISOString(), ledger: true });
const ops = suiteOperators(t, { owner: 'owner', cashierA: 'cashier', cashierB: 'cashier' });

type Player = Awaited<ReturnType<TestApp['player']>>;
type Json = Record<string, unknown>;
const TABLES = [...MONEY_TABLES, 'audit_log'] as const;

/** A funded player with a Google Pay payout number. */
async function payee(points: number, name?: string): Promise<Player & { payout: string }> {
  const p = await t.player(name === undefined ? {} : { userName: name });
  if (points > 0) await fund(t, p, ops.owner, points);
  const payout = nextMobile();
  t.clock.advance(31_000);
  await savePayoutNumber(t, p, payout);
  return { ...p, payout };
}

interface Decision {
  id: number;
  state: string;
  amount_paise: number;
  approved_by_1: { id: number; username: string } | null;
  decided_by: { id: number; username: string } | null;
  payment_reference: string | null;
  reason: string | null;
  already_decided: boolean;
}
const approve = (id: number, token: string, body: Json = {}, headers: Record<string, string> = {}) =>
  admin<ApiBody & { withdrawal: Decision }>(
    t,
    token,
    'POST',
    `/admin-api/withdrawals/${id}/approve`,
    body,
    headers,
  );
const reject = (id: number, token: string, reason?: string) =>
  admin<ApiBody & { withdrawal: Decision }>(
    t,
    token,
    'POST',
    `/admin-api/withdrawals/${id}/reject`,
    reason === undefined ? {} : { reason },
  );

interface Row {
  id: number;
  player: { id: number; mobile: string };
  amount_paise: number;
  state: string;
  payment_method: string;
  payout_app: string;
  payout_number: string;
  needs_two_approvals: boolean;
  approved_by_1: { username: string } | null;
  payment_reference: string | null;
  reason: string | null;
  balance: { wallet_paise: number; debt_paise: number };
  recent: {
    days: number;
    deposits_paise: number;
    wins_paise: number;
    withdrawals_paise: number;
    stakes_paise: number;
  };
}
const queue = (query: string, token = ops.cashierA) =>
  admin<ApiBody & { rows: Row[]; total: number; two_person_above_points: number | null }>(
    t,
    token,
    'GET',
    `/admin-api/withdrawals?${query}`,
  );

/** The owner's setting, through the console's own route; null sets 0, which means never. */
async function setThreshold(points: number | null): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/admin-api/settings',
    headers: { authorization: `Bearer ${ops.owner}` },
    payload: { withdrawal_two_person_above: points ?? 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const paidOut = async () =>
  (
    await t.db.query<{ total: number }>(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS total FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE a.kind = 'withdrawals_paid'`,
    )
  ).rows[0]?.total ?? 0;

describe('the withdrawal queue', () => {
  it('shows the payout number and app, the balance, and the last 30 days of money in and out, transfers with their counterparties', async () => {
    const p = await payee(0, 'Money Trail');
    // 40 days ago: a deposit and a paid withdrawal that fall outside the window.
    // (An operator of that day: going back and forth in time would idle out the shared sessions.)
    t.clock.set(IST('12:00', '2026-10-11'));
    const then = await operatorToken(t);
    await fund(t, p, then, 5000);
    const old = await requestWithdrawal(t, p, 1000);
    expect((await approve(old, then, { payment_reference: 'OLD-PAYOUT-1' })).statusCode).toBe(200);
    // This morning: a deposit, a bid that wins, then a withdrawal request.
    t.clock.set(IST('09:00'));
    await fund(t, p, ops.owner, 2000);
    const market = await seedMarket(t.db, {
      name: 'Queue Market',
      open: '10:00 AM',
      close: '11:00 AM',
      now: t.clock.now(),
    });
    const bid = await postSingleDigit(t, p, market, '20-November-2026', {
      digits: '6',
      points: 100,
      session: 'open',
    });
    expect(bid.statusCode, bid.raw).toBe(200);
    t.clock.set(IST('12:00'));
    const declared = await declareHalf(t, ops.owner, market, '2026-11-20', 'open', '123');
    expect(declared.statusCode, JSON.stringify(declared.json)).toBe(200);
    const wallet = await balanceOf(t, p.id);
    const won = wallet - (5000 - 1000 + 2000 - 100) * 100;
    expect(won).toBeGreaterThan(0);
    // Points moved between players count too, with whom they came from and went to (the wallet ends as it was).
    const sender = await t.player({ userName: 'Transfer Sender' });
    const receiver = await t.player({ userName: 'Transfer Receiver' });
    await fund(t, sender, ops.owner, 300);
    const transfer = (from: Player, to: Player) =>
      t.post(
        '/api-user-transfer-wallet-balance',
        { mobile_no: to.mobile, amount: '300', transfer_note: '' },
        { token: from.token },
      );
    expect((await transfer(sender, p)).statusCode).toBe(200);
    expect((await transfer(p, receiver)).statusCode).toBe(200);
    const id = await requestWithdrawal(t, p, 700);

    const listed = await queue(`q=${p.mobile}`);
    expect(listed.json.total).toBe(1);
    expect(listed.json.rows[0]).toMatchObject({
      id,
      player: { id: p.id, mobile: p.mobile },
      amount_paise: 70_000,
      state: 'pending',
      payment_method: '2',
      payout_app: 'Google Pay',
      payout_number: p.payout,
      needs_two_approvals: false,
      balance: { wallet_paise: wallet - 70_000, debt_paise: 0 },
      recent: {
        days: 30,
        deposits_paise: 200_000,
        wins_paise: won,
        withdrawals_paise: 0,
        stakes_paise: 10_000,
        transfers_in_paise: 30_000,
        transfers_out_paise: 30_000,
        counterparties: [
          {
            direction: 'in',
            player: { id: sender.id, user_name: 'Transfer Sender', mobile: sender.mobile },
            count: 1,
            amount_paise: 30_000,
          },
          {
            direction: 'out',
            player: { id: receiver.id, user_name: 'Transfer Receiver', mobile: receiver.mobile },
            count: 1,
            amount_paise: 30_000,
          },
        ],
      },
    });
    const all = await queue(`player_id=${p.id}&status=all&sort=id&dir=asc`);
    expect(all.json.rows.map((r) => [r.id, r.state, r.payment_reference])).toEqual([
      [old, 'approved', 'OLD-PAYOUT-1'],
      [id, 'pending', null],
    ]);
    expect((await queue(`player_id=${p.id}&status=approved`)).json.total).toBe(1);
    expect((await queue(`player_id=${p.id}&status=open`)).json.total).toBe(1);
    expect((await queue(`player_id=${p.id}&status=all&from=2026-11-20`)).json.total).toBe(1);
    expect(
      (await queue(`player_id=${p.id}&status=all&page=2&page_size=1&sort=id&dir=asc`)).json.rows[0]?.id,
    ).toBe(id);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin-api/withdrawals?player_id=${p.id}&format=csv`,
      headers: { authorization: `Bearer ${ops.cashierA}` },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toMatch(
      /^id,player id,player,mobile,amount,state,payout app,payout number,wallet,debt,deposits 30d/,
    );
    expect(line).toMatch(
      new RegExp(`^${id},${p.id},Money Trail,${p.mobile},700.00,pending,Google Pay,${p.payout},`),
    );
    for (const bad of ['status=paid', 'page_size=0', 'sort=wallet'])
      expect((await queue(bad)).statusCode).toBe(400);
  });
});

describe('approving and rejecting', () => {
  it('pays once with the payment reference; retries answer the decision; reject after is a conflict', async () => {
    await setThreshold(null);
    const p = await payee(2000);
    const id = await requestWithdrawal(t, p, 800);
    const before = await snapshot(t.db, TABLES);
    for (const body of [
      {},
      { payment_reference: '' },
      { payment_reference: 'ab' },
      { payment_reference: 'x'.repeat(101) },
    ]) {
      const res = await approve(id, ops.cashierA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await approve(id, ops.cashierA)).json.msg).toBe('Enter the payment reference of the payout');
    expect(await snapshot(t.db, TABLES)).toEqual(before);

    const paid = await paidOut();
    const answers = await Promise.all([
      approve(id, ops.cashierA, { payment_reference: 'UPI123456789' }),
      approve(id, ops.cashierB, { payment_reference: 'UPI123456789' }),
      approve(id, ops.cashierA, { payment_reference: 'UPI123456789' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => !a.json.withdrawal.already_decided)).toHaveLength(1);
    for (const a of answers) {
      expect(a.json.withdrawal).toMatchObject({ id, state: 'approved', payment_reference: 'UPI123456789' });
    }
    expect((await paidOut()) - paid).toBe(80_000);
    expect(await balanceOf(t, p.id)).toBe(120_000);
    const refused = await reject(id, ops.cashierB, 'too late');
    expect(refused.statusCode).toBe(409);
    expect(refused.json.msg).toMatch(/^This withdrawal request was already approved by op\d+_cashier$/);
    const history = await t.post<{ withdrawdata: Json[] }>(
      '/api-user-withdraw-transaction-history',
      {},
      { token: p.token },
    );
    expect(history.json.withdrawdata[0]).toMatchObject({ request_number: id, request_status: '2' });
    expect(await auditOfTarget(t, 'withdraw_request', id)).toEqual([
      {
        action: 'withdraw_approve',
        player_id: p.id,
        before_state: { state: 'pending' },
        after_state: { state: 'approved', journal_id: expect.any(Number) as unknown },
        detail: { amount_paise: 80_000, payment_reference: 'UPI123456789', receipt_url: null },
      },
    ]);
  });

  it('rejects with a reason, returning the points once', async () => {
    const p = await payee(1000);
    const id = await requestWithdrawal(t, p, 600);
    expect(await balanceOf(t, p.id)).toBe(40_000);
    const before = await snapshot(t.db, TABLES);
    for (const reason of [undefined, '', 'no'])
      expect((await reject(id, ops.cashierA, reason)).statusCode).toBe(400);
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    const [one, two] = await Promise.all([
      reject(id, ops.cashierA, 'wrong number'),
      reject(id, ops.cashierB, 'duplicate'),
    ]);
    expect([one.json.withdrawal.already_decided, two.json.withdrawal.already_decided].sort()).toEqual([
      false,
      true,
    ]);
    expect(one.json.withdrawal.reason).toBe(two.json.withdrawal.reason);
    expect(await balanceOf(t, p.id)).toBe(100_000);
    expect((await approve(id, ops.cashierA, { payment_reference: 'UPI-AFTER' })).statusCode).toBe(409);
    expect((await queue(`player_id=${p.id}&status=rejected`)).json.rows[0]).toMatchObject({
      state: 'rejected',
      reason: one.json.withdrawal.reason,
    });
    expect(await balanceOf(t, p.id)).toBe(100_000);
    expect((await reject(987_654_321, ops.cashierA, 'missing')).statusCode).toBe(404);
  });

  it('is for operators with the withdrawal permissions only', async () => {
    const p = await payee(1000);
    const id = await requestWithdrawal(t, p, 500);
    const viewer = await operatorToken(t, 'viewer');
    const support = await operatorToken(t, 'support');
    const results = await operatorToken(t, 'results');
    expect((await queue('', viewer)).statusCode).toBe(200);
    expect((await queue('', support)).statusCode).toBe(200);
    expect((await queue('', results)).json.msg).toBe('You do not have permission to read withdrawals');
    const before = await snapshot(t.db, TABLES);
    for (const token of [viewer, support, results, p.token]) {
      expect((await approve(id, token, { payment_reference: 'UPI-NOPE' })).statusCode).toBe(403);
      expect((await reject(id, token, 'not allowed')).statusCode).toBe(403);
    }
    expect((await approve(id, viewer, { payment_reference: 'UPI-NOPE' })).json.msg).toBe(
      'You do not have permission to approve or reject withdrawals',
    );
    expect(await snapshot(t.db, TABLES)).toEqual(before);
  });
});

describe('two people above the threshold', () => {
  it('takes a first approval that pays nothing, refuses the same operator, and pays on a different one', async () => {
    await setThreshold(1000);
    const p = await payee(5000);
    const atLimit = await requestWithdrawal(t, p, 1000);
    const alone = await queue(`player_id=${p.id}&sort=id&dir=asc`);
    expect(alone.json.two_person_above_points).toBe(1000);
    expect(alone.json.rows.map((r) => [r.id, r.needs_two_approvals])).toEqual([[atLimit, false]]);

    // At the threshold one approval pays.
    expect(
      (await approve(atLimit, ops.cashierA, { payment_reference: 'UPI-AT-LIMIT' })).json.withdrawal.state,
    ).toBe('approved');
    // The threshold counts the player's 24 hours (limits/operator-limits.test.ts): this one is past it alone.
    const big = await requestWithdrawal(t, p, 1500);
    const listed = await queue(`player_id=${p.id}&sort=id&dir=asc`);
    expect(listed.json.rows.map((r) => [r.id, r.needs_two_approvals])).toEqual([[big, true]]);

    const before = await snapshot(t.db, TABLES);
    const early = await approve(big, ops.cashierA, { payment_reference: 'UPI-TOO-EARLY' });
    expect(early.statusCode).toBe(400);
    expect(early.json.msg).toMatch(/needs a second approval/);
    expect(await snapshot(t.db, TABLES)).toEqual(before);

    const paid = await paidOut();
    const key = { 'idempotency-key': `first-approval-${big}` };
    const first = await approve(big, ops.cashierA, {}, key);
    expect(first.statusCode).toBe(200);
    expect(first.json.withdrawal).toMatchObject({
      state: 'awaiting_second_approval',
      approved_by_1: { username: expect.stringMatching(/_cashier$/) as unknown },
      decided_by: null,
      already_decided: false,
    });
    expect(await paidOut()).toBe(paid);
    // A network retry of the same click (same key) gets its answer back; a second click by the same operator is refused.
    expect((await approve(big, ops.cashierA, {}, key)).json).toEqual(first.json);
    const afterFirst = await snapshot(t.db, TABLES);
    const same = await approve(big, ops.cashierA, { payment_reference: 'UPI-SAME-PERSON' });
    expect(same.statusCode).toBe(403);
    expect(same.json.msg).toBe('A different operator must give the second approval');
    expect(await snapshot(t.db, TABLES)).toEqual(afterFirst);
    expect(
      (await queue(`player_id=${p.id}&status=awaiting_second_approval`)).json.rows.map((r) => r.id),
    ).toEqual([big]);
    expect((await queue(`player_id=${p.id}&status=pending`)).json.total).toBe(0);
    // The player still sees it pending.
    const history = await t.post<{ withdrawdata: Json[] }>(
      '/api-user-withdraw-transaction-history',
      {},
      { token: p.token },
    );
    expect(history.json.withdrawdata.find((r) => r.request_number === big)).toMatchObject({
      request_status: '0',
    });

    expect((await approve(big, ops.cashierB)).json.msg).toBe('Enter the payment reference of the payout');
    const second = await approve(big, ops.cashierB, { payment_reference: 'UPI-TWO-PEOPLE' });
    expect(second.json.withdrawal).toMatchObject({
      state: 'approved',
      approved_by_1: first.json.withdrawal.approved_by_1,
      decided_by: { username: expect.stringMatching(/_cashier$/) as unknown },
      payment_reference: 'UPI-TWO-PEOPLE',
      already_decided: false,
    });
    expect(second.json.withdrawal.decided_by?.id).not.toBe(first.json.withdrawal.approved_by_1?.id);
    expect((await paidOut()) - paid).toBe(150_000);
    for (const token of [ops.cashierA, ops.cashierB, ops.owner]) {
      const again = await approve(big, token, { payment_reference: 'UPI-TWO-PEOPLE' });
      expect(again.json.withdrawal).toMatchObject({ state: 'approved', already_decided: true });
    }
    expect((await paidOut()) - paid).toBe(150_000);
    const { rows } = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_type = 'withdraw_request' AND target_id = $1 ORDER BY id`,
      [String(big)],
    );
    expect(rows.map((r) => r.action)).toEqual(['withdraw_approve_first', 'withdraw_approve']);
  });

  it('needs the second person even when the threshold is lifted after the first approval, and can be rejected', async () => {
    await setThreshold(500);
    const p = await payee(3000);
    const id = await requestWithdrawal(t, p, 900);
    expect((await approve(id, ops.cashierA)).json.withdrawal.state).toBe('awaiting_second_approval');
    await setThreshold(null);
    expect((await approve(id, ops.cashierA, { payment_reference: 'UPI-SOLO' })).statusCode).toBe(403);
    const rejected = await reject(id, ops.cashierA, 'player asked to cancel');
    expect(rejected.json.withdrawal).toMatchObject({ state: 'rejected', reason: 'player asked to cancel' });
    expect(await balanceOf(t, p.id)).toBe(300_000);
  });

  it('lets two operators racing on a fresh large request make one first approval and one payout at most', async () => {
    await setThreshold(100);
    const p = await payee(2000);
    const id = await requestWithdrawal(t, p, 1000);
    const paid = await paidOut();
    const [a, b] = await Promise.all([
      approve(id, ops.cashierA, {}),
      approve(id, ops.cashierB, { payment_reference: 'UPI-RACE-B' }),
    ]);
    const [stateA, stateB] = [a, b].map((r) =>
      r.statusCode === 200 ? r.json.withdrawal.state : r.json.code,
    );
    // A's call is the first approval either way; B's (with a reference) is the paying second approval when it
    // came after A's, and refused as too early (nothing written) when it came first.
    expect(stateA).toBe('awaiting_second_approval');
    expect(['approved', 'PAYMENT_REFERENCE_TOO_EARLY']).toContain(stateB);
    expect((await paidOut()) - paid).toBe(stateB === 'approved' ? 100_000 : 0);
    await setThreshold(null);
  });
});
