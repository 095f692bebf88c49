import { accountMessages } from '@gama/core/contract/messages';
import { describe, expect, it } from 'vitest';
import { engine } from '../../test/db.ts';
import { APP_KEY, createTestApp } from '../../test/helpers.ts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable } from './errors.ts';

const unavailable = {
  status: false,
  code: 'UNAVAILABLE',
  msg: accountMessages.serviceUnavailable,
  request_id: expect.any(String),
};

/** The app as a test builds it, over a database that cannot answer (PostgreSQL only: the cases are skipped on PGlite). */
async function appOver(db: Database): Promise<FastifyInstance> {
  const { buildApp } = await import('../app.ts');
  const { ManualClock } = await import('../clock.ts');
  const { loadConfig } = await import('../config.ts');
  return buildApp({
    config: loadConfig({ NODE_ENV: 'test', APP_KEY }),
    db,
    clock: new ManualClock('2026-11-20T06:30:00.000Z'),
    pepper: 'test-pepper-0123456789abcdef',
    logger: false,
  });
}

/** A player's sign-in: the first request that needs the database. */
const signIn = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api-user-login',
    payload: { app_key: APP_KEY, env_type: 'Prod', mobile: '9876543210', password: 'whatever-1' },
  });

describe('F3: the database unavailable', () => {
  it('tells connection failures from faults in the request or the code', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('PGlite is closed'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
    for (const error of [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      new Error('no ledger accounts'),
      'ECONNREFUSED',
      null,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('answers 503 with the generic body, and no internals, while the database is gone', async () => {
    const t = await createTestApp();
    const p = await t.player();
    if (engine === 'pglite') {
      await t.db.close();
    } else {
      // Every connection of this test database ends, as when the server restarts; the pool's idle clients are
      // dead until the pool notices.
      await t.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await t.db.query('SELECT 1').catch(() => undefined);
    }
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    const login = await t.post('/api-user-login', { mobile: p.mobile, password: p.password });
    if (engine === 'pglite') {
      for (const answer of [
        { statusCode: health.statusCode, json: health.json() as unknown, headers: health.headers },
        login,
      ]) {
        expect(answer.statusCode).toBe(503);
        expect(answer.json).toEqual(unavailable);
        expect(answer.headers['retry-after']).toBe('5');
      }
      await t.app.close();
      return;
    }
    // On PostgreSQL the pool replaces the dead clients: the server recovers without a restart.
    expect([200, 503]).toContain(health.statusCode);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.post('/api-user-login', { mobile: p.mobile, password: p.password })).statusCode).toBe(
      200,
    );
    await t.close();
  });

  it.skipIf(engine !== 'postgres')('answers 503 when PostgreSQL refuses connections', async () => {
    const { openPostgres } = await import('../db/postgres.ts');
    const db = openPostgres('postgres://postgres@127.0.0.1:1/nowhere', 2);
    const app = await appOver(db);
    try {
      const res = await signIn(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it.skipIf(engine !== 'postgres')(
    'answers 503 within the connect timeout when the database never answers, instead of hanging',
    async () => {
      const { createServer } = await import('node:net');
      const { openPostgres } = await import('../db/postgres.ts');
      // Accepts the connection and says nothing, like a machine that is gone behind a proxy still listening.
      const sockets: Array<{ destroy(): void }> = [];
      const silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(3540, '127.0.0.1', resolve));
      const db = openPostgres('postgres://postgres@127.0.0.1:3540/nowhere', { connectTimeoutMs: 300 });
      const app = await appOver(db);
      try {
        const started = Date.now();
        const res = await signIn(app);
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual(unavailable);
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        await app.close();
        await db.close();
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    },
  );
});
