import { accountMessages as m } from '@gama/core/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { auditRowsOf, call, newOperator } from '../../../test/console.ts';
import { PHONE_FAILURES_PER_HOUR } from '../auth/throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const incorrect = { status: false, code: 'INVALID_CREDENTIALS', msg: 'Username or password is incorrect' };

function tally(answers: { statusCode: number; json: Json }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.statusCode} ${a.json.code ?? 'OK'}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

describe('operator sign-in rate limits', () => {
  it('lets at most 5 of 50 simultaneous wrong guesses at one username be checked; the rest are 429', async () => {
    const op = await newOperator(t, 'owner');
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          t,
          'POST',
          '/admin-api/login',
          { ip: `10.1.0.${i + 1}` },
          { username: op.username, password: `guess-${i}` },
        ),
      ),
    );
    expect(tally(guesses)).toEqual({ '400 INVALID_CREDENTIALS': 5, '429 RATE_LIMITED': 45 });
    for (const g of guesses.filter((x) => x.statusCode === 400)) expect(g.json).toEqual(incorrect);
    const limited = guesses.find((x) => x.statusCode === 429);
    expect(limited?.json.msg).toBe(m.tooManyAttempts(30));
    expect(limited?.headers['retry-after']).toBe('30');
    // Even the right password waits now; every attempt, refused or not, is in the audit.
    const right = await call(
      t,
      'POST',
      '/admin-api/login',
      {},
      { username: op.username, password: op.password },
    );
    expect(right.statusCode).toBe(429);
    expect((await auditRowsOf(t, 'login_failed')).filter((r) => r.username === op.username)).toHaveLength(51);
    t.clock.advance(30_000);
    const after = await call(
      t,
      'POST',
      '/admin-api/login',
      {},
      { username: op.username, password: op.password },
    );
    expect(after.statusCode).toBe(200);
  });

  it('lets at most 30 of 50 simultaneous guesses from one address through, across usernames', async () => {
    const ip = '198.51.100.77';
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t, 'POST', '/admin-api/login', { ip }, { username: `spray_${i}`, password: 'password-123' }),
      ),
    );
    expect(tally(guesses)).toEqual({ '400 INVALID_CREDENTIALS': 30, '429 RATE_LIMITED': 20 });
    // A real operator from that address waits too; from another address they sign in.
    const op = await newOperator(t, 'viewer');
    const blocked = await call(
      t,
      'POST',
      '/admin-api/login',
      { ip },
      { username: op.username, password: op.password },
    );
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await call(
      t,
      'POST',
      '/admin-api/login',
      { ip: '198.51.100.78' },
      {
        username: op.username,
        password: op.password,
      },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('forgets an account’s failures after a success, and a success does not use up the address', async () => {
    const op = await newOperator(t, 'cashier');
    const ip = '192.0.2.50';
    for (let i = 0; i < 4; i++) {
      const res = await call(
        t,
        'POST',
        '/admin-api/login',
        { ip },
        { username: op.username, password: 'wrong-pass-1' },
      );
      expect(res.json).toEqual(incorrect);
    }
    expect(
      (await call(t, 'POST', '/admin-api/login', { ip }, { username: op.username, password: op.password }))
        .statusCode,
    ).toBe(200);
    for (let i = 0; i < 4; i++) {
      const res = await call(
        t,
        'POST',
        '/admin-api/login',
        { ip },
        { username: op.username, password: 'wrong-pass-1' },
      );
      expect(res.json).toEqual(incorrect);
    }
    for (let i = 0; i < 40; i++) {
      const res = await call(
        t,
        'POST',
        '/admin-api/login',
        { ip },
        { username: op.username, password: op.password },
      );
      expect(res.statusCode).toBe(200);
    }
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_events WHERE kind = 'op_login_ip' AND subject = $1`,
      [ip],
    );
    expect(rows[0]?.n).toBe(8);
  });

  it('keeps the player sign-in ceiling per phone under the same concurrency, across addresses', async () => {
    const p = await t.player();
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.post('/api-user-login', { mobile: p.mobile, password: `guess-${i}` }, { ip: `10.2.0.${i + 1}` }),
      ),
    );
    expect(guesses.filter((g) => g.statusCode === 400)).toHaveLength(PHONE_FAILURES_PER_HOUR);
    expect(guesses.filter((g) => g.statusCode === 429)).toHaveLength(50 - PHONE_FAILURES_PER_HOUR);
  });
});
