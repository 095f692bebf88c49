import { profileAnswer } from '@gama/core/endpoints/profile/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { DEFAULT_NOW, createTestApp } from '../../../test/helpers.ts';
import { admin, fund, operatorToken } from '../../../test/money.ts';

describe('answers that carry the server clock also name the market time zone', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Not the default: the app must read market times in whatever zone the server is configured for.
    t = await createTestApp({ env: { MARKET_TIME_ZONE: 'Asia/Dubai' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the home list (profile) and the Starline and Gali lists', async () => {
    const p = await t.player();
    const profile = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(profile.json).toMatchObject({ server_time: DEFAULT_NOW, time_zone: 'Asia/Dubai' });
    for (const list of ['/api-starline-game', '/api-galidisawar-game', '/api-main-game']) {
      expect((await t.post(list)).json, list).toMatchObject({
        server_time: DEFAULT_NOW,
        time_zone: 'Asia/Dubai',
      });
    }
  });
});

describe('the home list, written from its parts (decision 042)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries every field of its schema, the name escaped as JSON, and the balance as it moves', async () => {
    // A name as a seed or an old system may hold it: quotes, a backslash, markup and Devanagari.
    const userName = 'A "quoted" \\ </script> अमित';
    const p = await t.player({ userName });
    const first = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(first.statusCode).toBe(200);
    const answer = profileAnswer.parse(JSON.parse(first.raw));
    expect(answer).toMatchObject({ user_name: userName, mobile: p.mobile, wallet_amt: '0', debt_amt: '0' });
    expect(Object.keys(answer).sort()).toEqual(Object.keys(profileAnswer.shape).sort());

    await fund(t, p, await operatorToken(t), 1234);
    const funded = await t.post<{ server_time: string }>('/api-user-wallet-balance', {}, { token: p.token });
    expect(funded.json).toMatchObject({ user_name: userName, wallet_amt: '1234' });
    // The same player's next answer is the same text but for the clock, which moves with every call.
    t.clock.advance(1_500);
    const later = await t.post<{ server_time: string }>('/api-user-wallet-balance', {}, { token: p.token });
    expect(later.json.server_time).toBe(new Date(t.clock.now()).toISOString());
    expect(later.raw.replace(later.json.server_time, '')).toBe(
      funded.raw.replace(funded.json.server_time, ''),
    );
  });

  it('follows the settings and the market list as they change, and each player gets their own fields', async () => {
    const owner = await operatorToken(t);
    const asha = await t.player({ userName: 'Asha' });
    const ravi = await t.player({ userName: 'Ravi' });
    const home = async (p: { token: string }) =>
      (
        await t.post<{
          user_name: string;
          mobile: string;
          min_transfer: string;
          result: { game_name: string }[];
        }>('/api-user-wallet-balance', {}, { token: p.token })
      ).json;
    const before = await home(asha);
    expect((await home(ravi)).user_name).toBe('Ravi');
    expect(before.user_name).toBe('Asha');
    expect((await home(ravi)).mobile).toBe(ravi.mobile);

    const min = Number(before.min_transfer) + 50;
    expect((await admin(t, owner, 'PATCH', '/admin-api/settings', { transfer_min: min })).statusCode).toBe(
      200,
    );
    expect((await home(asha)).min_transfer).toBe(String(min));

    const { rows } = await t.db.query<{ id: number; schedule_rev: number }>(
      `SELECT id, schedule_rev FROM markets WHERE grp = 'main' ORDER BY id LIMIT 1`,
    );
    const market = rows[0];
    if (!market) throw new Error('no main market seeded');
    const renamed = await admin(t, owner, 'PATCH', `/admin-api/markets/${market.id}`, {
      schedule_rev: market.schedule_rev,
      name: 'RENAMED MORNING',
    });
    expect(renamed.statusCode, JSON.stringify(renamed.json)).toBe(200);
    const after = await home(ravi);
    expect(after.result.map((m) => m.game_name)).toContain('RENAMED MORNING');
    expect(before.result.map((m) => m.game_name)).not.toContain('RENAMED MORNING');
    expect(after.min_transfer).toBe(String(min));
  });
});
