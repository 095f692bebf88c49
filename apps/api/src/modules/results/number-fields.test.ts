import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { admin, operatorToken } from '../../../test/money.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(async () => {
  await t.close();
});

// Found by the Z1 fuzz suite: `game_id: true` charted market 1 and `market_id: true` reached market 1.
describe('market ids and weeks refuse booleans, arrays and null', () => {
  it('on the public chart', async () => {
    for (const body of [{ game_id: true }, { game_id: [1] }, { weeks: true }, { weeks: null }]) {
      const res = await t.post('/api-market-chart', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ status: false, code: 'VALIDATION' });
    }
    const ok = await t.post('/api-market-chart', { game_id: '1', weeks: '4' });
    expect(ok.json).toMatchObject({ status: true, markets: [{ game_id: 1 }] });
  });

  it('on the operator result calls', async () => {
    for (const path of ['/admin-api/results/preview', '/admin-api/results/declare']) {
      const res = await admin(t, op, 'POST', path, { market_id: true, date: '2026-11-20', value: '123' });
      expect(res.statusCode, path).toBe(400);
      expect(res.json).toMatchObject({ status: false, code: 'VALIDATION' });
    }
  });
});
