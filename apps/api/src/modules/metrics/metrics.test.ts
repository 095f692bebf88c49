/**
 * GET /metrics over a real socket: refused without the token (and absent without a configured one), and
 * its counters move with what the server does: requests per route, bids placed and refused by reason,
 * settlement runs, cache lookups; the process's event-loop lag and, on PostgreSQL, the pool are listed.
 */
import { describe, expect, it } from 'vitest';
import { anotherServer, suiteApp } from '../../../test/helpers.ts';
import { engine } from '../../../test/db.ts';
import { fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { declareHalf } from '../../../test/desk.ts';

const TOKEN = 'metrics-token-0123456789';
const IST = (hhmm: string) => `2026-11-20T${hhmm}:00+05:30`;
const BID_DATE = '20-November-2026';

let base: string;
const t = suiteApp({ now: IST('11:00'), env: { METRICS_TOKEN: TOKEN }, ledger: true }, async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

async function scrape(token = TOKEN): Promise<Response> {
  return fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
}

/** The value of one series in the exposition text (0 when it is not listed yet). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return 0;
}

async function metrics(): Promise<string> {
  const res = await scrape();
  expect(res.status).toBe(200);
  return res.text();
}

const post = (path: string, body: Record<string, unknown>, token?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ env_type: 'Prod', app_key: 'test-app-key-123', ...body }),
  });

describe('GET /metrics', () => {
  it('refuses a scrape without the token or with a wrong one, in the error shape', async () => {
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await none.json()).toMatchObject({ status: false, code: 'UNAUTHENTICATED' });
    const wrong = await scrape('metrics-token-0123456780');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('gama_');
    const short = await scrape('x');
    expect(short.status).toBe(401);
  });

  it('is absent while no token is configured', async () => {
    // A second instance on the same database, configured without a token.
    const off = await anotherServer(t, { METRICS_TOKEN: undefined });
    try {
      const res = await off.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    } finally {
      await off.close();
    }
  });

  it('answers the exposition format with the process metrics, event-loop lag among them', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE gama_http_request_duration_seconds histogram');
    expect(text).toContain('gama_cache_requests_total{cache="sessions",outcome="hit"}');
    if (engine === 'postgres') {
      expect(text).toMatch(/gama_db_pool_connections\{state="max"\} \d+/);
      expect(text).toContain('# TYPE gama_db_pool_wait_seconds_total counter');
    }
  });

  it('counts requests per route and status, never per URL', async () => {
    const before = await metrics();
    const labels = { method: 'POST', route: '/api-main-game', status: '200' };
    for (let i = 0; i < 3; i++) expect((await post('/api-main-game', {})).status).toBe(200);
    expect((await post('/api-no-such-thing-1', {})).status).toBe(404);
    expect((await post('/api-no-such-thing-2', {})).status).toBe(404);
    const after = await metrics();
    expect(valueOf(after, 'gama_http_requests_total', labels)).toBe(
      valueOf(before, 'gama_http_requests_total', labels) + 3,
    );
    const unmatched = { method: 'POST', route: 'unmatched', status: '404' };
    expect(valueOf(after, 'gama_http_requests_total', unmatched)).toBe(
      valueOf(before, 'gama_http_requests_total', unmatched) + 2,
    );
    expect(after).not.toContain('no-such-thing');
    const count = { method: 'POST', route: '/api-main-game' };
    expect(valueOf(after, 'gama_http_request_duration_seconds_count', count)).toBeGreaterThanOrEqual(
      valueOf(before, 'gama_http_request_duration_seconds_count', count) + 3,
    );
    // The second and third list in one 2 s window came from the cache.
    expect(valueOf(after, 'gama_cache_requests_total', { cache: 'markets', outcome: 'hit' })).toBeGreaterThan(
      valueOf(before, 'gama_cache_requests_total', { cache: 'markets', outcome: 'hit' }),
    );
  });

  it('counts bids placed and refused by reason, and settlement runs', async () => {
    const cashier = await operatorToken(t, 'owner');
    const market = await seedMarket(t.db, { name: 'METRICS', open: '01:00 PM', close: '03:00 PM' });
    const player = await t.player();
    await fund(t, player, cashier, 100);
    const bid = (points: number, digits = '6') =>
      post(
        '/api-submit-bid',
        {
          game_id: market,
          new_result: {
            pana: 'Single Digit',
            bid_date: BID_DATE,
            result: [{ digits, points, session: 'open' }],
          },
        },
        player.token,
      );
    const before = await metrics();
    expect((await bid(10)).status).toBe(200);
    expect((await bid(20, '7')).status).toBe(200);
    // 70 points left: 500 is refused for the balance.
    expect((await bid(500)).status).toBe(400);
    // A day that is neither today nor the market's.
    const back = await post(
      '/api-submit-bid',
      {
        game_id: market,
        new_result: {
          pana: 'Single Digit',
          bid_date: '19-November-2026',
          result: [{ digits: '6', points: 10, session: 'open' }],
        },
      },
      player.token,
    );
    expect(back.status).toBe(400);
    const mid = await metrics();
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(mid, name, labels) - valueOf(before, name, labels);
    expect(delta('gama_bids_placed_total', { group: 'main' })).toBe(2);
    expect(delta('gama_bid_submissions_total', { group: 'main', outcome: 'placed' })).toBe(2);
    expect(delta('gama_bid_submissions_total', { group: 'main', outcome: 'refused' })).toBe(2);
    expect(delta('gama_bids_refused_total', { group: 'main', reason: 'balance' })).toBe(1);
    expect(delta('gama_bids_refused_total', { group: 'main', reason: 'date' })).toBe(1);

    t.clock.set(IST('13:05'));
    const declared = await declareHalf(t, cashier, market, '2026-11-20', 'open', '123');
    expect(declared.statusCode, JSON.stringify(declared.json)).toBe(200);
    const after = await metrics();
    expect(valueOf(after, 'gama_settlement_runs_total', { outcome: 'ok' })).toBe(
      valueOf(mid, 'gama_settlement_runs_total', { outcome: 'ok' }) + 1,
    );
    expect(valueOf(after, 'gama_settled_bids_total')).toBe(valueOf(mid, 'gama_settled_bids_total') + 2);
    expect(valueOf(after, 'gama_settlement_duration_seconds_count')).toBe(
      valueOf(mid, 'gama_settlement_duration_seconds_count') + 1,
    );
  });
});
