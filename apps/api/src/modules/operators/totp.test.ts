import { beforeAll, describe, expect, it } from 'vitest';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { PASSWORD, auditRowsOf, call, codeAt, newOperator, signIn } from '../../../test/console.ts';
import { updateOwnerSettings } from '../settings/owner-settings.ts';
import { loginMessages } from '@gama/core/endpoints/operators/index';
import { enrolmentRequiredMessage } from './sessions.ts';

let owner: string;
const t = suiteApp({}, async () => {
  owner = await signIn(t, await newOperator(t, 'owner'));
});

type Enrolment = Json & { otpauth_uri: string; qr_image: string; secret: string };

async function enrol(token: string): Promise<string> {
  const res = await call<Enrolment>(t, 'POST', '/admin-api/totp/enrol', { token }, { password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json.secret;
}

/** Moves the clock to the start of the next 30-second step, so a test knows which codes are fresh. */
function nextStep(): void {
  const ms = t.clock.now().getTime();
  t.clock.advance(30_000 - (ms % 30_000));
}

/** Set as an owner would; written directly, since this file's owner has no two-factor of their own. */
async function setting(totpRequired: boolean): Promise<void> {
  await t.db.transaction((tx) => updateOwnerSettings(tx, { totp_required: totpRequired }, t.clock.now()));
}

describe('two-factor enrolment', () => {
  it('gives an otpauth URI, a server-drawn QR code and the base32 secret, stored only encrypted', async () => {
    const op = await newOperator(t, 'cashier');
    const token = await signIn(t, op);
    const res = await call<Enrolment>(t, 'POST', '/admin-api/totp/enrol', { token }, { password: PASSWORD });
    expect(res.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.json.otpauth_uri).toBe(
      `otpauth://totp/Gama%20console:${op.username}?secret=${res.json.secret}&issuer=Gama%20console`,
    );
    expect(res.json.qr_image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const { rows } = await t.db.query<{ totp_secret: string; totp_enabled_at: Date | null }>(
      'SELECT totp_secret, totp_enabled_at FROM operators WHERE id = $1',
      [op.id],
    );
    expect(rows[0]?.totp_enabled_at).toBeNull();
    expect(rows[0]?.totp_secret).toMatch(/^v1\./);
    expect(rows[0]?.totp_secret).not.toContain(res.json.secret);
    expect(JSON.stringify(await t.db.query('SELECT * FROM audit_log'))).not.toContain(res.json.secret);
  });

  it('turns on with a current code only, and then never shows the secret again', async () => {
    const op = await newOperator(t, 'results');
    const token = await signIn(t, op);
    nextStep();
    const secret = await enrol(token);
    const before = await snapshot(t.db, ['operators']);
    const wrong = await call(t, 'POST', '/admin-api/totp/confirm', { token }, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json).toEqual({ status: false, code: 'INVALID_OTP', msg: loginMessages.totpInvalid });
    const stale = await call(
      t,
      'POST',
      '/admin-api/totp/confirm',
      { token },
      { code: await codeAt(t, secret, -2) },
    );
    expect(stale.json.code).toBe('INVALID_OTP');
    const malformed = await call(t, 'POST', '/admin-api/totp/confirm', { token }, { code: '12345' });
    expect(malformed.json).toEqual({
      status: false,
      code: 'VALIDATION',
      msg: 'Enter the 6-digit code from your authenticator app',
    });
    expect(await snapshot(t.db, ['operators'])).toEqual(before);

    const ok = await call(t, 'POST', '/admin-api/totp/confirm', { token }, { code: await codeAt(t, secret) });
    expect(ok.json).toEqual({
      status: true,
      operator: { id: op.id, username: op.username, role: 'results', totp_enabled: true },
      // The one-time recovery codes, shown this once ('recovery codes' below).
      recovery_codes: expect.any(Array),
    });
    const again = await call(t, 'POST', '/admin-api/totp/enrol', { token }, { password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json.msg).toBe('Two-factor sign-in is already on');
    expect(again.body).not.toContain(secret);
    expect((await call(t, 'GET', '/admin-api/me', { token })).json.operator).toMatchObject({
      totp_enabled: true,
    });
    expect((await auditRowsOf(t, 'totp_enable')).at(-1)).toMatchObject({
      operator_id: op.id,
      before_state: { totp_enabled: false },
      after_state: { totp_enabled: true },
    });
  });

  it('asks for the password again, so a session alone (a stolen one) cannot choose the authenticator', async () => {
    const op = await newOperator(t, 'cashier');
    const token = await signIn(t, op);
    const before = await snapshot(t.db, ['operators']);
    const none = await call(t, 'POST', '/admin-api/totp/enrol', { token }, {});
    expect([none.statusCode, none.json.msg]).toEqual([400, 'Enter your password']);
    const wrong = await call(t, 'POST', '/admin-api/totp/enrol', { token }, { password: 'not-the-password' });
    expect(wrong.json).toEqual({
      status: false,
      code: 'INVALID_CREDENTIALS',
      msg: 'Your password is incorrect',
    });
    expect(wrong.body).not.toContain('secret');
    expect(await snapshot(t.db, ['operators'])).toEqual(before);

    // Wrong passwords are counted like wrong codes: guessing it through this route meets the same wait.
    const guesses = [];
    for (let i = 0; i < 5; i++) {
      guesses.push(await call(t, 'POST', '/admin-api/totp/enrol', { token }, { password: `guess-${i}` }));
    }
    expect(guesses.map((g) => g.statusCode)).toContain(429);
    expect(await snapshot(t.db, ['operators'])).toEqual(before);
  });

  it("ends the operator's other sessions once two-factor is on, keeping the one that turned it on", async () => {
    const op = await newOperator(t, 'cashier');
    const other = await signIn(t, op);
    const token = await signIn(t, op);
    nextStep();
    const secret = await enrol(token);
    expect((await call(t, 'GET', '/admin-api/me', { token: other })).statusCode).toBe(200);
    const ok = await call(t, 'POST', '/admin-api/totp/confirm', { token }, { code: await codeAt(t, secret) });
    expect(ok.statusCode).toBe(200);
    expect((await call(t, 'GET', '/admin-api/me', { token: other })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/admin-api/me', { token })).statusCode).toBe(200);
    expect((await auditRowsOf(t, 'totp_enable')).at(-1)).toMatchObject({
      operator_id: op.id,
      detail: { other_sessions_ended: 1 },
    });
  });

  it('limits wrong codes while enrolling like sign-in guesses', async () => {
    const op = await newOperator(t, 'viewer');
    const token = await signIn(t, op);
    await enrol(token);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(t, 'POST', '/admin-api/totp/confirm', { token }, { code: '111111' }),
      ),
    );
    expect(answers.filter((a) => a.json.code === 'INVALID_OTP')).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
  });
});

describe('sign-in with two-factor', () => {
  let op: { id: number; username: string; password: string };
  let secret: string;
  beforeAll(async () => {
    op = await newOperator(t, 'cashier');
    const token = await signIn(t, op);
    nextStep();
    secret = await enrol(token);
    await call(t, 'POST', '/admin-api/totp/confirm', { token }, { code: await codeAt(t, secret) });
  });

  const login = (body: Record<string, unknown>) =>
    call(t, 'POST', '/admin-api/login', {}, { username: op.username, password: op.password, ...body });

  it('asks for the code after a right password, without counting that as a failure', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await login({});
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({ status: false, code: 'TOTP_REQUIRED', msg: loginMessages.totpRequired });
    }
    const wrongPassword = await call(
      t,
      'POST',
      '/admin-api/login',
      {},
      {
        username: op.username,
        password: 'wrong-password',
        totp: await codeAt(t, secret),
      },
    );
    expect(wrongPassword.json.code).toBe('INVALID_CREDENTIALS');
  });

  it('accepts a code once (one step either side), refuses its replay and codes two steps away', async () => {
    t.clock.advance(60_000);
    nextStep();
    expect((await login({ totp: await codeAt(t, secret, 2) })).json.code).toBe('INVALID_OTP');
    expect((await login({ totp: await codeAt(t, secret, -2) })).json.code).toBe('INVALID_OTP');
    // The previous step's code, typed as it changed, still works; then that step is used up.
    const previous = await codeAt(t, secret, -1);
    expect((await login({ totp: previous })).statusCode).toBe(200);
    expect((await login({ totp: previous })).json).toEqual({
      status: false,
      code: 'INVALID_OTP',
      msg: loginMessages.totpInvalid,
    });
    const current = await codeAt(t, secret);
    expect((await login({ totp: current })).statusCode).toBe(200);
    expect((await login({ totp: current })).json.code).toBe('INVALID_OTP');
    // A phone a step ahead works; after it, a code of an earlier step is refused even inside the window.
    t.clock.advance(30_000);
    expect((await login({ totp: await codeAt(t, secret, 1) })).statusCode).toBe(200);
    expect((await login({ totp: await codeAt(t, secret) })).json.code).toBe('INVALID_OTP');
  });

  it('accepts one of several simultaneous sign-ins with the same code', async () => {
    t.clock.advance(60_000);
    nextStep();
    const code = await codeAt(t, secret);
    const answers = await Promise.all(Array.from({ length: 4 }, () => login({ totp: code })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.json.code === 'INVALID_OTP')).toHaveLength(3);
  });

  it('turns off with the password and a fresh code, and not while two-factor is required', async () => {
    nextStep();
    const token = await signIn(t, op, { totp: await codeAt(t, secret) });
    nextStep();
    await setting(true);
    const before = await snapshot(t.db, ['operators']);
    const required = await call(
      t,
      'POST',
      '/admin-api/totp/disable',
      { token },
      {
        password: op.password,
        code: await codeAt(t, secret),
      },
    );
    expect(required.statusCode).toBe(403);
    expect(required.json.msg).toBe(
      'Two-factor sign-in is required for every operator; an owner can reset yours if you lost your phone',
    );
    await setting(false);
    const badPassword = await call(
      t,
      'POST',
      '/admin-api/totp/disable',
      { token },
      {
        password: 'wrong-password',
        code: await codeAt(t, secret),
      },
    );
    expect(badPassword.json.code).toBe('INVALID_CREDENTIALS');
    const badCode = await call(
      t,
      'POST',
      '/admin-api/totp/disable',
      { token },
      {
        password: op.password,
        code: '000000',
      },
    );
    expect(badCode.json.code).toBe('INVALID_OTP');
    expect(await snapshot(t.db, ['operators'])).toEqual(before);
    const off = await call(
      t,
      'POST',
      '/admin-api/totp/disable',
      { token },
      {
        password: op.password,
        code: await codeAt(t, secret),
      },
    );
    expect(off.json).toMatchObject({ status: true, operator: { totp_enabled: false } });
    expect((await login({})).statusCode).toBe(200);
    const { rows } = await t.db.query('SELECT totp_secret FROM operators WHERE id = $1', [op.id]);
    expect(rows[0]).toEqual({ totp_secret: null });
  });
});

describe('recovery codes', () => {
  it('are handed out once at enrolment, kept hashed, each signs in once (audited), and go with two-factor', async () => {
    const op = await newOperator(t, 'results');
    const token = await signIn(t, op);
    nextStep();
    const secret = await enrol(token);
    const confirmed = await call<Json & { recovery_codes: string[] }>(
      t,
      'POST',
      '/admin-api/totp/confirm',
      { token },
      { code: await codeAt(t, secret) },
    );
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(codes).size).toBe(10);
    // Only hashes are kept: no stored row holds a code.
    const { rows } = await t.db.query<{ code_hash: string; used_at: Date | null }>(
      'SELECT code_hash, used_at FROM operator_recovery_codes WHERE operator_id = $1',
      [op.id],
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(codes.some((code) => row.code_hash.includes(code))).toBe(false);

    const login = (body: Record<string, unknown>) =>
      call(t, 'POST', '/admin-api/login', {}, { username: op.username, password: op.password, ...body });
    const [first = ''] = codes;
    // Typed in capitals from paper, it still signs in; the same code twice does not.
    expect((await login({ recovery_code: first.toUpperCase() })).statusCode).toBe(200);
    expect((await login({ recovery_code: first })).json).toEqual({
      status: false,
      code: 'INVALID_OTP',
      msg: loginMessages.recoveryRefused,
    });
    expect((await login({ recovery_code: 'aaaaa-aaaaa' })).json.code).toBe('INVALID_OTP');
    expect((await login({ recovery_code: 'not a code' })).json).toMatchObject({
      code: 'VALIDATION',
      msg: loginMessages.recoveryInvalid,
    });
    const used = (await auditRowsOf(t, 'totp_recovery_code_used')).filter((r) => r.operator_id === op.id);
    expect(used.map((r) => r.after_state)).toEqual([{ recovery_codes_left: 9 }]);
    expect(
      (await auditRowsOf(t, 'totp_recovery_codes_issue')).filter((r) => r.operator_id === op.id),
    ).toHaveLength(1);

    // An owner's reset of two-factor takes the codes with it.
    const reset = await call(t, 'POST', `/admin-api/operators/${op.id}/reset-totp`, { token: owner });
    expect(reset.statusCode, JSON.stringify(reset.json)).toBe(200);
    const { rows: left } = await t.db.query('SELECT 1 FROM operator_recovery_codes WHERE operator_id = $1', [
      op.id,
    ]);
    expect(left).toHaveLength(0);
  });
});

describe('two-factor required by the owner', () => {
  it('signs an unenrolled operator in to the enrolment steps only, until they confirm', async () => {
    const op = await newOperator(t, 'cashier');
    await setting(true);
    try {
      const res = await call<Json & { token: string }>(
        t,
        'POST',
        '/admin-api/login',
        {},
        {
          username: op.username,
          password: op.password,
        },
      );
      expect(res.json).toMatchObject({ status: true, totp_enrolment_required: true });
      const token = res.json.token;
      const me = await call(t, 'GET', '/admin-api/me', { token });
      expect(me.json).toMatchObject({ totp_enrolment_required: true });
      for (const [method, url] of [
        ['GET', '/admin-api/sessions'],
        ['GET', '/admin-api/deposits'],
        ['GET', '/admin-api/players'],
        ['POST', '/admin-api/sessions/end-others'],
      ] as const) {
        const refused = await call(t, method, url, { token });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json).toEqual({
          status: false,
          code: 'TOTP_ENROLMENT_REQUIRED',
          msg: enrolmentRequiredMessage,
        });
      }
      nextStep();
      const secret = await enrol(token);
      await call(t, 'POST', '/admin-api/totp/confirm', { token }, { code: await codeAt(t, secret) });
      // The same session carries on, now whole.
      expect((await call(t, 'GET', '/admin-api/deposits', { token })).statusCode).toBe(200);
      expect((await call(t, 'GET', '/admin-api/me', { token })).json.totp_enrolment_required).toBe(false);
    } finally {
      await setting(false);
    }
  });

  it('lets an owner reset another operator’s two-factor (ending their sessions), but not their own', async () => {
    const op = await newOperator(t, 'support');
    const token = await signIn(t, op);
    nextStep();
    const secret = await enrol(token);
    await call(t, 'POST', '/admin-api/totp/confirm', { token }, { code: await codeAt(t, secret) });

    const notOwner = await call(t, 'POST', `/admin-api/operators/${op.id}/reset-totp`, { token });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json.msg).toBe('You do not have permission to manage operators');

    const me = (await call<Json & { operator: { id: number } }>(t, 'GET', '/admin-api/me', { token: owner }))
      .json;
    const self = await call(t, 'POST', `/admin-api/operators/${me.operator.id}/reset-totp`, { token: owner });
    expect(self.statusCode).toBe(409);

    const reset = await call(t, 'POST', `/admin-api/operators/${op.id}/reset-totp`, { token: owner });
    expect(reset.json).toMatchObject({ status: true, operator: { id: op.id, totp_enabled: false } });
    expect((await call(t, 'GET', '/admin-api/me', { token })).statusCode).toBe(401);
    const again = await call(
      t,
      'POST',
      '/admin-api/login',
      {},
      { username: op.username, password: op.password },
    );
    expect(again.statusCode).toBe(200);
    expect((await auditRowsOf(t, 'operator_reset_totp')).at(-1)).toMatchObject({
      before_state: { totp_enabled: true },
      after_state: { totp_enabled: false },
    });
  });
});
