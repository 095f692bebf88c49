import { accountMessages as m } from '@gama/core/contract/messages';
import { describe, expect, it } from 'vitest';
import { suiteApp, rateEventCount } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { auditRowsOf, call, newOperator } from '../../../test/console.ts';
import { PHONE_FAILURES_PER_HOUR } from '../auth/throttle.ts';
import { OPERATOR_FAILURES_PER_HOUR } from './login.ts';

const t = suiteApp();

/** The console's sign-in from address `ip`; these tests vary who signs in, from where, and how often. */
const login = (ip: string, username: string, password: string) =>
  call(t, 'POST', '/admin-api/login', { ip }, { username, password });

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
  it('lets at most 5 of 50 simultaneous wrong guesses from one address be checked; only that address waits', async () => {
    const op = await newOperator(t, 'owner');
    const stranger = '10.1.0.1';
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(stranger, op.username, `guess-${i}`)),
    );
    expect(tally(guesses)).toEqual({ '400 INVALID_CREDENTIALS': 5, '429 RATE_LIMITED': 45 });
    for (const g of guesses.filter((x) => x.statusCode === 400)) expect(g.json).toEqual(incorrect);
    const limited = guesses.find((x) => x.statusCode === 429);
    expect(limited?.json.msg).toBe(m.tooManyAttempts(30));
    expect(limited?.headers['retry-after']).toBe('30');
    // The stranger's address waits even with the right password; the operator at their own desk does not.
    expect((await login(stranger, op.username, op.password)).statusCode).toBe(429);
    const atDesk = await login('10.1.9.9', op.username, op.password);
    expect(atDesk.statusCode).toBe(200);
    // Every attempt, refused or not, is in the audit.
    expect((await auditRowsOf(t, 'login_failed')).filter((r) => r.username === op.username)).toHaveLength(51);
    t.clock.advance(30_000);
    expect((await login(stranger, op.username, op.password)).statusCode).toBe(200);
  });

  it('ten failures an hour from one address, for hours, never keep the operator out from another', async () => {
    const op = await newOperator(t, 'owner');
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < 10; i++) {
        await login('10.3.0.1', op.username, 'nope');
        t.clock.advance(6 * 60_000);
      }
      const owner = await login('10.3.0.2', op.username, op.password);
      expect(owner.statusCode, `hour ${hour}`).toBe(200);
    }
  });

  it('guesses spread over many addresses are slowed past the ceiling, and the operator waits seconds, not an hour', async () => {
    const op = await newOperator(t, 'owner');
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`10.4.0.${i + 1}`, op.username, `guess-${i}`)),
    );
    expect(tally(guesses)).toEqual({
      '400 INVALID_CREDENTIALS': OPERATOR_FAILURES_PER_HOUR,
      '429 RATE_LIMITED': 50 - OPERATOR_FAILURES_PER_HOUR,
    });
    const slowed = await login('10.4.1.1', op.username, op.password);
    expect(slowed.json.msg).toBe(m.tooManyAttempts(5));
    t.clock.advance(5_000);
    expect((await login('10.4.1.1', op.username, op.password)).statusCode).toBe(200);
  });

  it('lets at most 30 of 50 simultaneous guesses from one address through, across usernames', async () => {
    const ip = '198.51.100.77';
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(ip, `spray_${i}`, 'password-123')),
    );
    expect(tally(guesses)).toEqual({ '400 INVALID_CREDENTIALS': 30, '429 RATE_LIMITED': 20 });
    // A real operator from that address waits too; from another address they sign in.
    const op = await newOperator(t, 'viewer');
    const blocked = await login(ip, op.username, op.password);
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login('198.51.100.78', op.username, op.password);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('forgets an account’s failures after a success, and a success does not use up the address', async () => {
    const op = await newOperator(t, 'cashier');
    const ip = '192.0.2.50';
    for (let i = 0; i < 4; i++) {
      const res = await login(ip, op.username, 'wrong-pass-1');
      expect(res.json).toEqual(incorrect);
    }
    expect((await login(ip, op.username, op.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      const res = await login(ip, op.username, 'wrong-pass-1');
      expect(res.json).toEqual(incorrect);
    }
    for (let i = 0; i < 40; i++) {
      const res = await login(ip, op.username, op.password);
      expect(res.statusCode).toBe(200);
    }
    expect(await rateEventCount(t.db, 'op_login_ip', ip)).toBe(8);
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
