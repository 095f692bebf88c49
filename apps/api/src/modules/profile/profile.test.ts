import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { DEFAULT_NOW, createTestApp } from '../../../test/helpers.ts';

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
