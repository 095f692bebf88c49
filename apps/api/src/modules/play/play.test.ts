import { playMessages as pm } from '@gama/core/contract/play-messages';
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import { admin, balanceOf, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { postSingleDigit } from '../../../test/desk.ts';

// 2026-11-20 is a Friday; the test market takes open-session bids until 01:00 PM Asia/Kolkata.
const IST = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00+05:30`;
const BID_DATE = '20-November-2026';
const MONEY = ['accounts', 'journals', 'entries', 'bids', 'deposit_requests'] as const;

let op: string;
let market: number;
const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
  op = await operatorToken(t);
  market = await seedMarket(t.db, { name: 'PLAY BAZAR', open: '01:00 PM', close: '03:00 PM', daysOff: [] });
});

type Player = Awaited<ReturnType<TestApp['player']>>;
type Settings = ApiBody & {
  limits: Array<{
    kind: string;
    period: string;
    points: number | null;
    pending: { points: number | null; at: string } | null;
  }>;
  break: { kind: string; until: string } | null;
  reality_check_minutes: number;
};

const bid = (p: Player, points: number) =>
  postSingleDigit<ApiBody & { wallet_amt: string }>(t, p, market, BID_DATE, {
    digits: '5',
    points,
    session: 'open',
  });
const deposit = (p: Player, points: number) =>
  t.post('/api-fund-request-add', { request_amount: String(points) }, { token: p.token });
const setLimits = (p: Player, kind: 'deposit' | 'stake', day = '', week = '', month = '') =>
  t.post<Settings>('/api-play-limits', { kind, day, week, month }, { token: p.token });
const settings = async (p: Player) =>
  (await t.post<Settings>('/api-play-settings', {}, { token: p.token })).json;
const limitOf = (s: Settings, kind: string, period: string) =>
  s.limits.find((l) => l.kind === kind && l.period === period);

async function withClock<T>(at: string, run: () => Promise<T>): Promise<T> {
  const saved = t.clock.now();
  t.clock.set(at);
  try {
    return await run();
  } finally {
    t.clock.set(saved);
  }
}

describe('stake limits', () => {
  it('take a bid up to the limit exactly and refuse the next one, naming the limit and what is left', async () => {
    const p = await t.player();
    await fund(t, p, op, 5000);
    const set = await setLimits(p, 'stake', '500', '', '');
    expect(set.json).toMatchObject({ status: true, msg: pm.limitsSaved });
    expect(limitOf(set.json, 'stake', 'day')).toEqual({
      kind: 'stake',
      period: 'day',
      points: 500,
      pending: null,
    });

    expect((await bid(p, 300)).statusCode).toBe(200);
    const before = await snapshot(t.db, MONEY);
    const over = await bid(p, 210);
    expect(over.statusCode).toBe(400);
    expect(over.json).toEqual({
      status: false,
      code: 'BID_PLAY_LIMIT',
      msg: 'Over your daily stake limit of 500 points: 200 points left today',
    });
    expect(await snapshot(t.db, MONEY)).toEqual(before);
    expect((await bid(p, 200)).statusCode).toBe(200);
    const none = await bid(p, 10);
    expect(none.json.msg).toBe(pm.limitReached('stake', 'day', '500', '0'));
    expect(await balanceOf(t, p.id)).toBe((5000 - 500) * 100);
  });

  it('apply the tightest of day, week and month, and a new day starts on India’s midnight', async () => {
    const p = await t.player();
    await fund(t, p, op, 5000);
    await setLimits(p, 'stake', '400', '600', '');
    expect((await bid(p, 400)).statusCode).toBe(200);
    expect((await bid(p, 10)).json.msg).toBe(pm.limitReached('stake', 'day', '400', '0'));
    // Saturday 09:00 in Kolkata: a new day, the same week (weeks start on Monday).
    await withClock(IST('09:00', '2026-11-21'), async () => {
      const res = await postSingleDigit(t, p, market, '21-November-2026', {
        digits: '5',
        points: 250,
        session: 'open',
      });
      expect(res.json.msg).toBe(pm.limitReached('stake', 'week', '600', '200'));
    });
  });

  it('hold under concurrent bids: together they never pass the limit', async () => {
    const p = await t.player();
    await fund(t, p, op, 5000);
    await setLimits(p, 'stake', '1000', '', '');
    const results = await Promise.all(Array.from({ length: 30 }, () => bid(p, 100)));
    const accepted = results.filter((r) => r.statusCode === 200).length;
    expect(accepted).toBe(10);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json.msg).toBe(pm.limitReached('stake', 'day', '1000', '0'));
    }
    const { rows } = await t.db.query<{ total: number }>(
      'SELECT coalesce(sum(amount), 0)::bigint AS total FROM bids WHERE player_id = $1',
      [p.id],
    );
    expect(rows[0]?.total).toBe(100_000);
  });
});

describe('deposit limits', () => {
  it('refuse a request over the limit, counting pending and approved requests but not rejected ones', async () => {
    const p = await t.player();
    await setLimits(p, 'deposit', '', '1000', '');
    expect((await deposit(p, 600)).statusCode).toBe(200);
    const before = await snapshot(t.db, MONEY);
    const over = await deposit(p, 401);
    expect(over.json).toEqual({
      status: false,
      code: 'PLAY_LIMIT_REACHED',
      msg: 'Over your weekly deposit limit of 1000 points: 400 points left this week',
    });
    expect(await snapshot(t.db, MONEY)).toEqual(before);
    expect((await deposit(p, 400)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM deposit_requests WHERE player_id = $1 ORDER BY id DESC LIMIT 1`,
      [p.id],
    );
    const reject = await admin(t, op, 'POST', `/admin-api/deposits/${rows[0]?.id}/reject`, {
      reason: 'No payment seen',
    });
    expect(reject.statusCode).toBe(200);
    expect((await deposit(p, 400)).statusCode).toBe(200);
  });
});

describe('changing a limit', () => {
  it('lowers at once, and raises or removes only after 24 hours, shown as pending with its time', async () => {
    const p = await t.player();
    await fund(t, p, op, 5000);
    await setLimits(p, 'stake', '100');
    const raised = await setLimits(p, 'stake', '300');
    const dueAt = new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString();
    expect(limitOf(raised.json, 'stake', 'day')).toEqual({
      kind: 'stake',
      period: 'day',
      points: 100,
      pending: { points: 300, at: dueAt },
    });
    expect((await bid(p, 110)).json.msg).toBe(pm.limitReached('stake', 'day', '100', '100'));

    // Saying the same again does not restart the 24 hours.
    t.clock.advance(60 * 60_000);
    try {
      expect(limitOf((await setLimits(p, 'stake', '300')).json, 'stake', 'day')?.pending?.at).toBe(dueAt);
    } finally {
      t.clock.advance(-60 * 60_000);
    }

    // One minute short of the 24 hours the old limit still holds; at the time, the new one.
    await withClock(new Date(Date.parse(dueAt) - 60_000).toISOString(), async () => {
      expect(limitOf(await settings(p), 'stake', 'day')?.points).toBe(100);
    });
    await withClock(dueAt, async () => {
      expect(limitOf(await settings(p), 'stake', 'day')).toMatchObject({ points: 300, pending: null });
    });

    // Lowering applies at once and drops the raise that was waiting.
    const lowered = await setLimits(p, 'stake', '50');
    expect(limitOf(lowered.json, 'stake', 'day')).toEqual({
      kind: 'stake',
      period: 'day',
      points: 50,
      pending: null,
    });
    expect((await bid(p, 60)).json.msg).toBe(pm.limitReached('stake', 'day', '50', '50'));

    // Removing waits too.
    const removed = await setLimits(p, 'stake', '');
    expect(limitOf(removed.json, 'stake', 'day')?.pending).toEqual({
      points: null,
      at: new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    });
    await withClock(new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString(), async () => {
      expect(limitOf(await settings(p), 'stake', 'day')).toMatchObject({ points: null, pending: null });
    });

    const { rows } = await t.db.query<{ action: string; operator_id: number | null }>(
      `SELECT action, operator_id FROM audit_log WHERE player_id = $1 AND action = 'play_limit_change' ORDER BY id`,
      [p.id],
    );
    expect(rows).toHaveLength(4);
  });

  it('refuses amounts that are not whole points', async () => {
    const p = await t.player();
    for (const day of ['0', '-5', '12.5', 'abc', '99999999999']) {
      expect((await setLimits(p, 'stake', day)).json).toMatchObject({ status: false, msg: pm.limitInvalid });
    }
  });
});

describe('time-out and self-exclusion', () => {
  it('refuse bids, deposits and transfers while they run; balances, histories and withdrawals stay open', async () => {
    const p = await t.player();
    const friend = await t.player();
    await fund(t, p, op, 2000);
    const res = await t.post<Settings>('/api-play-break', { option: '24h' }, { token: p.token });
    expect(res.json).toMatchObject({ status: true, msg: 'Time-out started. It ends 21-11-2026 09:00 AM.' });
    expect(res.json.break).toEqual({
      kind: 'timeout',
      until: new Date(Date.parse(IST('09:00', '2026-11-21'))).toISOString(),
    });

    const refusal = pm.breakRunning('timeout', '21-11-2026 09:00 AM');
    const before = await snapshot(t.db, MONEY);
    // A bid's refusal carries the bids' own code (decision 043); the other debits keep theirs.
    const bidRefused = await bid(p, 10);
    expect(bidRefused.statusCode).toBe(403);
    expect(bidRefused.json).toEqual({ status: false, code: 'BID_ON_BREAK', msg: refusal });
    for (const refused of [
      await deposit(p, 500),
      await t.post(
        '/api-user-transfer-wallet-balance',
        { mobile_no: friend.mobile, amount: '150', transfer_note: '' },
        { token: p.token },
      ),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json).toEqual({ status: false, code: 'BREAK_RUNNING', msg: refusal });
    }
    expect(await snapshot(t.db, MONEY)).toEqual(before);

    expect((await t.post('/api-user-wallet-balance', {}, { token: p.token })).json).toMatchObject({
      wallet_amt: '2000',
    });
    await t.db.query(
      `INSERT INTO payout_methods (player_id, upi_type, number, verified_at) VALUES ($1, '3', '9876543210', $2)`,
      [p.id, t.clock.now()],
    );
    await withClock(IST('12:00'), async () => {
      const withdraw = await t.post(
        '/api-user-withdraw-fund-request',
        { request_amount: '600', payment_method: '4', mobile: '9999999999' },
        { token: p.token },
      );
      expect(withdraw.json.msg).not.toBe(refusal);
      expect(withdraw.json).toMatchObject({ status: true });
    });

    // It cannot be shortened, and ends on its own.
    const shorter = await t.post<Settings>('/api-play-break', { option: '24h' }, { token: p.token });
    expect(shorter.json.break?.until).toBe(res.json.break?.until);
    await withClock(IST('09:00', '2026-11-21'), async () => {
      expect((await deposit(p, 500)).statusCode).toBe(200);
    });
  });

  it('self-exclusion outlasts an operator switching betting back on, and operators see it', async () => {
    const p = await t.player();
    await fund(t, p, op, 1000);
    const res = await t.post<Settings>('/api-play-break', { option: '6m' }, { token: p.token });
    expect(res.json.break).toEqual({
      kind: 'exclusion',
      until: new Date(Date.parse(IST('09:00', '2027-05-20'))).toISOString(),
    });
    expect(res.json.msg).toBe('Self-exclusion started. It ends 20-05-2027 09:00 AM.');
    // A time-out asked for during it changes nothing (it would end sooner).
    const timeout = await t.post<Settings>('/api-play-break', { option: '30d' }, { token: p.token });
    expect(timeout.json.break?.kind).toBe('exclusion');

    const on = await admin(t, op, 'POST', `/admin-api/players/${p.id}/betting-status`, {
      betting_status: '1',
      reason: 'Asked to play',
    });
    expect(on.statusCode).toBeLessThan(500);
    expect((await bid(p, 10)).json.msg).toBe(pm.breakRunning('exclusion', '20-05-2027 09:00 AM'));

    const view = await admin<{ break: unknown; dob: string; history: Array<{ action: string }> }>(
      t,
      op,
      'GET',
      `/admin-api/players/${p.id}/play`,
    );
    expect(view.statusCode).toBe(200);
    expect(view.json).toMatchObject({ dob: '1990-01-01', break: { kind: 'exclusion' } });
    expect(view.json.history.map((h) => h.action)).toEqual(['play_break_start']);
  });
});

describe('reality check and statement', () => {
  it('report the time and net result since sign-in, and the interval is audited', async () => {
    const p = await t.player();
    await fund(t, p, op, 1000);
    expect((await bid(p, 100)).statusCode).toBe(200);
    const set = await t.post<Settings>('/api-reality-check-interval', { minutes: '15' }, { token: p.token });
    expect(set.json).toMatchObject({ status: true, reality_check_minutes: 15, msg: pm.realityCheckSaved });
    const check = await t.post<ApiBody & { net: string; interval_minutes: number; signed_in_at: string }>(
      '/api-reality-check',
      {},
      { token: p.token },
    );
    expect(check.json).toMatchObject({
      status: true,
      net: '-100',
      interval_minutes: 15,
      signed_in_at: t.clock.now().toISOString(),
    });
    expect(
      (await t.post('/api-reality-check-interval', { minutes: '20' }, { token: p.token })).statusCode,
    ).toBe(400);
  });

  it('lists every wallet movement of the month with running balances, as JSON or CSV', async () => {
    const p = await t.player();
    await fund(t, p, op, 1000);
    expect((await bid(p, 100)).statusCode).toBe(200);
    const json = await t.post<
      ApiBody & { opening: string; closing: string; rows: Array<Record<string, string>> }
    >('/api-account-statement', { month: '2026-11' }, { token: p.token });
    expect(json.json).toMatchObject({ status: true, opening: '0', closing: '900' });
    expect(json.json.rows.map((r) => [r.type, r.credit, r.debit, r.balance])).toEqual([
      ['Deposit', '1000', '', '1000'],
      ['Bid', '', '100', '900'],
    ]);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api-account-statement',
      payload: { app_key: t.config.APP_KEY, unique_token: p.token, month: '2026-11', format: 'csv' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('gama-statement-2026-11.csv');
    expect(csv.body).toContain('date,type,details,credit,debit,balance');
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
    const empty = await t.post<ApiBody & { rows: unknown[] }>(
      '/api-account-statement',
      { month: '2026-10' },
      { token: p.token },
    );
    expect(empty.json.rows).toEqual([]);
    expect((await t.post('/api-account-statement', { month: '2026-13' }, { token: p.token })).json.msg).toBe(
      pm.statementMonthInvalid,
    );
  });
});
