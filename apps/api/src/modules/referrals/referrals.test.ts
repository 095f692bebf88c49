/**
 * Referrals (issue 31 item 3, decision 038) over HTTP: the code and its summary, registration with a code, the
 * reward on the first approved deposit (paid once, whatever races it), the daily cap, held rewards and their
 * review, the owner's switch, and the console's report with its CSV. On both engines: the races are real only
 * on PostgreSQL.
 */
import { accountMessages as m } from '@gama/core/contract/messages';
import { referralMessages } from '@gama/core/endpoints/referrals/index';
import { limitMessages } from '@gama/core/operators/limits';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import {
  MONEY_TABLES,
  admin,
  balanceOf,
  operatorToken,
  suiteOperators,
  requestDeposit,
  savePayoutNumber,
} from '../../../test/money.ts';
import { nextMobile } from '../../seed/players.ts';

const t = suiteApp({ ledger: true });
const ops = suiteOperators(t, { owner: 'owner', cashier: 'cashier' });

type Json = Record<string, unknown>;
interface Player {
  id: number;
  mobile: string;
  token: string;
}
interface Mine extends ApiBody {
  on: boolean;
  code: string;
  brought: number;
  rewarded: number;
  earned_paise: number;
  in_review: number;
}
interface Row {
  referred: { id: number };
  referrer: { id: number };
  state: string;
  referrer_reward_paise: number | null;
  referred_reward_paise: number | null;
  link_reasons: string[];
  journal_id: number | null;
  decided_by: { username: string } | null;
  decision_reason: string | null;
}

const REFERRAL_TABLES = [...MONEY_TABLES, 'players', 'referrals', 'referral_codes', 'audit_log'] as const;

async function settings(patch: Json): Promise<void> {
  const res = await admin(t, ops.owner, 'PATCH', '/admin-api/settings', patch);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
}

async function mine(p: Player): Promise<Mine> {
  const res = await t.post<Mine>('/api-my-referrals', {}, { token: p.token });
  expect(res.statusCode, res.raw).toBe(200);
  return res.json;
}

let addresses = 0;
/** Each registration from an address of its own: the per-address code limits are not this file's subject. */
const nextAddress = () => `10.31.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** Registers through the real two steps, with `code` in the form (or none). */
async function register(
  code?: string,
): Promise<{ mobile: string; otp: string; answer: Json; status: number }> {
  const mobile = nextMobile();
  const ip = nextAddress();
  await t.post('/api-check-mobile', { mobile }, { ip });
  const otp = await t.lastCode(mobile);
  const res = await t.post(
    '/api-user-registration',
    {
      name: 'Referred One',
      mobile,
      password: 'mango-tree-42',
      otp,
      dob: '1990-01-01',
      ...(code === undefined ? {} : { referral_code: code }),
    },
    { ip },
  );
  return { mobile, otp, answer: res.json, status: res.statusCode };
}

async function registered(code?: string): Promise<Player> {
  const r = await register(code);
  expect(r.status, JSON.stringify(r.answer)).toBe(200);
  const token = String(r.answer.unique_token);
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM players WHERE mobile = $1', [r.mobile]);
  return { id: rows[0]?.id ?? 0, mobile: r.mobile, token };
}

const approve = (id: number, token = ops.cashier) =>
  admin(t, token, 'POST', `/admin-api/deposits/${id}/approve`);

async function referral(referredId: number): Promise<Row> {
  const res = await admin<{ rows: Row[] }>(t, ops.owner, 'GET', `/admin-api/referrals?q=${referredId}`);
  const row = res.json.rows.find((r) => r.referred.id === referredId);
  if (!row) throw new Error(`no referral row for ${referredId}`);
  return row;
}

async function rewardJournals(referredId: number): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM journals WHERE kind = 'referral_reward' AND ref_id = $1`,
    [referredId],
  );
  return rows[0]?.n ?? 0;
}

async function savePayout(p: Player, number: string): Promise<void> {
  await savePayoutNumber(t, p, number);
  t.clock.advance(31_000);
}

describe('referrals while off (the default)', () => {
  it('says off, still gives a player a code, and registers with a code without recording it', async () => {
    const program = await t.post('/api-referral-program', {});
    expect(program.json).toEqual({ status: true, on: false, new_player_reward_paise: 0 });
    const referrer = await registered();
    const first = await mine(referrer);
    expect(first).toMatchObject({ status: true, on: false, brought: 0, rewarded: 0, earned_paise: 0 });
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await mine(referrer)).code).toBe(first.code);
    const p = await registered(first.code);
    const { rows } = await t.db.query('SELECT 1 FROM referrals WHERE referred_id = $1', [p.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('referrals while on', () => {
  let referrer: Player;
  let code: string;
  beforeAll(async () => {
    await settings({
      referrals_on: true,
      referral_reward: 75,
      referral_new_player_reward: 20,
      referral_daily_cap: 0,
    });
    referrer = await registered();
    code = (await mine(referrer)).code;
  });

  it('refuses turning referrals on with no reward', async () => {
    const res = await admin(t, ops.owner, 'PATCH', '/admin-api/settings', { referral_reward: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json.msg).toBe('referral_reward must be more than 0 while referrals are on');
  });

  it('tells the app what a new player gets', async () => {
    const program = await t.post('/api-referral-program', {});
    expect(program.json).toEqual({ status: true, on: true, new_player_reward_paise: 2_000 });
  });

  it('refuses an unknown code with its message, registers nothing and spends no code', async () => {
    const before = await snapshot(t.db, REFERRAL_TABLES);
    const mobile = nextMobile();
    await t.post('/api-check-mobile', { mobile });
    const otp = await t.lastCode(mobile);
    const form = { name: 'Someone', mobile, password: 'mango-tree-42', otp, dob: '1990-01-01' };
    for (const bad of ['ZZZZZZZZ', 'nope', 'A'.repeat(41), `${code}X`]) {
      const res = await t.post('/api-user-registration', { ...form, referral_code: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json).toMatchObject({ status: false, msg: referralMessages.unknownCode });
    }
    expect(await snapshot(t.db, REFERRAL_TABLES)).toEqual(before);
    // The code was not spent: the same form without the referral code registers.
    const ok = await t.post('/api-user-registration', form);
    expect(ok.json).toMatchObject({ status: true, msg: m.registerSuccess });
  });

  it('refuses an unknown code at the first step, before any code is sent', async () => {
    const mobile = nextMobile();
    const res = await t.post(
      '/api-check-mobile',
      { mobile, referral_code: 'QQQQQQQQ' },
      { ip: nextAddress() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json.msg).toBe(referralMessages.unknownCode);
    expect(await t.outbox(mobile)).toEqual([]);
    const ok = await t.post('/api-check-mobile', { mobile, referral_code: code }, { ip: nextAddress() });
    expect(ok.json).toEqual({ status: true, msg: m.otpSent });
  });

  it("refuses a closed account's code as unknown", async () => {
    const closing = await registered();
    const closingCode = (await mine(closing)).code;
    await t.db.query(`UPDATE players SET closed_at = $2, mobile = 'closed-' || id WHERE id = $1`, [
      closing.id,
      t.clock.now(),
    ]);
    const r = await register(closingCode);
    expect(r.status).toBe(400);
    expect(r.answer.msg).toBe(referralMessages.unknownCode);
  });

  it('records the referral from a code typed in lower case with spaces around it', async () => {
    const p = await registered(`  ${code.toLowerCase()} `);
    expect(await referral(p.id)).toMatchObject({
      referrer: { id: referrer.id },
      state: 'waiting',
      journal_id: null,
    });
    expect((await mine(referrer)).brought).toBeGreaterThanOrEqual(1);
  });

  it('pays both rewards once with the first approved deposit, and never again', async () => {
    const p = await registered(code);
    const referrerBefore = await balanceOf(t, referrer.id);
    const earnedBefore = (await mine(referrer)).earned_paise;
    const first = await requestDeposit(t, p, 500);
    expect((await approve(first)).statusCode).toBe(200);
    expect(await balanceOf(t, referrer.id)).toBe(referrerBefore + 7_500);
    expect(await balanceOf(t, p.id)).toBe(50_000 + 2_000);
    const row = await referral(p.id);
    expect(row).toMatchObject({ state: 'paid', referrer_reward_paise: 7_500, referred_reward_paise: 2_000 });
    expect(await rewardJournals(p.id)).toBe(1);
    const second = await requestDeposit(t, p, 300);
    expect((await approve(second)).statusCode).toBe(200);
    expect(await balanceOf(t, referrer.id)).toBe(referrerBefore + 7_500);
    expect(await rewardJournals(p.id)).toBe(1);
    const summary = await mine(referrer);
    expect(summary.earned_paise).toBe(earnedBefore + 7_500);
    // The wallet report's columns still add up to the movement: the reward is counted with the adjustments.
    const report = await admin<{ rows: Record<string, number>[] }>(
      t,
      ops.owner,
      'GET',
      `/admin-api/reports/wallet?from=2026-11-01&to=2026-12-31&player_id=${p.id}`,
    );
    expect(report.statusCode, JSON.stringify(report.json)).toBe(200);
    expect(report.json.rows[0]).toMatchObject({
      deposits_paise: 80_000,
      adjustments_paise: 2000,
      closing_paise: 82_000,
    });
    // The referrer's passbook shows it in the words the app translates.
    const history = await t.post<{
      transaction_history: { kind: string; transaction_note: string; amount: string }[];
    }>('/api-wallet-transaction-history', {}, { token: referrer.token });
    expect(history.json.transaction_history[0]).toMatchObject({
      kind: 'referral_reward',
      transaction_note: 'Referral reward',
      amount: '75',
    });
  });

  it('pays once when two first deposits are approved at the same moment', async () => {
    const p = await registered(code);
    const referrerBefore = await balanceOf(t, referrer.id);
    const ids = await Promise.all([
      requestDeposit(t, p, 200),
      requestDeposit(t, p, 300),
      requestDeposit(t, p, 400),
    ]);
    const answers = await Promise.all([
      approve(ids[0] ?? 0),
      approve(ids[1] ?? 0, ops.owner),
      approve(ids[2] ?? 0),
      approve(ids[0] ?? 0, ops.owner),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await rewardJournals(p.id)).toBe(1);
    expect(await balanceOf(t, referrer.id)).toBe(referrerBefore + 7_500);
    expect(await balanceOf(t, p.id)).toBe(90_000 + 2_000);
    const row = await referral(p.id);
    expect(ids).toContain(
      (
        await t.db.query<{ d: number }>(
          'SELECT deposit_request_id AS d FROM referrals WHERE referred_id = $1',
          [p.id],
        )
      ).rows[0]?.d,
    );
    expect(row.state).toBe('paid');
  });

  it('pays nothing for a rejected deposit, then pays with the first approved one', async () => {
    const p = await registered(code);
    const referrerBefore = await balanceOf(t, referrer.id);
    const refused = await requestDeposit(t, p, 250);
    const rejected = await admin(t, ops.cashier, 'POST', `/admin-api/deposits/${refused}/reject`, {
      reason: 'UTR not in statement',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await referral(p.id)).state).toBe('waiting');
    expect(await balanceOf(t, referrer.id)).toBe(referrerBefore);
    expect((await approve(await requestDeposit(t, p, 250))).statusCode).toBe(200);
    expect((await referral(p.id)).state).toBe('paid');
    expect(await balanceOf(t, referrer.id)).toBe(referrerBefore + 7_500);
  });

  it('holds the reward of linked accounts for review; approve pays once, audited', async () => {
    const linkedReferrer = await registered();
    const linkedCode = (await mine(linkedReferrer)).code;
    const p = await registered(linkedCode);
    const shared = nextMobile();
    await savePayout(linkedReferrer, shared);
    await savePayout(p, shared);
    expect((await approve(await requestDeposit(t, p, 500))).statusCode).toBe(200);
    const held = await referral(p.id);
    expect(held).toMatchObject({
      state: 'held',
      link_reasons: [`same payout number ${shared}`],
      journal_id: null,
    });
    expect(await balanceOf(t, linkedReferrer.id)).toBe(0);
    expect(await balanceOf(t, p.id)).toBe(50_000);
    expect((await mine(linkedReferrer)).in_review).toBe(1);
    const list = await admin<{ rows: Row[]; totals: { held: number } }>(
      t,
      ops.cashier,
      'GET',
      '/admin-api/referrals?state=held',
    );
    expect(list.json.rows.map((r) => r.referred.id)).toContain(p.id);

    const answers = await Promise.all([
      admin<{ referral: Row; already_decided: boolean }>(
        t,
        ops.cashier,
        'POST',
        `/admin-api/referrals/${p.id}/approve`,
        {},
      ),
      admin<{ referral: Row; already_decided: boolean }>(
        t,
        ops.owner,
        'POST',
        `/admin-api/referrals/${p.id}/approve`,
        {},
      ),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.filter((a) => !a.json.already_decided)).toHaveLength(1);
    expect(answers[0]?.json.referral).toMatchObject({ state: 'paid', referrer_reward_paise: 7_500 });
    expect(await rewardJournals(p.id)).toBe(1);
    expect(await balanceOf(t, linkedReferrer.id)).toBe(7_500);
    expect(await balanceOf(t, p.id)).toBe(52_000);
    const rejectLater = await admin(t, ops.owner, 'POST', `/admin-api/referrals/${p.id}/reject`, {
      reason: 'changed my mind',
    });
    expect(rejectLater.statusCode).toBe(409);
    expect(rejectLater.json.msg).toBe(referralMessages.notHeld('paid'));
    const { rows } = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_type = 'referral' AND target_id = $1`,
      [String(p.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['referral_reward_approve']);
  });

  it("pays a held reward as the approver's own credit: past their allowance it stays held for another operator", async () => {
    const linkedReferrer = await registered();
    const p = await registered((await mine(linkedReferrer)).code);
    await savePayout(p, linkedReferrer.mobile);
    expect((await approve(await requestDeposit(t, p, 500))).statusCode).toBe(200);
    expect((await referral(p.id)).state).toBe('held');
    // The two rewards are 75 + 20 points; a fresh cashier may credit 90 alone in 24 hours.
    await settings({ cashier_credit_allowance: 90 });
    try {
      const reviewer = await operatorToken(t, 'cashier');
      const before = await snapshot(t.db, [...MONEY_TABLES, 'operator_money_moves']);
      const refused = await admin(t, reviewer, 'POST', `/admin-api/referrals/${p.id}/approve`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json.code).toBe('REFERRAL_PAST_ALLOWANCE');
      expect(refused.json.msg).toBe(limitMessages.referralPastAllowance(90, 0));
      expect(await snapshot(t.db, [...MONEY_TABLES, 'operator_money_moves'])).toEqual(before);
      expect((await referral(p.id)).state).toBe('held');

      // Within the allowance it pays, and the credits count against it like any other.
      await settings({ cashier_credit_allowance: 95 });
      const paid = await admin<{ referral: Row }>(
        t,
        reviewer,
        'POST',
        `/admin-api/referrals/${p.id}/approve`,
        {},
      );
      expect(paid.statusCode, JSON.stringify(paid.json)).toBe(200);
      expect(paid.json.referral.state).toBe('paid');
      const { rows } = await t.db.query<{ player_id: number; amount: number; solo: boolean }>(
        `SELECT player_id, amount, solo FROM operator_money_moves WHERE ref_type = 'referral' AND ref_id = $1
          ORDER BY amount DESC`,
        [p.id],
      );
      expect(rows.map((r) => [Number(r.player_id), Number(r.amount), r.solo])).toEqual([
        [linkedReferrer.id, 7_500, true],
        [p.id, 2_000, true],
      ]);
      // The allowance is used up: the smallest deposit is now past it for this cashier.
      const next = await approve(await requestDeposit(t, await registered(), 100), reviewer);
      expect(next.statusCode).toBe(403);
      expect(next.json.msg).toBe(limitMessages.depositPastAllowance(95, 9_500));
    } finally {
      await settings({ cashier_credit_allowance: 50_000 });
    }
  });

  it('rejecting a held reward closes it with the reason and moves no money', async () => {
    const linkedReferrer = await registered();
    const p = await registered((await mine(linkedReferrer)).code);
    // The referred player's payout number is the referrer's own phone.
    await savePayout(p, linkedReferrer.mobile);
    expect((await approve(await requestDeposit(t, p, 500))).statusCode).toBe(200);
    expect((await referral(p.id)).link_reasons).toEqual([
      `payout number ${linkedReferrer.mobile} is the other player's phone`,
    ]);
    const short = await admin(t, ops.cashier, 'POST', `/admin-api/referrals/${p.id}/reject`, { reason: 'x' });
    expect(short.statusCode).toBe(400);
    const before = await snapshot(t.db, MONEY_TABLES);
    const res = await admin<{ referral: Row }>(
      t,
      ops.cashier,
      'POST',
      `/admin-api/referrals/${p.id}/reject`,
      {
        reason: 'same person',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json.referral).toMatchObject({ state: 'rejected', decision_reason: 'same person' });
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
    const pay = await admin(t, ops.owner, 'POST', `/admin-api/referrals/${p.id}/approve`, {});
    expect(pay.statusCode).toBe(409);
    expect(await rewardJournals(p.id)).toBe(0);
  });

  it('caps the rewards of one referrer a day, also when first deposits race', async () => {
    await settings({ referral_daily_cap: 1 });
    const capped = await registered();
    const capCode = (await mine(capped)).code;
    const players = await Promise.all([registered(capCode), registered(capCode), registered(capCode)]);
    const ids = await Promise.all(players.map((p) => requestDeposit(t, p, 200)));
    const answers = await Promise.all(ids.map((id, i) => approve(id, i % 2 === 0 ? ops.cashier : ops.owner)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const states = await Promise.all(players.map(async (p) => (await referral(p.id)).state));
    expect(states.sort()).toEqual(['capped', 'capped', 'paid']);
    expect(await balanceOf(t, capped.id)).toBe(7_500);
    // The next market day has room again.
    t.clock.advance(24 * 3_600_000);
    const next = await registered(capCode);
    expect((await approve(await requestDeposit(t, next, 200))).statusCode).toBe(200);
    expect((await referral(next.id)).state).toBe('paid');
    await settings({ referral_daily_cap: 0 });
  });

  it('lets a referral lapse when referrals are switched off before the first deposit', async () => {
    const p = await registered(code);
    await settings({ referrals_on: false });
    const referrerBefore = await balanceOf(t, referrer.id);
    expect((await approve(await requestDeposit(t, p, 200))).statusCode).toBe(200);
    expect((await referral(p.id)).state).toBe('lapsed');
    expect(await balanceOf(t, referrer.id)).toBe(referrerBefore);
    expect(await rewardJournals(p.id)).toBe(0);
    await settings({ referrals_on: true });
  });

  it('reports every referral with totals, exports it as CSV (audited) and keeps it from the support role', async () => {
    const report = await admin<{ rows: Row[]; total: number; totals: Json }>(
      t,
      ops.owner,
      'GET',
      `/admin-api/referrals?referrer_id=${referrer.id}&sort=qualified_at&dir=asc`,
    );
    expect(report.statusCode).toBe(200);
    expect(report.json.rows.every((r) => r.referrer.id === referrer.id)).toBe(true);
    const paid = report.json.rows.filter((r) => r.state === 'paid').length;
    expect(report.json.totals).toMatchObject({ referrer_paid_paise: paid * 7_500 });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin-api/referrals?referrer_id=${referrer.id}&format=csv`,
      headers: { authorization: `Bearer ${ops.owner}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('referrer id');
    expect(lines).toHaveLength(report.json.total + 1);
    expect(csv.body).toContain('75.00');
    const { rows } = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'referrals_export'`);
    expect(rows.length).toBeGreaterThan(0);
    const support = await operatorToken(t, 'support');
    expect((await admin(t, support, 'GET', '/admin-api/referrals')).statusCode).toBe(403);
    expect(
      (await admin(t, support, 'POST', `/admin-api/referrals/${referrer.id}/approve`, {})).statusCode,
    ).toBe(403);
  });

  it('answers 404 for a player nobody referred', async () => {
    const res = await admin(t, ops.owner, 'POST', `/admin-api/referrals/${referrer.id}/approve`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json.msg).toBe(referralMessages.notFound);
  });

  it('refuses a self-referral in the database, whatever the caller', async () => {
    await expect(
      t.db.query('INSERT INTO referrals (referred_id, referrer_id, created_at) VALUES ($1, $1, now())', [
        referrer.id,
      ]),
    ).rejects.toThrow(/referral_not_self/);
  });
});
