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

  it('guessing spread over many addresses is slowed past a ceiling per phone; a known address is not', async () => {
    const p = await t.player();
    // The owner's phone signs in once from home.
    const home = '198.51.100.30';
    expect((await login(p.mobile, p.password, home)).statusCode).toBe(200);
    const spread = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(p.mobile, `guess-${i}`, `10.9.0.${i + 1}`)),
    );
    expect(statuses(spread)).toEqual({ 400: PHONE_FAILURES_PER_HOUR, 429: 40 - PHONE_FAILURES_PER_HOUR });
    // A new address waits seconds after the last failure, even with the right password; home does not wait.
    const fresh = await login(p.mobile, p.password, '10.9.1.1');
    expect([fresh.statusCode, fresh.json.msg]).toEqual([429, m.tooManyAttempts(5)]);
    expect((await login(p.mobile, p.password, home)).statusCode).toBe(200);
    // Each further failure past the ceiling doubles the wait, up to two minutes: a crowd gets a few dozen
    // guesses an hour, and the owner never waits longer than that.
    for (let i = 0; i < 12; i++) {
      t.clock.advance(120_000);
      expect((await login(p.mobile, `more-${i}`, `10.9.2.${i + 1}`)).statusCode).toBe(400);
    }
    const worst = await login(p.mobile, p.password, '10.9.1.1');
    expect([worst.statusCode, worst.json.msg]).toEqual([429, m.tooManyAttempts(120)]);
    t.clock.advance(120_000);
    expect((await login(p.mobile, p.password, '10.9.1.1')).statusCode).toBe(200);
    t.clock.advance(3_600_000);
  });

  it('five wrong passwords from each of four addresses do not keep the owner out for an hour', async () => {
    const p = await t.player();
    for (const from of ['203.0.113.21', '203.0.113.22', '203.0.113.23', '203.0.113.24']) {
      const five = await Promise.all(
        Array.from({ length: 5 }, (_, i) => login(p.mobile, `guess-${i}`, from)),
      );
      expect(statuses(five)).toEqual({ 400: 5 });
    }
    const owner = await login(p.mobile, p.password, '198.51.100.50');
    expect([owner.statusCode, owner.json.msg]).toEqual([429, m.tooManyAttempts(5)]);
    t.clock.advance(5_000);
    expect((await login(p.mobile, p.password, '198.51.100.50')).statusCode).toBe(200);
    t.clock.advance(3_600_000);
  });

  it('a completed password reset lets the player in at once, from the address that completed it', async () => {
    const p = await t.player();
    const owner = '198.51.100.60';
    // The owner's own address tried the old password too often, and a crowd hit the ceiling.
    await Promise.all(Array.from({ length: 8 }, (_, i) => login(p.mobile, `forgot-${i}`, owner)));
    await Promise.all(Array.from({ length: 30 }, (_, i) => login(p.mobile, `guess-${i}`, `10.8.0.${i + 1}`)));
    expect((await login(p.mobile, p.password, owner)).statusCode).toBe(429);

    const via = { headers: { 'x-forwarded-for': owner } };
    expect((await t.post('/api-forget-check-mobile', { mobile: p.mobile }, via)).statusCode).toBe(200);
    const verified = await t.post<ApiBody & { reset_token: string }>(
      '/api-verify-forgot-otp',
      { mobile: p.mobile, otp: await t.lastCode(p.mobile) },
      via,
    );
    expect(verified.statusCode, verified.raw).toBe(200);
    const reset = await t.post(
      '/api-forgot-password',
      { mobile: p.mobile, new_pass: 'fresh-pass-9', reset_token: verified.json.reset_token },
      via,
    );
    expect([reset.statusCode, reset.json.msg]).toEqual([200, m.passwordUpdated]);
    const back = await login(p.mobile, 'fresh-pass-9', owner);
    expect([back.statusCode, back.json.msg]).toEqual([200, m.loginSuccess]);
    // The guessers gain nothing from it: the old password's counts are gone, the slowing starts again.
    expect((await login(p.mobile, 'fresh-guess', '10.8.1.1')).statusCode).toBe(400);
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
