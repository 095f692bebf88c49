import { accountMessages as m } from '@gama/core/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody, Reply, TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { PHONE_FAILURES_PER_HOUR } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy, as deployed: the source is the X-Forwarded-For address.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});

const login = (mobile: string, password: string, from: string) =>
  t.post('/api-user-login', { mobile, password }, { headers: { 'x-forwarded-for': from } });

function statuses(answers: Reply<ApiBody>[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
}

describe('a stranger cannot lock a player out', () => {
  it('a burst of wrong passwords from one address makes that address wait, not the owner from another', async () => {
    const p = await t.player();
    const stranger = '203.0.113.10';
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(p.mobile, `guess-${i}`, stranger)),
    );
    // Atomic: exactly five passwords were checked.
    expect(statuses(burst)).toEqual({ 400: 5, 429: 55 });
    // The owner, from an address this phone has never signed in from, gets in.
    const owner = await login(p.mobile, p.password, '198.51.100.20');
    expect(owner.statusCode).toBe(200);
    expect(owner.json.msg).toBe(m.loginSuccess);
    // The burst's address stays capped, even with the right password, until its wait is over.
    const still = await login(p.mobile, p.password, stranger);
    expect(still.statusCode).toBe(429);
    expect(still.json.msg).toBe(m.tooManyAttempts(30));
    t.clock.advance(30_000);
    expect((await login(p.mobile, p.password, stranger)).statusCode).toBe(200);
  });

  it('guessing spread over many addresses meets a ceiling per phone that a known address does not', async () => {
    const p = await t.player();
    // The owner's phone signs in once from home.
    const home = '198.51.100.30';
    expect((await login(p.mobile, p.password, home)).statusCode).toBe(200);
    const spread = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(p.mobile, `guess-${i}`, `10.9.0.${i + 1}`)),
    );
    expect(statuses(spread)).toEqual({ 400: PHONE_FAILURES_PER_HOUR, 429: 40 - PHONE_FAILURES_PER_HOUR });
    // A new address is refused, even with the right password; home is not.
    const fresh = await login(p.mobile, p.password, '10.9.1.1');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json.code).toBe('RATE_LIMITED');
    expect((await login(p.mobile, p.password, home)).statusCode).toBe(200);
    // The owner's success does not lift the ceiling for the guessers; the hour does.
    expect((await login(p.mobile, 'guess-again', '10.9.1.2')).statusCode).toBe(429);
    t.clock.advance(3_600_000);
    expect((await login(p.mobile, p.password, '10.9.1.1')).statusCode).toBe(200);
  });

  it('leaves the forgot-password code open to the owner while sign-in is capped', async () => {
    const p = await t.player();
    const stranger = '203.0.113.11';
    await Promise.all(Array.from({ length: 10 }, (_, i) => login(p.mobile, `guess-${i}`, stranger)));
    const reset = await t.post(
      '/api-forget-check-mobile',
      { mobile: p.mobile },
      { headers: { 'x-forwarded-for': '198.51.100.40' } },
    );
    expect(reset.json).toMatchObject({ status: true, msg: m.otpSent });
  });
});
