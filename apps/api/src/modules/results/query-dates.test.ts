import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { admin, operatorToken } from '../../../test/money.ts';
import { resultMessages } from '@gama/core/endpoints/results/index';

let t: TestApp;
let op: string;
let marketId: number;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM markets ORDER BY id LIMIT 1');
  marketId = rows[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

// Found by the Z1 fuzz suite: these dates reached PostgreSQL's ::date cast and came back as 500s.
describe('result queries refuse dates that are not YYYY-MM-DD', () => {
  for (const date of ['2026-02-31', '2026-13-01', 'yesterday', '20-11-2026']) {
    it(`history and exposure answer 400 for ${date}`, async () => {
      for (const path of ['/admin-api/results', '/admin-api/results/exposure']) {
        const res = await admin(t, op, 'GET', `${path}?market_id=${marketId}&date=${date}`);
        expect(res.statusCode, path).toBe(400);
        expect(res.json, path).toEqual({
          status: false,
          code: 'RESULT_DATE_INVALID',
          msg: resultMessages.badDate,
        });
      }
    });
  }

  it('still answers for a real date', async () => {
    const history = await admin(t, op, 'GET', `/admin-api/results?market_id=${marketId}&date=2026-11-20`);
    expect(history.json).toEqual({ status: true, results: [] });
    const exposure = await admin(
      t,
      op,
      'GET',
      `/admin-api/results/exposure?market_id=${marketId}&date=2026-11-20`,
    );
    expect(exposure.json).toMatchObject({ status: true, total: 0, bids: 0, exposure: [] });
  });
});
