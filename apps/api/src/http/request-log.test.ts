/**
 * The request log (issue 30): one line per request, none for a successful polled read, which is summarised
 * per route instead; refusals, money calls and errors keep their own lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers.ts';
import { createTestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Line {
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  polled?: Array<{ route: string; count: number; mean_ms: number; max_ms: number }>;
}

const linesFrom = (from: number): Line[] => t.logs.slice(from).map((l) => JSON.parse(l) as Line);

describe('the request log', () => {
  it('writes one line per request, and only a summary for successful polled reads', async () => {
    const p = await t.player();
    const from = t.logs.length;
    for (let i = 0; i < 3; i++) {
      expect((await t.post('/api-user-wallet-balance', {}, { token: p.token })).statusCode).toBe(200);
      expect((await t.post('/api-main-game')).statusCode).toBe(200);
    }
    // A polled read that is refused is a line of its own, like every other call.
    expect((await t.post('/api-user-wallet-balance', {}, { token: 'not-a-session' })).statusCode).toBe(401);
    // Not polled: a line each.
    expect((await t.post('/api-wallet-transaction-history', {}, { token: p.token })).statusCode).toBe(200);

    const lines = linesFrom(from).filter((l) => l.msg === 'request');
    expect(lines.map((l) => [l.req?.url, l.res?.statusCode])).toEqual([
      ['/api-user-wallet-balance', 401],
      ['/api-wallet-transaction-history', 200],
    ]);
    expect(lines.every((l) => typeof l.responseTime === 'number')).toBe(true);
    // Fastify's own two lines a request are gone.
    expect(linesFrom(from).some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(
      false,
    );
  });

  it('summarises the polled reads per route when the server closes (and every minute while it runs)', async () => {
    const own = await createTestApp();
    const p = await own.player();
    for (let i = 0; i < 4; i++) await own.post('/api-user-wallet-balance', {}, { token: p.token });
    await own.post('/api-starline-game');
    const logs = own.logs;
    await own.close();
    const summary = logs.map((l) => JSON.parse(l) as Line).find((l) => l.msg === 'polled reads');
    expect(summary?.polled?.map(({ route, count }) => ({ route, count }))).toEqual([
      { route: 'POST /api-user-wallet-balance', count: 4 },
      { route: 'POST /api-starline-game', count: 1 },
    ]);
    for (const r of summary?.polled ?? []) expect(r.max_ms).toBeGreaterThanOrEqual(r.mean_ms);
  });
});
