import { describe, expect, it } from 'vitest';
import { loginMessages } from '@gama/core/endpoints/operators/index';
import { createTestApp, snapshot, suiteApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { auditRowsOf, call, newOperator, sessionCookie, signIn } from '../../../test/console.ts';
import { operatorToken } from '../../../test/money.ts';

const t = suiteApp();

const web = { 'x-gama-web': '1' };

describe('operator sign-in and sessions', () => {
  it('gives an API client a token in the body and sets an HttpOnly, SameSite=Strict cookie on /admin-api', async () => {
    const op = await newOperator(t, 'cashier');
    const res = await call<Json & { token: string }>(
      t,
      'POST',
      '/admin-api/login',
      { ip: '203.0.113.7', userAgent: 'curl/8' },
      { username: op.username, password: op.password },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      status: true,
      token: expect.any(String),
      operator: { id: op.id, username: op.username, role: 'cashier', totp_enabled: false },
      totp_enrolment_required: false,
      idle_timeout_seconds: 1800,
      server_time: t.clock.now().toISOString(),
      time_zone: 'Asia/Kolkata',
    });
    const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('gama_op='));
    expect(String(cookie)).toMatch(/HttpOnly/);
    expect(String(cookie)).toMatch(/SameSite=Strict/);
    expect(String(cookie)).toMatch(/Path=\/admin-api/);
    expect(String(cookie)).not.toMatch(/Secure/);
    expect(sessionCookie(res)).toBe(res.json.token);
    const me = await call(t, 'GET', '/admin-api/me', { token: res.json.token });
    expect(me.json.operator).toEqual({
      id: op.id,
      username: op.username,
      role: 'cashier',
      totp_enabled: false,
    });
    // The console's clock starts from the server's now in the market zone, not the laptop's.
    t.clock.advance(90_000);
    const later = await call(t, 'GET', '/admin-api/me', { token: res.json.token });
    expect([later.json.server_time, later.json.time_zone]).toEqual([
      t.clock.now().toISOString(),
      'Asia/Kolkata',
    ]);
    const [row] = (await auditRowsOf(t, 'login')).filter((r) => r.operator_id === op.id);
    expect(row).toMatchObject({ username: op.username, ip: '203.0.113.7', user_agent: 'curl/8' });
  });

  it('keeps the token out of the body for the console (X-Gama-Web: 1); the cookie alone signs in', async () => {
    const op = await newOperator(t, 'viewer');
    const res = await call(
      t,
      'POST',
      '/admin-api/login',
      { headers: web },
      {
        username: op.username,
        password: op.password,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json).not.toHaveProperty('token');
    expect(res.body).not.toContain(sessionCookie(res) ?? 'no cookie');
    const me = await call(t, 'GET', '/admin-api/me', { cookie: sessionCookie(res) ?? '', headers: web });
    expect(me.statusCode).toBe(200);
    expect(me.json.operator).toMatchObject({ id: op.id, role: 'viewer' });
  });

  it('marks the cookie Secure when COOKIE_SECURE is on', async () => {
    const secure = await createTestApp({ env: { COOKIE_SECURE: 'true' } });
    try {
      const op = await newOperator(secure);
      const res = await call(
        secure,
        'POST',
        '/admin-api/login',
        {},
        { username: op.username, password: op.password },
      );
      expect(
        String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('gama_op='))),
      ).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('answers the same message for a wrong password and an unknown username, and audits both', async () => {
    const op = await newOperator(t, 'support');
    const wrong = await call(
      t,
      'POST',
      '/admin-api/login',
      { ip: '198.51.100.20' },
      {
        username: op.username,
        password: 'not-the-password',
      },
    );
    const unknown = await call(
      t,
      'POST',
      '/admin-api/login',
      { ip: '198.51.100.20' },
      {
        username: 'nobody_here',
        password: 'not-the-password',
      },
    );
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({
        status: false,
        code: 'INVALID_CREDENTIALS',
        msg: 'Username or password is incorrect',
      });
      expect(sessionCookie(res)).toBeUndefined();
    }
    const failed = await auditRowsOf(t, 'login_failed');
    expect(failed.filter((r) => r.ip === '198.51.100.20').map((r) => [r.operator_id, r.username])).toEqual([
      [null, op.username],
      [null, 'nobody_here'],
    ]);
  });

  it('signs out: the session ends, the cookie is cleared, and the audit has it', async () => {
    const op = await newOperator(t, 'results');
    const token = await signIn(t, op);
    const out = await call(t, 'POST', '/admin-api/logout', { token });
    expect(out.json).toEqual({ status: true });
    expect(String([out.headers['set-cookie']].flat()[0])).toMatch(/^gama_op=;.*Expires=Thu, 01 Jan 1970/);
    const after = await call(t, 'GET', '/admin-api/me', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json.code).toBe('UNAUTHENTICATED');
    expect((await auditRowsOf(t, 'logout')).some((r) => r.operator_id === op.id)).toBe(true);
  });

  it('ends a session after 30 idle minutes, and not while it is used', async () => {
    const op = await newOperator(t, 'viewer');
    const token = await signIn(t, op);
    t.clock.advance(29 * 60_000);
    expect((await call(t, 'GET', '/admin-api/me', { token })).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await call(t, 'GET', '/admin-api/me', { token })).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    const idle = await call(t, 'GET', '/admin-api/me', { token });
    expect(idle.statusCode).toBe(401);
    // The console shows why the operator is back at sign-in.
    expect(idle.json.msg).toBe(loginMessages.idle);
    expect(idle.json.msg).toBe('Your session ended after 30 minutes without activity. Sign in again.');
  });

  it("lists and ends only the operator's own sessions", async () => {
    const op = await newOperator(t, 'cashier');
    const other = await newOperator(t, 'cashier');
    const phone = await signIn(t, op, {}, { ip: '192.0.2.1', userAgent: 'phone' });
    t.clock.advance(1000);
    const laptop = await signIn(t, op, {}, { ip: '192.0.2.2', userAgent: 'laptop' });
    const theirs = await signIn(t, other);

    const list = await call<
      Json & { sessions: { id: number; ip: string; user_agent: string; current: boolean }[] }
    >(t, 'GET', '/admin-api/sessions', { token: laptop });
    expect(list.json.sessions.map((s) => [s.ip, s.user_agent, s.current])).toEqual([
      ['192.0.2.2', 'laptop', true],
      ['192.0.2.1', 'phone', false],
    ]);
    const phoneId = list.json.sessions[1]?.id ?? 0;

    // The other operator's session ids are not theirs to end: nothing changes.
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM operator_sessions WHERE operator_id = $1',
      [other.id],
    );
    const before = await snapshot(t.db, ['operator_sessions']);
    const foreign = await call(t, 'POST', `/admin-api/sessions/${rows[0]?.id}/end`, { token: laptop });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json.msg).toBe('Session not found');
    expect(await snapshot(t.db, ['operator_sessions'])).toEqual(before);
    expect((await call(t, 'GET', '/admin-api/me', { token: theirs })).statusCode).toBe(200);

    const ended = await call(t, 'POST', `/admin-api/sessions/${phoneId}/end`, { token: laptop });
    expect(ended.json).toEqual({ status: true, current: false });
    expect((await call(t, 'GET', '/admin-api/me', { token: phone })).statusCode).toBe(401);
    expect((await call(t, 'POST', `/admin-api/sessions/${phoneId}/end`, { token: laptop })).statusCode).toBe(
      404,
    );

    const third = await signIn(t, op);
    const fourth = await signIn(t, op);
    const others = await call(t, 'POST', '/admin-api/sessions/end-others', { token: laptop });
    expect(others.json).toEqual({ status: true, ended: 2 });
    expect((await call(t, 'GET', '/admin-api/me', { token: third })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/admin-api/me', { token: fourth })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/admin-api/me', { token: laptop })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/admin-api/me', { token: theirs })).statusCode).toBe(200);

    const listAfter = await call<Json & { sessions: { id: number }[] }>(t, 'GET', '/admin-api/sessions', {
      token: laptop,
    });
    expect(listAfter.json.sessions).toHaveLength(1);
    const self = await call(t, 'POST', `/admin-api/sessions/${listAfter.json.sessions[0]?.id}/end`, {
      token: laptop,
    });
    expect(self.json).toEqual({ status: true, current: true });
    expect((await call(t, 'GET', '/admin-api/me', { token: laptop })).statusCode).toBe(401);
    expect((await auditRowsOf(t, 'session_end')).filter((r) => r.operator_id === op.id)).toHaveLength(2);
    expect((await auditRowsOf(t, 'sessions_end_others')).at(-1)?.detail).toEqual({ ended: 2 });
  });

  it('refuses a player session with 403 and no session with 401', async () => {
    const player = await t.player();
    const asPlayer = await call(t, 'GET', '/admin-api/me', { token: player.token });
    expect(asPlayer.statusCode).toBe(403);
    expect((await call(t, 'GET', '/admin-api/me')).statusCode).toBe(401);
    // Who is asked before what was sent: a stranger with a malformed body still hears 401.
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/admin-api/sessions/end-others',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(stranger.statusCode).toBe(401);
  });

  it("keeps money.ts's operatorToken helper working", async () => {
    const token = await operatorToken(t, 'cashier');
    expect((await call(t, 'GET', '/admin-api/me', { token })).json.operator).toMatchObject({
      role: 'cashier',
    });
  });
});
