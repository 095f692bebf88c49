/**
 * The deployed nginx site (deploy/nginx/gama.conf) in front of two API processes on one PostgreSQL database,
 * as `deploy/README.md` runs it: nginx's own check accepts the file; requests are spread over both processes;
 * a session started through one is honoured by the other; the client address the server records is the one
 * nginx saw, never one the client wrote in X-Forwarded-For; JSON is compressed at the edge; /metrics is not
 * reachable through it; and when one process stops, requests still get answers from the other.
 *
 * Needs PostgreSQL (two processes share a database) and Debian's nginx (`.ci/run` installs it).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { engine } from './db.ts';
import type { TestApp } from './helpers.ts';
import { anotherServer, APP_KEY, createTestApp, secondPool } from './helpers.ts';
import type { Edge } from './nginx-config.ts';
import { hasNginx, startNginx } from './nginx-config.ts';

const TOKEN = 'edge-metrics-token-0123456789';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `127.0.0.1:${address.port}`;
}

describe.skipIf(engine !== 'postgres' || !hasNginx)(
  'two API processes behind the deployed nginx site',
  () => {
    let a: TestApp;
    let bDb: Database;
    let b: FastifyInstance;
    let upstreams: string[];
    let edge: Edge;
    beforeAll(async () => {
      a = await createTestApp({ env: { TRUST_PROXY: 'loopback', METRICS_TOKEN: TOKEN } });
      bDb = await secondPool(a, 4);
      b = await anotherServer(a, {}, bDb);
      upstreams = [await listen(a.app), await listen(b)];
      edge = await startNginx(upstreams);
    });
    afterAll(async () => {
      await edge.stop();
      await b.close();
      await bDb.close();
      await a.close();
    });

    const post = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      fetch(`${edge.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, ...body }),
      });

    /** Requests one process has answered on a route, from its own /metrics. */
    async function answered(upstream: string, route: string): Promise<number> {
      const text = await (
        await fetch(`http://${upstream}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).text();
      let n = 0;
      for (const line of text.split('\n')) {
        if (line.startsWith('gama_http_requests_total{') && line.includes(`route="${route}"`)) {
          n += Number(line.split(' ').at(-1));
        }
      }
      return n;
    }

    it('spreads requests over both processes, and a session from one is honoured by the other', async () => {
      const player = await a.player();
      const before = await Promise.all(upstreams.map((u) => answered(u, '/api-user-wallet-balance')));
      for (let i = 0; i < 10; i++) {
        const res = await post('/api-user-wallet-balance', {}, { authorization: `Bearer ${player.token}` });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { status: boolean }).status).toBe(true);
      }
      const after = await Promise.all(upstreams.map((u) => answered(u, '/api-user-wallet-balance')));
      const served = after.map((n, i) => n - (before[i] ?? 0));
      expect(served.reduce((x, y) => x + y, 0)).toBe(10);
      // Round robin: each process answered some of them.
      expect(Math.min(...served)).toBeGreaterThan(0);
    });

    it('records the address nginx saw, never the one the client wrote in X-Forwarded-For', async () => {
      const player = await a.player();
      const res = await post(
        '/api-user-login',
        { mobile: player.mobile, password: player.password },
        { 'x-forwarded-for': '203.0.113.9' },
      );
      expect(res.status).toBe(200);
      const { rows } = await a.db.query<{ ip: string }>(
        'SELECT ip FROM sessions WHERE player_id = $1 ORDER BY created_at DESC, ip LIMIT 10',
        [player.id],
      );
      expect(rows.map((r) => r.ip)).not.toContain('203.0.113.9');
      expect(rows.map((r) => r.ip)).toContain('127.0.0.1');
    });

    it('compresses JSON at the edge and keeps /metrics off it', async () => {
      const doc = await fetch(`${edge.url}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
      expect(doc.status).toBe(200);
      expect(doc.headers.get('content-encoding')).toBe('gzip');
      expect(((await doc.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
      const metrics = await fetch(`${edge.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.status).toBe(404);
      // The same scrape at the process's own port works: the edge is what refuses it.
      expect(
        (await fetch(`http://${upstreams[0]}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }))
          .status,
      ).toBe(200);
    });

    it('keeps answering when one process stops', async () => {
      await b.close();
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${edge.url}/healthz`);
        expect(res.status).toBe(200);
      }
    });
  },
);
