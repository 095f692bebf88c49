import { accountClosureMessages as closure, accountMessages as m } from '@gama/core/contract/messages';
import { playMessages as pm } from '@gama/core/contract/play-messages';
import { createHash } from 'node:crypto';
import { formatDateTime } from '../../lib/format.ts';
import { describe, expect, it } from 'vitest';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import { expectLedgerClean, fund, MONEY_TABLES, operatorToken } from '../../../test/money.ts';

const PATH = '/api-delete-account';

describe('a player closes their own account', () => {
  let op: string;
  const t = suiteApp({}, async () => {
    op = await operatorToken(t);
  });

  const playerRow = async (id: number) =>
    (
      await t.db.query<{ user_name: string; mobile: string; closed: boolean; password_hash: string }>(
        'SELECT user_name, mobile, closed_at IS NOT NULL AS closed, password_hash FROM players WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('refuses a wrong password, or no confirmation, and changes nothing', async () => {
    const p = await t.player();
    const before = await snapshot(t.db, ['players', 'sessions']);
    const wrong = await t.post(PATH, { password: 'not-the-password', confirm: true }, { token: p.token });
    expect([wrong.statusCode, wrong.json.msg]).toEqual([400, m.wrongPassword]);
    const unconfirmed = await t.post(PATH, { password: p.password }, { token: p.token });
    expect([unconfirmed.statusCode, unconfirmed.json.msg]).toEqual([400, closure.confirmRequired]);
    expect(await snapshot(t.db, ['players', 'sessions'])).toEqual(before);
  });

  it('refuses while the wallet holds points, and while a deposit waits for a decision', async () => {
    const rich = await t.player();
    await fund(t, rich, op, 250);
    const before = await snapshot(t.db, ['players', 'sessions', ...MONEY_TABLES]);
    const refused = await t.post(PATH, { password: rich.password, confirm: true }, { token: rich.token });
    expect([refused.statusCode, refused.json.msg]).toEqual([403, closure.balanceLeft('250')]);
    expect(await snapshot(t.db, ['players', 'sessions', ...MONEY_TABLES])).toEqual(before);

    const waiting = await t.player();
    const request = await t.post(
      '/api-fund-request-add',
      { request_amount: '500' },
      { token: waiting.token },
    );
    expect(request.statusCode).toBe(200);
    const pending = await t.post(
      PATH,
      { password: waiting.password, confirm: true },
      { token: waiting.token },
    );
    expect([pending.statusCode, pending.json.msg]).toEqual([403, closure.depositPending]);
    expect((await playerRow(waiting.id))?.closed).toBe(false);
  });

  it('closes an empty account: sessions end, the person is removed, the books stay, the phone is free', async () => {
    const p = await t.player();
    await t.db.query(
      `INSERT INTO payout_methods (player_id, upi_type, number, verified_at) VALUES ($1, '1', $2, now())`,
      [p.id, p.mobile],
    );
    await t.db.query(
      `INSERT INTO notifications (player_id, kind, ref_id, amount, created_at) VALUES ($1, 'deposit_approved', 1, 50000, now())`,
      [p.id],
    );
    const accountsBefore = await t.db.query(
      'SELECT id, balance FROM accounts WHERE player_id = $1 ORDER BY id',
      [p.id],
    );

    const closed = await t.post(PATH, { password: p.password, confirm: true }, { token: p.token });
    expect([closed.statusCode, closed.json]).toEqual([200, { status: true, msg: closure.closed }]);

    expect(await playerRow(p.id)).toEqual({
      user_name: 'Closed account',
      mobile: `closed-${p.id}`,
      closed: true,
      password_hash: '!',
    });
    const payout = await t.db.query('SELECT 1 FROM payout_methods WHERE player_id = $1', [p.id]);
    expect(payout.rows).toEqual([]);
    const notices = await t.db.query('SELECT 1 FROM notifications WHERE player_id = $1', [p.id]);
    expect(notices.rows).toEqual([]);
    // The ledger keeps the account's accounts (and so its history).
    expect(
      (await t.db.query('SELECT id, balance FROM accounts WHERE player_id = $1 ORDER BY id', [p.id])).rows,
    ).toEqual(accountsBefore.rows);
    // The session it was closed from is over, and the phone no longer signs in to it.
    const after = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(after.statusCode).toBe(401);
    const login = await t.post('/api-user-login', { mobile: p.mobile, password: p.password });
    expect([login.statusCode, login.json.msg]).toEqual([400, m.userNotRegistered]);
    // The phone can open a new account.
    const again = await t.player({ mobile: p.mobile });
    expect(again.id).not.toBe(p.id);
    await expectLedgerClean(t);
  });

  it('a closed row keeps the phone shape rule for every open account', async () => {
    const p = await t.player();
    await expect(t.db.query(`UPDATE players SET mobile = 'closed-1' WHERE id = $1`, [p.id])).rejects.toThrow(
      /players_mobile_shape/,
    );
  });
});

describe('a time-out or self-exclusion outlives the closed account', () => {
  const t = suiteApp();

  const ADULT = '1990-01-15';
  const takeBreakAndClose = async (option: '24h' | '6m') => {
    const p = await t.player();
    const started = await t.post<{ break: { until: string } }>(
      '/api-play-break',
      { option },
      { token: p.token },
    );
    expect(started.statusCode).toBe(200);
    const closed = await t.post(PATH, { password: p.password, confirm: true }, { token: p.token });
    expect(closed.statusCode).toBe(200);
    return { ...p, until: new Date(started.json.break.until) };
  };
  const refusal = (until: Date) => pm.closedAccountBreak(formatDateTime(until, t.config.MARKET_TIME_ZONE));
  const playerCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM players')).rows[0]?.n;

  it('refuses the registration check, a resend and registration for the phone until the exclusion ends', async () => {
    const p = await takeBreakAndClose('6m');
    const players = await playerCount();
    const outboxBefore = await t.outbox(p.mobile);

    const check = await t.post('/api-check-mobile', { mobile: p.mobile });
    expect([check.statusCode, check.json.msg]).toEqual([403, refusal(p.until)]);
    const resend = await t.post('/api-resend-otp', { mobile: p.mobile, purpose: 'register' });
    expect([resend.statusCode, resend.json.msg]).toEqual([403, refusal(p.until)]);
    const register = await t.post('/api-user-registration', {
      name: 'Back Again',
      mobile: p.mobile,
      password: 'secret-pass-1',
      otp: '1234',
      dob: ADULT,
    });
    expect([register.statusCode, register.json.msg]).toEqual([403, refusal(p.until)]);
    // No code was sent and nothing was created.
    expect(await t.outbox(p.mobile)).toEqual(outboxBefore);
    expect(await playerCount()).toBe(players);

    // One minute before the end it still holds; at the end the phone may register again.
    t.clock.set(new Date(p.until.getTime() - 60_000).toISOString());
    expect((await t.post('/api-check-mobile', { mobile: p.mobile })).statusCode).toBe(403);
    t.clock.set(p.until.toISOString());
    const open = await t.post('/api-check-mobile', { mobile: p.mobile });
    expect([open.statusCode, open.json.msg]).toEqual([200, m.otpSent]);
    const again = await t.post('/api-user-registration', {
      name: 'Back Again',
      mobile: p.mobile,
      password: 'secret-pass-1',
      otp: await t.lastCode(p.mobile),
      dob: ADULT,
    });
    expect([again.statusCode, again.json.msg]).toEqual([200, m.registerSuccess]);
  });

  it('holds a time-out the same way, for its 24 hours', async () => {
    t.clock.set('2026-11-20T06:30:00.000Z');
    const p = await takeBreakAndClose('24h');
    expect(p.until.toISOString()).toBe('2026-11-21T06:30:00.000Z');
    const check = await t.post('/api-check-mobile', { mobile: p.mobile });
    expect([check.statusCode, check.json.msg]).toEqual([403, refusal(p.until)]);
    t.clock.set('2026-11-21T06:30:00.000Z');
    expect((await t.post('/api-check-mobile', { mobile: p.mobile })).statusCode).toBe(200);
  });

  it('keeps only a keyed hash of the phone, and nothing for a break that has ended or an account without one', async () => {
    t.clock.set('2026-11-20T06:30:00.000Z');
    await t.db.query('DELETE FROM closed_account_breaks');
    const p = await takeBreakAndClose('6m');
    const { rows } = await t.db.query<{ phone_mac: Uint8Array; kind: string; until: Date }>(
      'SELECT phone_mac, kind, until FROM closed_account_breaks',
    );
    expect(rows.map((r) => [r.kind, r.until.toISOString()])).toEqual([['exclusion', p.until.toISOString()]]);
    const mac = Buffer.from(rows[0]?.phone_mac ?? []);
    expect(mac).toHaveLength(32);
    expect(mac.equals(createHash('sha256').update(p.mobile).digest())).toBe(false);
    expect(mac.toString('hex')).not.toContain(Buffer.from(p.mobile).toString('hex'));

    // A time-out that ended before the closure binds nothing.
    const q = await t.player();
    expect((await t.post('/api-play-break', { option: '24h' }, { token: q.token })).statusCode).toBe(200);
    t.clock.set('2026-11-21T07:00:00.000Z');
    const fresh = await t.post<{ unique_token: string }>('/api-user-login', {
      mobile: q.mobile,
      password: q.password,
    });
    const token = fresh.json.unique_token;
    expect((await t.post(PATH, { password: q.password, confirm: true }, { token })).statusCode).toBe(200);
    expect((await t.post('/api-check-mobile', { mobile: q.mobile })).statusCode).toBe(200);
    expect(
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM closed_account_breaks')).rows[0]?.n,
    ).toBe(1);
  });

  it('no statement can lift or shorten a running break, operator routes included', async () => {
    t.clock.set('2026-11-20T06:30:00.000Z');
    const p = await t.player();
    expect((await t.post('/api-play-break', { option: '1y' }, { token: p.token })).statusCode).toBe(200);
    await expect(
      t.db.query('UPDATE players SET break_kind = NULL, break_until = NULL WHERE id = $1', [p.id]),
    ).rejects.toThrow(/cannot be shortened or lifted/);
    await expect(
      t.db.query(`UPDATE players SET break_until = break_until - interval '1 day' WHERE id = $1`, [p.id]),
    ).rejects.toThrow(/cannot be shortened or lifted/);
    // Lengthening stays possible (a longer break replaces a shorter one).
    expect((await t.post('/api-play-break', { option: '5y' }, { token: p.token })).statusCode).toBe(200);
  });
});
