import { accountMessages as m } from '@gama/core/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { engine } from '../../../test/db.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { APP_KEY, createTestApp, suiteApp } from '../../../test/helpers.ts';
import { admin, fund, operatorToken } from '../../../test/money.ts';
import type { CachedSession } from './session-cache.ts';
import { SessionCache } from './session-cache.ts';

const session = (id: number): CachedSession => ({
  player: { id, userName: 'P', mobile: '9000000000', bettingStatus: '1' },
  createdAt: 0,
  lastSeenAt: 0,
});

describe('SessionCache', () => {
  it('keeps a session for TTL_MS and forgets by token, by player, or everything', () => {
    const cache = new SessionCache(true);
    cache.put('a', session(1), cache.generation(), 1_000);
    cache.put('b', session(1), cache.generation(), 1_000);
    cache.put('c', session(2), cache.generation(), 1_000);
    expect(cache.get('a', 1_000 + SessionCache.TTL_MS - 1)?.player.id).toBe(1);
    expect(cache.get('a', 1_000 + SessionCache.TTL_MS)).toBeUndefined();
    cache.forgetPlayer(1);
    expect(cache.get('b', 2_000)).toBeUndefined();
    expect(cache.get('c', 2_000)?.player.id).toBe(2);
    cache.apply('token:c');
    expect(cache.get('c', 2_000)).toBeUndefined();
    cache.put('d', session(3), cache.generation(), 2_000);
    cache.apply('player:3');
    expect(cache.get('d', 2_000)).toBeUndefined();
    cache.put('e', session(4), cache.generation(), 2_000);
    cache.apply('anything else');
    expect(cache.get('e', 2_000)).toBeUndefined();
  });

  it('does not store a lookup that raced with a forget (it may have read the row before the commit)', () => {
    const cache = new SessionCache(true);
    const before = cache.generation();
    cache.forgetToken('a');
    cache.put('a', session(1), before, 1_000);
    expect(cache.get('a', 1_000)).toBeUndefined();
  });

  it('is bypassed and emptied while not live', () => {
    const cache = new SessionCache(true);
    cache.put('a', session(1), cache.generation(), 1_000);
    cache.setLive(false);
    expect(cache.get('a', 1_000)).toBeUndefined();
    cache.put('b', session(1), cache.generation(), 1_000);
    cache.setLive(true);
    expect(cache.get('b', 1_000)).toBeUndefined();
  });
});

describe('cached sessions end at once', () => {
  let op: string;
  const t = suiteApp({}, async () => {
    op = await operatorToken(t);
  });

  const home = (token: string) => t.post('/api-user-wallet-balance', {}, { token });

  it('after logout', async () => {
    const p = await t.player();
    expect((await home(p.token)).statusCode).toBe(200);
    await t.post('/api-user-logout', {}, { token: p.token });
    expect((await home(p.token)).json).toEqual({
      status: false,
      code: 'UNAUTHENTICATED',
      msg: m.sessionExpired,
    });
  });

  it('after a password reset', async () => {
    const p = await t.player();
    expect((await home(p.token)).statusCode).toBe(200);
    await t.post('/api-forget-check-mobile', { mobile: p.mobile });
    const verified = await t.post<{ status: boolean; reset_token: string }>('/api-verify-forgot-otp', {
      mobile: p.mobile,
      otp: await t.lastCode(p.mobile),
    });
    await t.post('/api-forgot-password', {
      mobile: p.mobile,
      new_pass: 'river-stone-77',
      reset_token: verified.json.reset_token,
    });
    expect((await home(p.token)).statusCode).toBe(401);
  });

  it('after a rename and a betting-status change, which the session carries', async () => {
    const p = await t.player({ userName: 'Before' });
    expect((await home(p.token)).json.user_name).toBe('Before');
    await t.post('/api-profile-update', { user_name: 'After' }, { token: p.token });
    expect((await home(p.token)).json.user_name).toBe('After');
    expect((await t.post('/api-bid-history-data', {}, { token: p.token })).statusCode).toBe(200);
    const off = await admin(t, op, 'POST', `/admin-api/players/${p.id}/betting-status`, {
      betting_status: '0',
    });
    expect(off.statusCode).toBe(200);
    expect((await t.post('/api-bid-history-data', {}, { token: p.token })).json).toMatchObject({
      code: 'BETTING_DISABLED',
    });
    expect((await home(p.token)).json.betting_status).toBe('0');
  });

  it('and concurrent home lists each read their own wallet (balances are read in one statement per turn)', async () => {
    const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.player()));
    await Promise.all(players.map((p, i) => fund(t, p, op, 100 * (i + 1))));
    const answers = await Promise.all(players.map((p) => home(p.token)));
    expect(answers.map((a) => [a.json.mobile, a.json.wallet_amt])).toEqual(
      players.map((p, i) => [p.mobile, String(100 * (i + 1))]),
    );
  });

  it('and still expire with the clock', async () => {
    const p = await t.player();
    expect((await home(p.token)).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await home(p.token)).statusCode).toBe(401);
  });
});

describe.skipIf(engine !== 'postgres')('sessions across server processes (PostgreSQL)', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp();
    b = await buildApp({
      config: a.config,
      db: a.db,
      clock: a.clock,
      pepper: 'second-process-pepper',
      logger: false,
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const homeOnB = async (token: string) =>
    (
      await b.inject({
        method: 'POST',
        url: '/api-user-wallet-balance',
        payload: { app_key: APP_KEY },
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  /** The other process hears a NOTIFY a moment after the commit. */
  async function eventually(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never happened');
  }

  const listening = () => eventually(async () => b.deps.sessions.live);

  it('a logout or a password change on one ends the session on the other', async () => {
    await listening();
    const p = await a.player();
    expect(await homeOnB(p.token)).toBe(200);
    await a.post('/api-user-logout', {}, { token: p.token });
    await eventually(async () => (await homeOnB(p.token)) === 401);

    const q = await a.player();
    expect(await homeOnB(q.token)).toBe(200);
    await a.post(
      '/api-change-password',
      { old_pass: q.password, new_pass: 'fresh-pass-9' },
      { token: q.token },
    );
    await eventually(async () => (await homeOnB(q.token)) === 401);
  });

  it('a process whose LISTEN connection dropped forgets what it had cached', async () => {
    await listening();
    const p = await a.player();
    expect(await homeOnB(p.token)).toBe(200);
    // Kill every LISTEN connection on this database, then end the session behind the server's back (no NOTIFY).
    await a.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
    );
    await eventually(async () => !b.deps.sessions.live);
    await a.db.query('UPDATE sessions SET revoked_at = now() WHERE player_id = $1', [p.id]);
    expect(await homeOnB(p.token)).toBe(401);
    await listening();
    expect(await homeOnB(p.token)).toBe(401);
  });
});
