import { accountMessages as m } from '@gama/core/contract/messages';
import { describe, expect, it } from 'vitest';
import type { ApiBody, Reply } from '../../../test/helpers.ts';
import { suiteApp, rateEventCount } from '../../../test/helpers.ts';
import { LOOKUP_BURST_ACTION, LOOKUPS_PER_ADDRESS_HOUR, LOOKUPS_PER_DEVICE_HOUR } from './lookups.ts';

const t = suiteApp({ env: { TRUST_PROXY: 'true' } });

let next = 7_100_000_000;
const unknownPhone = () => String(next++);
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

function codes(answers: Reply<ApiBody>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[a.json.code ?? 'OK'] = (out[a.json.code ?? 'OK'] ?? 0) + 1;
  return out;
}

async function burstsLogged(subject: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND target_id = $2`,
    [LOOKUP_BURST_ACTION, subject],
  );
  return rows[0]?.n ?? 0;
}

describe('phone lookups are limited per source', () => {
  it('refuses the lookup past the cap from one address, across sign-in, registration check and forgot-password; another address is answered', async () => {
    const ip = '203.0.113.50';
    const registered = await t.player();
    const lookups = [
      () => t.post('/api-user-login', { mobile: unknownPhone(), password: 'whatever-1' }, from(ip)),
      () => t.post('/api-check-mobile', { mobile: registered.mobile }, from(ip)),
      () => t.post('/api-forget-check-mobile', { mobile: unknownPhone() }, from(ip)),
    ];
    const answers: Reply<ApiBody>[] = [];
    for (let i = 0; i < LOOKUPS_PER_ADDRESS_HOUR / lookups.length; i++) {
      for (const lookup of lookups) answers.push(await lookup());
    }
    expect(codes(answers)).toEqual({
      INVALID_CREDENTIALS: LOOKUPS_PER_ADDRESS_HOUR / 3,
      USER_ALREADY_REGISTERED: LOOKUPS_PER_ADDRESS_HOUR / 3,
      NOT_FOUND: LOOKUPS_PER_ADDRESS_HOUR / 3,
    });
    expect(await burstsLogged(ip)).toBe(0);
    for (const lookup of lookups) {
      const refused = await lookup();
      expect(refused.statusCode).toBe(429);
      expect(refused.json.msg).toBe(m.tooManyAttempts(3600));
      expect(refused.headers['retry-after']).toBe('3600');
    }
    // One row for the operators, not one per refusal.
    expect(await burstsLogged(ip)).toBe(1);
    expect(t.logs.some((l) => l.includes(LOOKUP_BURST_ACTION))).toBe(true);
    // Another address is answered as usual, with the spec's messages.
    const other = await t.post('/api-forget-check-mobile', { mobile: unknownPhone() }, from('203.0.113.51'));
    expect(other.json).toMatchObject({ code: 'NOT_FOUND', msg: m.userNotRegistered });
    // The hour over, the address is answered again.
    t.clock.advance(3_600_000);
    expect((await t.post('/api-check-mobile', { mobile: registered.mobile }, from(ip))).json.code).toBe(
      'USER_ALREADY_REGISTERED',
    );
  });

  it('holds the cap under concurrency', async () => {
    const ip = '203.0.113.60';
    const answers = await Promise.all(
      Array.from({ length: LOOKUPS_PER_ADDRESS_HOUR + 20 }, () =>
        t.post('/api-forget-check-mobile', { mobile: unknownPhone() }, from(ip)),
      ),
    );
    expect(codes(answers)).toEqual({ NOT_FOUND: LOOKUPS_PER_ADDRESS_HOUR, RATE_LIMITED: 20 });
    expect(await burstsLogged(ip)).toBe(1);
  });

  it('limits a device across addresses', async () => {
    const device = 'device-abc-123';
    const answers: Reply<ApiBody>[] = [];
    for (let i = 0; i <= LOOKUPS_PER_DEVICE_HOUR; i++) {
      answers.push(
        await t.post(
          '/api-user-login',
          { mobile: unknownPhone(), password: 'whatever-1', device_id: device },
          from(`10.20.0.${i + 1}`),
        ),
      );
    }
    expect(codes(answers)).toEqual({ INVALID_CREDENTIALS: LOOKUPS_PER_DEVICE_HOUR, RATE_LIMITED: 1 });
    expect(await burstsLogged(device)).toBe(1);
    const otherDevice = await t.post(
      '/api-user-login',
      { mobile: unknownPhone(), password: 'whatever-1', device_id: 'device-xyz' },
      from('10.20.1.1'),
    );
    expect(otherDevice.json.code).toBe('INVALID_CREDENTIALS');
  });

  it('does not count sign-ins that succeed', async () => {
    const ip = '203.0.113.70';
    const p = await t.player();
    for (let i = 0; i < LOOKUPS_PER_ADDRESS_HOUR + 5; i++) {
      expect(
        (await t.post('/api-user-login', { mobile: p.mobile, password: p.password }, from(ip))).statusCode,
      ).toBe(200);
    }
    expect(await rateEventCount(t.db, 'lookup_ip', ip)).toBe(0);
  });
});
