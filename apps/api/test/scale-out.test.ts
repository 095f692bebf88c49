/**
 * Behind a load balancer, consecutive requests of one person land on different API processes. Nothing may
 * depend on a request reaching the same process twice: sessions (player and operator), the caches kept by
 * NOTIFY, and every rate limit must hold across processes, or N processes would let N times a cap through.
 *
 * Two instances of the server (`buildApp` twice, each with its own connection pool) on one PostgreSQL
 * database; every cap is hit with requests alternating between them, and in bursts sent to both at once.
 */
import { accountMessages as m } from '@gama/core/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { LOOKUPS_PER_ADDRESS_HOUR, LOOKUPS_PER_PLAYER_HOUR } from '../src/modules/auth/lookups.ts';
import { otpLimits } from '../src/modules/auth/otp.ts';
import { newOperator, PASSWORD } from './console.ts';
import { engine } from './db.ts';
import type { ApiBody, TestApp } from './helpers.ts';
import { anotherServer, APP_KEY, createTestApp, secondPool } from './helpers.ts';

describe.skipIf(engine !== 'postgres')('two API processes on one PostgreSQL database', () => {
  let a: TestApp;
  let bDb: Database;
  let b: FastifyInstance;
  beforeAll(async () => {
    // Behind nginx, as deployed: the client's address comes in X-Forwarded-For.
    a = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    bDb = await secondPool(a, 4);
    b = await anotherServer(a, {}, bDb);
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await bDb.close();
    await a.close();
  });

  /** Which instance answers the i-th request: alternating, as a round-robin balancer does. */
  const instance = (i: number): FastifyInstance => (i % 2 === 0 ? a.app : b);

  async function post(
    app: FastifyInstance,
    path: string,
    body: Record<string, unknown>,
    opts: { ip?: string; token?: string } = {},
  ): Promise<{ statusCode: number; json: ApiBody }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method: 'POST',
      url: path,
      payload: { env_type: 'Prod', app_key: APP_KEY, ...body },
      headers,
    });
    return { statusCode: res.statusCode, json: res.json() };
  }

  function count(answers: Array<{ statusCode: number }>): Record<number, number> {
    const out: Record<number, number> = {};
    for (const x of answers) out[x.statusCode] = (out[x.statusCode] ?? 0) + 1;
    return out;
  }

  /** A NOTIFY reaches the other process a moment after the commit. */
  async function eventually(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never happened');
  }

  let phone = 7_300_000_000;
  const nextPhone = () => String(phone++);

  it('a player session made on one works on the other, and signing out on that one ends it on the first', async () => {
    await eventually(async () => a.app.deps.sessions.live && b.deps.sessions.live);
    const p = await a.player();
    const home = (app: FastifyInstance) => post(app, '/api-user-wallet-balance', {}, { token: p.token });
    expect((await home(b)).statusCode).toBe(200);
    // Both have it cached now; the logout reaches the other through NOTIFY.
    expect((await home(a.app)).statusCode).toBe(200);
    expect((await post(b, '/api-user-logout', {}, { token: p.token })).statusCode).toBe(200);
    await eventually(async () => (await home(a.app)).statusCode === 401);
    expect((await home(b)).statusCode).toBe(401);
  });

  it('an operator session made on one works on the other', async () => {
    const op = await newOperator(a, 'owner');
    const login = await a.app.inject({
      method: 'POST',
      url: '/admin-api/login',
      payload: { username: op.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as { token: string }).token;
    const me = await b.inject({
      method: 'GET',
      url: '/admin-api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    await b.inject({
      method: 'POST',
      url: '/admin-api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    const after = await a.app.inject({
      method: 'GET',
      url: '/admin-api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('wrong passwords alternating between the processes meet one count', async () => {
    const p = await a.player();
    const ip = '203.0.113.70';
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        await post(instance(i), '/api-user-login', { mobile: p.mobile, password: `guess-${i}` }, { ip }),
      );
    }
    // Five checked, then the wait: kept per process, each would have checked four and refused none.
    expect(answers.map((x) => x.statusCode)).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    expect(answers[5]?.json.msg).toBe(m.tooManyAttempts(30));
  });

  it('a burst of wrong passwords sent to both at once checks exactly five', async () => {
    const p = await a.player();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(
          instance(i),
          '/api-user-login',
          { mobile: p.mobile, password: `guess-${i}` },
          { ip: '203.0.113.71' },
        ),
      ),
    );
    expect(count(burst)).toEqual({ 400: 5, 429: 35 });
  });

  it('operator sign-in failures count across the processes', async () => {
    const op = await newOperator(a, 'owner');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        instance(i).inject({
          method: 'POST',
          url: '/admin-api/login',
          payload: { username: op.username, password: `wrong-password-${i}` },
          headers: { 'x-forwarded-for': '203.0.113.72' },
        }),
      ),
    );
    expect(count(answers)).toEqual({ 400: 5, 429: 15 });
  });

  it('a code cannot be resent sooner, nor more often, through the other process', async () => {
    const mobile = nextPhone();
    const ip = '203.0.113.73';
    expect((await post(a.app, '/api-check-mobile', { mobile }, { ip })).statusCode).toBe(200);
    const early = await post(b, '/api-resend-otp', { mobile, purpose: 'register' }, { ip });
    expect(early.statusCode).toBe(429);
    expect(early.json.msg).toBe(m.otpWait);
    // Sends spread over the hour, alternating: the fifth of the hour is the last.
    const sent = [true];
    for (let i = 1; i < otpLimits.perPhonePerHour + 2; i++) {
      a.clock.advance(otpLimits.resendAfterMs);
      const res = await post(instance(i), '/api-resend-otp', { mobile, purpose: 'register' }, { ip });
      sent.push(res.statusCode === 200);
      if (res.statusCode !== 200) expect(res.json.msg).toBe(m.otpTooManySends);
    }
    expect(sent.filter(Boolean)).toHaveLength(otpLimits.perPhonePerHour);
  });

  it('phone lookups from one address share one cap, even sent to both at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: LOOKUPS_PER_ADDRESS_HOUR + 10 }, (_, i) =>
        post(instance(i), '/api-forget-check-mobile', { mobile: nextPhone() }, { ip: '203.0.113.74' }),
      ),
    );
    expect(count(answers)).toEqual({ 404: LOOKUPS_PER_ADDRESS_HOUR, 429: 10 });
  });

  it('looking up transfer recipients shares one cap per player, even sent to both at once', async () => {
    const p = await a.player();
    const answers = await Promise.all(
      Array.from({ length: LOOKUPS_PER_PLAYER_HOUR + 10 }, (_, i) =>
        post(instance(i), '/api-check-user-for-transfer-amt', { mobile_no: nextPhone() }, { token: p.token }),
      ),
    );
    expect(count(answers)).toEqual({ 404: LOOKUPS_PER_PLAYER_HOUR, 429: 10 });
  });
});
