/**
 * TRUST_PROXY behind nginx: the address a session records (and every rate limit counts) is the client's,
 * taken from X-Forwarded-For only when the hop that sent it is a trusted proxy, and never from entries the
 * client wrote itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/modules/auth/tokens.ts';
import type { TestApp } from './helpers.ts';
import { anotherServer, APP_KEY, createTestApp } from './helpers.ts';
import type { FastifyInstance } from 'fastify';

let t: TestApp;
let direct: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1,10.1.0.0/16' } });
  // The same database served without a proxy in front (TRUST_PROXY unset).
  direct = await anotherServer(t, { TRUST_PROXY: false });
});
afterAll(async () => {
  await direct.close();
  await t.close();
});

/** Signs in through `app` from `remoteAddress` with `forwarded`, and answers the address the session recorded. */
async function recordedAddress(
  app: FastifyInstance,
  remoteAddress: string,
  forwarded?: string,
): Promise<string | undefined> {
  const p = await t.player();
  const res = await app.inject({
    method: 'POST',
    url: '/api-user-login',
    remoteAddress,
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    payload: { app_key: APP_KEY, env_type: 'Prod', mobile: p.mobile, password: p.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ unique_token: string }>().unique_token;
  const { rows } = await t.db.query<{ ip: string }>('SELECT ip FROM sessions WHERE token_hash = $1', [
    sha256(token),
  ]);
  return rows[0]?.ip;
}

describe('the client address behind a proxy', () => {
  it('is the forwarded address when the hop is a listed proxy', async () => {
    expect(await recordedAddress(t.app, '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(await recordedAddress(t.app, '10.1.2.3', '198.51.100.8')).toBe('198.51.100.8');
  });

  it('is the last address a trusted proxy added, not one the client wrote before it', async () => {
    // The client sent "X-Forwarded-For: 203.0.113.9"; nginx appended the address it saw.
    expect(await recordedAddress(t.app, '127.0.0.1', '203.0.113.9, 198.51.100.9')).toBe('198.51.100.9');
  });

  it('is the socket address when the hop is not a listed proxy', async () => {
    expect(await recordedAddress(t.app, '192.0.2.5', '198.51.100.10')).toBe('192.0.2.5');
  });

  it('is the socket address when no proxy is trusted', async () => {
    expect(await recordedAddress(direct, '127.0.0.1', '198.51.100.11')).toBe('127.0.0.1');
  });
});
