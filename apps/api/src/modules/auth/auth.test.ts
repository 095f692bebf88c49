import { accountMessages as m } from '@gama/core/contract/messages';
import { describe, expect, it } from 'vitest';
import { nextMobile } from '../../seed/players.ts';
import type { ApiBody } from '../../../test/helpers.ts';
import { createTestApp, snapshot, suiteApp } from '../../../test/helpers.ts';

const t = suiteApp();

/** An adult's date of birth (the test clock stands in November 2026). */
const ADULT = '1990-01-01';

type Session = ApiBody & { unique_token: string; user_name: string; mobile: string; betting_status: string };

/** Player A's sign-up form for `mobile` with the code `otp`; what these tests vary is the code and when it is sent. */
const signUp = (mobile: string, otp: string) =>
  t.post('/api-user-registration', { dob: ADULT, name: 'A', mobile, password: 'mango-tree-42', otp });

async function registerNew(name = 'Asha Devi', password = 'mango-tree-42') {
  const mobile = nextMobile();
  expect((await t.post('/api-check-mobile', { mobile })).json).toEqual({ status: true, msg: m.otpSent });
  const otp = await t.lastCode(mobile);
  const res = await t.post<Session>('/api-user-registration', { name, mobile, password, otp, dob: ADULT });
  expect(res.statusCode).toBe(200);
  return { mobile, password, token: res.json.unique_token, res };
}

const ACCOUNT_TABLES = ['players', 'sessions', 'otp_codes', 'flow_tickets'] as const;

describe('legacy envelope', () => {
  it('refuses a missing or wrong app_key and does nothing', async () => {
    const mobile = nextMobile();
    const before = await snapshot(t.db, ACCOUNT_TABLES);
    const missing = await t.post('/api-check-mobile', { mobile }, { appKey: null });
    const wrong = await t.post('/api-check-mobile', { mobile }, { appKey: 'not-the-key' });
    for (const res of [missing, wrong]) {
      expect(res.statusCode).toBe(403);
      expect(res.json).toEqual({ status: false, code: 'BAD_APP_KEY', msg: 'Invalid app key' });
    }
    expect(await snapshot(t.db, ACCOUNT_TABLES)).toEqual(before);
    expect(await t.outbox(mobile)).toEqual([]);
  });

  it('answers unknown endpoints with the one error shape', async () => {
    const res = await t.post('/api-no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });
});

describe('registration', () => {
  it('sends a code, never returns it, and registers with it', async () => {
    const { mobile, res } = await registerNew('Asha Devi');
    expect(res.json).toMatchObject({
      status: true,
      msg: m.registerSuccess,
      user_name: 'Asha Devi',
      mobile,
      betting_status: '1',
    });
    expect(res.json.unique_token).toMatch(/^[\w-]{43}$/);
    const profile = await t.post('/api-user-wallet-balance', {}, { token: res.json.unique_token });
    expect(profile.json).toMatchObject({ status: true, user_name: 'Asha Devi', mobile, wallet_amt: '0' });
  });

  it('gives the spec messages for bad phone numbers', async () => {
    expect((await t.post('/api-check-mobile', { mobile: '' })).json.msg).toBe(m.phoneRequired);
    expect((await t.post('/api-check-mobile', {})).json.msg).toBe(m.phoneRequired);
    for (const bad of ['5123456789', '912345678', '91234567890', '98765abcde', ' 9876543210']) {
      const res = await t.post('/api-check-mobile', { mobile: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json.msg).toBe(m.phoneInvalid);
    }
  });

  it('refuses a registered number at the check and at registration', async () => {
    const { mobile } = await registerNew();
    const check = await t.post('/api-check-mobile', { mobile });
    expect(check.json).toMatchObject({ status: false, msg: m.userAlreadyRegistered });
    const again = await t.post('/api-user-registration', {
      dob: ADULT,
      name: 'X',
      mobile,
      password: 'another-pass-1',
      otp: '1234',
    });
    expect(again.json.msg).toBe(m.userAlreadyRegistered);
  });

  it('refuses a wrong code with "Enter Valid OTP" and creates nothing', async () => {
    const mobile = nextMobile();
    await t.post('/api-check-mobile', { mobile });
    const code = await t.lastCode(mobile);
    const wrong = code === '0000' ? '0001' : '0000';
    const res = await signUp(mobile, wrong);
    expect(res.json).toMatchObject({ status: false, code: 'INVALID_OTP', msg: m.enterValidOtp });
    const { rows } = await t.db.query('SELECT 1 FROM players WHERE mobile = $1', [mobile]);
    expect(rows).toHaveLength(0);
  });

  it("refuses a missing date of birth or anyone under 18 on India's today, creating nothing", async () => {
    const mobile = nextMobile();
    await t.post('/api-check-mobile', { mobile });
    const otp = await t.lastCode(mobile);
    const body = { name: 'Young', mobile, password: 'mango-tree-42', otp };
    const before = await snapshot(t.db, ACCOUNT_TABLES);
    // The test clock is 2026-11-20 12:00 in Kolkata: born 2008-11-21 is one day short of 18.
    for (const dob of [undefined, '2008-11-21', '2030-01-01']) {
      const res = await t.post('/api-user-registration', { ...body, dob });
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({
        status: false,
        // No date at all is the schema's refusal; a date under 18 is the age rule's.
        code: dob === undefined ? 'VALIDATION' : 'AGE_REFUSED',
        msg: 'You must be 18 or older to play',
      });
    }
    for (const dob of ['2008-02-30', '20-11-2008', '']) {
      const res = await t.post('/api-user-registration', { ...body, dob });
      expect(res.json).toEqual({ status: false, code: 'VALIDATION', msg: 'Enter a valid date of birth' });
    }
    expect(await snapshot(t.db, ACCOUNT_TABLES)).toEqual(before);

    // At 00:00 in Kolkata on the 21st (still the 20th in UTC) the birthday has come: 18 today.
    const saved = t.clock.now();
    t.clock.set('2026-11-20T18:30:00.000Z');
    try {
      await t.post('/api-check-mobile', { mobile });
      const fresh = await t.lastCode(mobile);
      const res = await t.post('/api-user-registration', { ...body, otp: fresh, dob: '2008-11-21' });
      expect(res.statusCode, res.raw).toBe(200);
      const { rows } = await t.db.query<{ dob: string }>(
        "SELECT to_char(dob, 'YYYY-MM-DD') AS dob FROM players WHERE mobile = $1",
        [mobile],
      );
      expect(rows).toEqual([{ dob: '2008-11-21' }]);
    } finally {
      t.clock.set(saved);
    }
  });

  it('validates name and password on the server', async () => {
    const mobile = nextMobile();
    const base = { name: 'Ravi', mobile, password: 'mango-tree-42', otp: '1234', dob: ADULT };
    expect((await t.post('/api-user-registration', { ...base, name: ' ' })).json.msg).toBe(
      m.usernameRequired,
    );
    expect((await t.post('/api-user-registration', { ...base, password: '' })).json.msg).toBe(
      m.passwordRequired,
    );
    expect((await t.post('/api-user-registration', { ...base, password: 'short' })).json.msg).toBe(
      m.passwordTooShort,
    );
    expect((await t.post('/api-user-registration', { ...base, password: 'password123' })).json.msg).toBe(
      m.passwordTooCommon,
    );
    expect((await t.post('/api-user-registration', { ...base, otp: '12a4' })).json.msg).toBe(m.enterValidOtp);
  });
});

describe('one-time codes', () => {
  it('cannot be used twice', async () => {
    const mobile = nextMobile();
    await t.post('/api-check-mobile', { mobile });
    const otp = await t.lastCode(mobile);
    const body = { name: 'A', mobile, password: 'mango-tree-42', otp, dob: ADULT };
    expect((await t.post('/api-user-registration', body)).statusCode).toBe(200);
    // Reset flow with the consumed registration code: a different purpose, and used anyway.
    const reuse = await t.post('/api-verify-forgot-otp', { mobile, otp });
    expect(reuse.json.msg).toBe(m.invalidOtpReset);
  });

  it('expire after five minutes', async () => {
    const mobile = nextMobile();
    await t.post('/api-check-mobile', { mobile });
    const otp = await t.lastCode(mobile);
    t.clock.advance(5 * 60_000);
    const res = await signUp(mobile, otp);
    expect(res.json.msg).toBe(m.otpExpired);
    t.clock.advance(-5 * 60_000);
  });

  it('die after five wrong tries, even for the right code afterwards', async () => {
    const mobile = nextMobile();
    await t.post('/api-check-mobile', { mobile });
    const otp = await t.lastCode(mobile);
    const wrong = otp === '9999' ? '9998' : '9999';
    for (let i = 0; i < 5; i++) {
      const res = await signUp(mobile, wrong);
      expect(res.json.msg).toBe(m.enterValidOtp);
    }
    const right = await signUp(mobile, otp);
    expect(right.json.msg).toBe(m.enterValidOtp);
  });

  it('resend waits 30 s and the new code replaces the old one', async () => {
    const mobile = nextMobile();
    await t.post('/api-check-mobile', { mobile });
    const first = await t.lastCode(mobile);
    const early = await t.post('/api-resend-otp', { mobile, purpose: 'register' });
    expect(early.statusCode).toBe(429);
    expect(early.json.msg).toBe(m.otpWait);
    t.clock.advance(30_000);
    const resent = await t.post('/api-resend-otp', { mobile, purpose: 'register' });
    expect(resent.json).toEqual({ status: true, msg: m.otpResent });
    const second = await t.lastCode(mobile);
    expect(await t.outbox(mobile)).toHaveLength(2);
    if (first !== second) {
      const old = await signUp(mobile, first);
      expect(old.json.msg).toBe(m.enterValidOtp);
    }
    const ok = await signUp(mobile, second);
    expect(ok.statusCode).toBe(200);
  });

  it('allow at most five sends per phone per hour', async () => {
    const mobile = nextMobile();
    for (let i = 0; i < 5; i++) {
      expect((await t.post('/api-resend-otp', { mobile, purpose: 'register' })).statusCode).toBe(200);
      t.clock.advance(31_000);
    }
    const sixth = await t.post('/api-resend-otp', { mobile, purpose: 'register' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json.msg).toBe(m.otpTooManySends);
    expect(await t.outbox(mobile)).toHaveLength(5);
    t.clock.advance(60 * 60_000);
    expect((await t.post('/api-resend-otp', { mobile, purpose: 'register' })).statusCode).toBe(200);
  });

  it('keep the owner’s own sends: a stranger who spends the phone’s from elsewhere cannot stop a reset at home', async () => {
    const p = await t.player(); // signed in from the default address: the owner's known one
    for (let i = 0; i < 5; i++) {
      const res = await t.post(
        '/api-forget-check-mobile',
        { mobile: p.mobile },
        { ip: `198.51.100.${i + 1}` },
      );
      expect(res.statusCode).toBe(200);
      t.clock.advance(31_000);
    }
    const stranger = await t.post('/api-forget-check-mobile', { mobile: p.mobile }, { ip: '198.51.100.9' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json.msg).toBe(m.otpTooManySends);
    expect(await t.outbox(p.mobile)).toHaveLength(5);
    // The owner, at home, still gets a code, and the reset goes through.
    const owner = await t.post('/api-forget-check-mobile', { mobile: p.mobile });
    expect(owner.json).toEqual({ status: true, msg: m.otpSent });
    const verified = await t.post<ApiBody & { reset_token: string }>('/api-verify-forgot-otp', {
      mobile: p.mobile,
      otp: await t.lastCode(p.mobile),
    });
    expect(verified.json.reset_token).toMatch(/^[\w-]{43}$/);
    // The owner's address has caps of its own, not an unlimited pass.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(31_000);
      expect((await t.post('/api-forget-check-mobile', { mobile: p.mobile })).statusCode).toBe(200);
    }
    t.clock.advance(31_000);
    const sixth = await t.post('/api-forget-check-mobile', { mobile: p.mobile });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json.msg).toBe(m.otpTooManySends);
    expect(await t.outbox(p.mobile)).toHaveLength(10);
    t.clock.advance(60 * 60_000);
  });

  it('cap sends per IP', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++) {
      expect((await t.post('/api-check-mobile', { mobile: nextMobile() }, { ip })).statusCode).toBe(200);
    }
    const capped = await t.post('/api-check-mobile', { mobile: nextMobile() }, { ip });
    expect(capped.statusCode).toBe(429);
    expect(capped.json.msg).toBe(m.otpTooManySends);
    expect(
      (await t.post('/api-check-mobile', { mobile: nextMobile() }, { ip: '203.0.113.78' })).statusCode,
    ).toBe(200);
  });
});

describe('login and logout', () => {
  it('logs in, and logout kills the token on the server', async () => {
    const p = await t.player({ userName: 'Meena' });
    const profile = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(profile.json).toMatchObject({ status: true, user_name: 'Meena' });
    const out = await t.post('/api-user-logout', {}, { token: p.token });
    expect(out.json).toEqual({ status: true, msg: m.loggedOut });
    const after = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(after.statusCode).toBe(401);
    expect(after.json).toEqual({ status: false, code: 'UNAUTHENTICATED', msg: m.sessionExpired });
  });

  it('accepts the token as unique_token in the body and as a cookie', async () => {
    const p = await t.player();
    const body = await t.post('/api-user-wallet-balance', { unique_token: p.token });
    expect(body.statusCode).toBe(200);
    const cookie = await t.post(
      '/api-user-wallet-balance',
      {},
      { headers: { cookie: `gama_session=${p.token}` } },
    );
    expect(cookie.statusCode).toBe(200);
    expect((await t.post('/api-user-wallet-balance', { unique_token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await t.post('/api-user-wallet-balance')).statusCode).toBe(401);
  });

  it('keeps the token out of the body for the web app and sets an HttpOnly cookie', async () => {
    const p = await t.player();
    const res = await t.post(
      '/api-user-login',
      { mobile: p.mobile, password: p.password },
      { headers: { 'x-gama-web': '1' } },
    );
    expect(res.json.unique_token).toBeUndefined();
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/gama_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
  });

  it('says who is not registered and which password is wrong', async () => {
    const unknown = await t.post('/api-user-login', { mobile: nextMobile(), password: 'whatever-1' });
    expect(unknown.json).toMatchObject({ status: false, msg: m.userNotRegistered });
    const p = await t.player();
    const wrong = await t.post('/api-user-login', { mobile: p.mobile, password: 'not-it-at-all' });
    expect(wrong.json).toMatchObject({ status: false, msg: m.wrongPassword });
    expect((await t.post('/api-user-login', { mobile: p.mobile, password: '' })).json.msg).toBe(
      m.passwordRequired,
    );
    expect((await t.post('/api-user-login', { mobile: '', password: 'x' })).json.msg).toBe(m.phoneRequired);
  });

  it('throttles an account after five failures with growing delays', async () => {
    const p = await t.player();
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.post('/api-user-login', { mobile: p.mobile, password: 'wrong-guess' })).statusCode,
      ).toBe(400);
    }
    const locked = await t.post('/api-user-login', { mobile: p.mobile, password: p.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json.msg).toBe(m.tooManyAttempts(30));
    t.clock.advance(30_000);
    expect((await t.post('/api-user-login', { mobile: p.mobile, password: 'wrong-guess' })).statusCode).toBe(
      400,
    );
    const longer = await t.post('/api-user-login', { mobile: p.mobile, password: p.password });
    expect(longer.json.msg).toBe(m.tooManyAttempts(60));
    t.clock.advance(60_000);
    expect((await t.post('/api-user-login', { mobile: p.mobile, password: p.password })).statusCode).toBe(
      200,
    );
  });

  it('caps failures per IP', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 100; i++) {
      await t.db.query(`INSERT INTO rate_events (kind, subject, at) VALUES ('login_ip', $1, $2)`, [
        ip,
        t.clock.now(),
      ]);
    }
    const p = await t.player();
    const res = await t.post('/api-user-login', { mobile: p.mobile, password: p.password }, { ip });
    expect(res.statusCode).toBe(429);
  });
});

describe('forgot password', () => {
  it('resets through code, ticket and new password, ending every session', async () => {
    const p = await t.player();
    const start = await t.post('/api-forget-check-mobile', { mobile: p.mobile });
    expect(start.json).toEqual({ status: true, msg: m.otpSent });
    const otp = await t.lastCode(p.mobile);
    const wrong = await t.post('/api-verify-forgot-otp', {
      mobile: p.mobile,
      otp: otp === '1111' ? '2222' : '1111',
    });
    expect(wrong.json).toMatchObject({ status: false, msg: m.invalidOtpReset });
    const verified = await t.post<ApiBody & { reset_token: string }>('/api-verify-forgot-otp', {
      mobile: p.mobile,
      otp,
    });
    expect(verified.json.reset_token).toMatch(/^[\w-]{43}$/);
    const done = await t.post('/api-forgot-password', {
      mobile: p.mobile,
      new_pass: 'river-stone-77',
      reset_token: verified.json.reset_token,
    });
    expect(done.json).toEqual({ status: true, msg: m.passwordUpdated });
    expect((await t.post('/api-user-wallet-balance', {}, { token: p.token })).statusCode).toBe(401);
    expect((await t.post('/api-user-login', { mobile: p.mobile, password: p.password })).json.msg).toBe(
      m.wrongPassword,
    );
    expect(
      (await t.post('/api-user-login', { mobile: p.mobile, password: 'river-stone-77' })).statusCode,
    ).toBe(200);
    const replay = await t.post('/api-forgot-password', {
      mobile: p.mobile,
      new_pass: 'another-one-88',
      reset_token: verified.json.reset_token,
    });
    expect(replay.json.msg).toBe(m.resetExpired);
  });

  it('refuses a reset without a verified ticket, or with another phone’s ticket, changing nothing', async () => {
    const victim = await t.player();
    const attacker = await t.player();
    await t.post('/api-forget-check-mobile', { mobile: attacker.mobile });
    const ticket = await t.post<ApiBody & { reset_token: string }>('/api-verify-forgot-otp', {
      mobile: attacker.mobile,
      otp: await t.lastCode(attacker.mobile),
    });
    const before = await snapshot(t.db, ['players', 'sessions']);
    const none = await t.post('/api-forgot-password', { mobile: victim.mobile, new_pass: 'hijack-pass-1' });
    expect(none.json.msg).toBe(m.resetExpired);
    const forged = await t.post('/api-forgot-password', {
      mobile: victim.mobile,
      new_pass: 'hijack-pass-1',
      reset_token: 'a'.repeat(43),
    });
    expect(forged.json.msg).toBe(m.resetExpired);
    const stolen = await t.post('/api-forgot-password', {
      mobile: victim.mobile,
      new_pass: 'hijack-pass-1',
      reset_token: ticket.json.reset_token,
    });
    expect(stolen.json.msg).toBe(m.resetExpired);
    expect(await snapshot(t.db, ['players', 'sessions'])).toEqual(before);
  });

  it('tells an unregistered number so, with the forgot-screen phone messages', async () => {
    const res = await t.post('/api-forget-check-mobile', { mobile: nextMobile() });
    expect(res.json).toMatchObject({ status: false, msg: m.userNotRegistered });
    expect((await t.post('/api-forget-check-mobile', { mobile: '' })).json.msg).toBe(m.forgotPhoneRequired);
    expect((await t.post('/api-forget-check-mobile', { mobile: '12345' })).json.msg).toBe(
      m.forgotPhoneInvalid,
    );
  });

  it('expires the ticket after ten minutes', async () => {
    const p = await t.player();
    await t.post('/api-forget-check-mobile', { mobile: p.mobile });
    const ticket = await t.post<ApiBody & { reset_token: string }>('/api-verify-forgot-otp', {
      mobile: p.mobile,
      otp: await t.lastCode(p.mobile),
    });
    t.clock.advance(10 * 60_000);
    const late = await t.post('/api-forgot-password', {
      mobile: p.mobile,
      new_pass: 'late-pass-123',
      reset_token: ticket.json.reset_token,
    });
    expect(late.json.msg).toBe(m.resetExpired);
  });
});

describe('change password and profile', () => {
  it('checks the current password on the server and rotates sessions', async () => {
    const p = await t.player();
    const other = await t.post<Session>('/api-user-login', { mobile: p.mobile, password: p.password });
    const wrong = await t.post(
      '/api-change-password',
      { old_pass: 'nope-nope-1', new_pass: 'fresh-pass-9' },
      { token: p.token },
    );
    expect(wrong.json).toMatchObject({ status: false, msg: m.oldPasswordMismatch });
    expect(
      (await t.post('/api-change-password', { old_pass: '', new_pass: 'x' }, { token: p.token })).json.msg,
    ).toBe(m.currentPasswordRequired);
    const ok = await t.post<Session>(
      '/api-change-password',
      { old_pass: p.password, new_pass: 'fresh-pass-9' },
      { token: p.token },
    );
    expect(ok.json).toMatchObject({ status: true, msg: m.passwordChanged });
    expect((await t.post('/api-user-wallet-balance', {}, { token: p.token })).statusCode).toBe(401);
    expect(
      (await t.post('/api-user-wallet-balance', {}, { token: other.json.unique_token })).statusCode,
    ).toBe(401);
    expect((await t.post('/api-user-wallet-balance', {}, { token: ok.json.unique_token })).statusCode).toBe(
      200,
    );
    expect((await t.post('/api-user-login', { mobile: p.mobile, password: 'fresh-pass-9' })).statusCode).toBe(
      200,
    );
  });

  it('changes only the name, whatever else the body says', async () => {
    const p = await t.player({ userName: 'Old Name', bettingStatus: '0' });
    const intruder = await t.player();
    const res = await t.post(
      '/api-profile-update',
      {
        user_name: 'New Name',
        betting_status: '1',
        mobile: intruder.mobile,
        wallet_amt: '99999',
        role: 'owner',
      },
      { token: p.token },
    );
    expect(res.json).toMatchObject({ status: true, msg: m.profileUpdated, user_name: 'New Name' });
    const { rows } = await t.db.query<{ user_name: string; betting_status: string; mobile: string }>(
      'SELECT user_name, betting_status, mobile FROM players WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[p.id, intruder.id]],
    );
    expect(rows).toEqual([
      { user_name: 'New Name', betting_status: '0', mobile: p.mobile },
      { user_name: 'Player', betting_status: '1', mobile: intruder.mobile },
    ]);
    expect((await t.post('/api-profile-update', { user_name: '  ' }, { token: p.token })).json.msg).toBe(
      m.nameRequired,
    );
  });

  it('never lets one player read or change another through ids or phones in the body', async () => {
    const a = await t.player({ userName: 'Alpha' });
    const b = await t.player({ userName: 'Bravo' });
    const read = await t.post(
      '/api-user-wallet-balance',
      { mobile: a.mobile, user_id: a.id },
      { token: b.token },
    );
    expect(read.json).toMatchObject({ user_name: 'Bravo', mobile: b.mobile });
    await t.post(
      '/api-change-password',
      { old_pass: b.password, new_pass: 'bravo-new-11', mobile: a.mobile },
      { token: b.token },
    );
    expect((await t.post('/api-user-login', { mobile: a.mobile, password: a.password })).statusCode).toBe(
      200,
    );
  });
});

describe('betting_status', () => {
  it('gives new players the configured default', async () => {
    const off = await createTestApp({ env: { DEFAULT_BETTING_STATUS: '0' } });
    try {
      const mobile = nextMobile();
      await off.post('/api-check-mobile', { mobile });
      const res = await off.post('/api-user-registration', {
        dob: ADULT,
        name: 'Zed',
        mobile,
        password: 'mango-tree-42',
        otp: await off.lastCode(mobile),
      });
      expect(res.json.betting_status).toBe('0');
    } finally {
      await off.close();
    }
  });
});

describe('code secrecy (S1)', () => {
  it('never puts a code in a response or a log line during register, resend and reset', async () => {
    const mobile = nextMobile();
    const seen: string[] = [];
    const from = t.responses.length;
    const logFrom = t.logs.length;
    await t.post('/api-check-mobile', { mobile });
    seen.push(await t.lastCode(mobile));
    t.clock.advance(31_000);
    await t.post('/api-resend-otp', { mobile, purpose: 'register' });
    seen.push(await t.lastCode(mobile));
    await t.post('/api-user-registration', {
      dob: ADULT,
      name: 'S',
      mobile,
      password: 'mango-tree-42',
      otp: seen[1],
    });
    t.clock.advance(31_000);
    await t.post('/api-forget-check-mobile', { mobile });
    seen.push(await t.lastCode(mobile));
    const v = await t.post<ApiBody & { reset_token: string }>('/api-verify-forgot-otp', {
      mobile,
      otp: seen[2],
    });
    await t.post('/api-forgot-password', {
      mobile,
      new_pass: 'secret-new-55',
      reset_token: v.json.reset_token,
    });
    const responses = t.responses.slice(from).join('\n');
    const logs = t.logs.slice(logFrom).join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const code of seen) {
      // Codes are 4 digits; look for them as whole tokens (ids and timestamps may contain the digits).
      const pattern = new RegExp(`(?<![\\d])${code}(?![\\d])`);
      expect(responses).not.toMatch(pattern);
      expect(logs).not.toMatch(pattern);
    }
    const { rows } = await t.db.query<{ code_hash: Buffer }>(
      'SELECT code_hash FROM otp_codes WHERE mobile = $1',
      [mobile],
    );
    for (const row of rows) expect(Buffer.from(row.code_hash)).toHaveLength(32);
  });
});
