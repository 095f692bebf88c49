import { formatPaise } from '@gama/core/rules/money';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/db.ts';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { suiteApp } from '../../../test/helpers.ts';
import { admin, balanceOf, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import type { WalletBalance } from './cache.ts';
import { WalletCache } from './cache.ts';
import { declareHalf, postSingleDigit } from '../../../test/desk.ts';

/** A loader that counts its calls and answers each player with what `values` holds at the time. */
function loader(values: Map<number, WalletBalance>) {
  const calls: number[][] = [];
  const load = async (ids: number[]) => {
    calls.push(ids);
    return new Map(ids.map((id) => [id, values.get(id) ?? { balance: 0, debt: 0 }]));
  };
  return { calls, load };
}

describe('WalletCache', () => {
  it('keeps what it read until a notice names the player, for at most TTL_MS', async () => {
    let now = 1_000;
    const values = new Map([
      [1, { balance: 100, debt: 0 }],
      [2, { balance: 200, debt: 5 }],
    ]);
    const { calls, load } = loader(values);
    const cache = new WalletCache(load, () => now);
    cache.setLive(true);
    expect(await Promise.all([cache.get(1), cache.get(2)])).toEqual([values.get(1), values.get(2)]);
    expect(calls).toEqual([[1, 2]]);
    values.set(1, { balance: 150, debt: 0 });
    expect(await cache.get(1)).toEqual({ balance: 100, debt: 0 });
    expect(calls).toHaveLength(1);

    cache.apply('7,1');
    expect(await cache.get(1)).toEqual({ balance: 150, debt: 0 });
    expect(await cache.get(2)).toEqual({ balance: 200, debt: 5 });
    expect(calls).toEqual([[1, 2], [1]]);

    now += WalletCache.TTL_MS;
    expect(await cache.get(2)).toEqual({ balance: 200, debt: 5 });
    expect(calls).toEqual([[1, 2], [1], [2]]);

    cache.apply('not a list of ids');
    await cache.get(1);
    await cache.get(2);
    expect(calls).toHaveLength(5);
  });

  it('answers a read that raced with a notice for its player, but does not keep it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const values = new Map([[1, { balance: 100, debt: 0 }]]);
    let reads = 0;
    const cache = new WalletCache(
      async (ids) => {
        reads++;
        const answer = new Map(ids.map((id) => [id, values.get(id) ?? { balance: 0, debt: 0 }]));
        if (reads === 1) await gate;
        return answer;
      },
      () => 0,
    );
    cache.setLive(true);
    const first = cache.get(1);
    await new Promise((resolve) => setImmediate(resolve));
    // The read has its snapshot; a commit moves the balance and its notice arrives before the read returns.
    values.set(1, { balance: 40, debt: 0 });
    cache.apply('1');
    release();
    expect(await first).toEqual({ balance: 100, debt: 0 });
    expect(await cache.get(1)).toEqual({ balance: 40, debt: 0 });
    expect(reads).toBe(2);
  });

  it('reads the database every time while not live, and starts empty when it goes live again', async () => {
    const values = new Map([[1, { balance: 100, debt: 0 }]]);
    const { calls, load } = loader(values);
    const cache = new WalletCache(load, () => 0);
    await cache.get(1);
    await cache.get(1);
    expect(calls).toHaveLength(2);
    cache.setLive(true);
    await cache.get(1);
    await cache.get(1);
    expect(calls).toHaveLength(3);
    cache.setLive(false);
    cache.setLive(true);
    await cache.get(1);
    expect(calls).toHaveLength(4);
  });
});

const IST = (hhmm: string) => `2026-11-20T${hhmm}:00+05:30`;

describe('the home list shows every movement of the wallet at once (PGlite and PostgreSQL)', () => {
  let op: string;
  const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
    op = await operatorToken(t);
    await eventually(async () => t.app.deps.wallets.live);
  });

  type Player = Awaited<ReturnType<TestApp['player']>>;
  const home = async (p: Player) =>
    (
      await t.post<ApiBody & { wallet_amt: string; debt_amt: string }>(
        '/api-user-wallet-balance',
        {},
        { token: p.token },
      )
    ).json;
  const inDatabase = async (p: Player) => formatPaise(await balanceOf(t, p.id));

  /** Polls once so the wallet is cached, runs `move`, and expects the next poll to show what the ledger holds. */
  async function expectShownAtOnce(players: Player[], move: () => Promise<unknown>): Promise<void> {
    const before = await Promise.all(players.map(home));
    await move();
    const after = await Promise.all(players.map(home));
    const held = await Promise.all(players.map(inDatabase));
    expect(after.map((a) => a.wallet_amt)).toEqual(held);
    // Each step really moved every wallet it names, so a stale answer would have been caught.
    expect(after.map((a) => a.wallet_amt)).not.toEqual(before.map((b) => b.wallet_amt));
  }

  it('serves a wallet from memory while nothing moves (a balance changed without entries is not seen)', async () => {
    const p = await t.player();
    await fund(t, p, op, 500);
    expect((await home(p)).wallet_amt).toBe('500');
    // On PostgreSQL the LISTEN connection hears the deposit's notice a moment after this process did, and
    // forgets the wallet once more; let it arrive, then cache the wallet again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await home(p)).wallet_amt).toBe('500');
    // Behind the ledger's back: no entries, so no notice. Undone whatever the check says.
    await t.db.query(
      `UPDATE accounts SET balance = balance + 10000 WHERE player_id = $1 AND kind = 'wallet'`,
      [p.id],
    );
    try {
      expect((await home(p)).wallet_amt).toBe('500');
    } finally {
      await t.db.query(
        `UPDATE accounts SET balance = balance - 10000 WHERE player_id = $1 AND kind = 'wallet'`,
        [p.id],
      );
    }
  });

  it('after a deposit, a bid, a transfer, an adjustment, a win and a revert', async () => {
    const market = await seedMarket(t.db, { name: 'Cache Market', open: '10:00 AM', close: '12:00 PM' });
    const p = await t.player();
    const q = await t.player();
    await expectShownAtOnce([p], () => fund(t, p, op, 1000));
    await expectShownAtOnce([p], async () => {
      const bid = await postSingleDigit(t, p, market, '20-November-2026', {
        digits: '6',
        points: 100,
        session: 'open',
      });
      expect(bid.json).toMatchObject({ status: true });
    });
    await expectShownAtOnce([p, q], async () => {
      const sent = await t.post(
        '/api-user-transfer-wallet-balance',
        { mobile_no: q.mobile, amount: '150', transfer_note: '' },
        { token: p.token },
      );
      expect(sent.json).toMatchObject({ status: true });
    });
    await expectShownAtOnce([q], async () => {
      const adjusted = await admin(t, op, 'POST', `/admin-api/players/${q.id}/adjust`, {
        points: -50,
        reason: 'correction',
      });
      expect(adjusted.statusCode).toBe(200);
    });
    t.clock.set(IST('10:30'));
    await expectShownAtOnce([p], async () => {
      const declared = await declareHalf(t, op, market, '2026-11-20', 'open', '123');
      expect(declared.statusCode).toBe(200);
    });
    await expectShownAtOnce([p], async () => {
      const reverted = await admin(t, op, 'POST', '/admin-api/results/revert', {
        market_id: market,
        date: '2026-11-20',
        half: 'open',
        reason: 'wrong pana entered',
      });
      expect(reverted.statusCode).toBe(200);
    });
  });

  it('after entries posted outside the server (by hand, or by another server process)', async () => {
    const p = await t.player();
    await fund(t, p, op, 300);
    expect((await home(p)).wallet_amt).toBe('300');
    // Not through `transaction()`: on PostgreSQL only the LISTEN connection hears of it, a moment later.
    await t.db.exec(`
      BEGIN;
      INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
        VALUES ('adjustment', 'script', 'player', ${p.id}, 'by hand', now());
      INSERT INTO entries (journal_id, account_id, amount) VALUES
        (currval('journals_id_seq'), (SELECT id FROM accounts WHERE player_id = ${p.id} AND kind = 'wallet'), 2500),
        (currval('journals_id_seq'), (SELECT id FROM accounts WHERE kind = 'adjustments' AND player_id IS NULL), -2500);
      COMMIT;`);
    if (engine === 'pglite') expect((await home(p)).wallet_amt).toBe('325');
    else await eventually(async () => (await home(p)).wallet_amt === '325');
  });
});

/** A notice reaches another connection a moment after the commit. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never happened');
}
