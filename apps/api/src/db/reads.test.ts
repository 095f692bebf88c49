import { describe, expect, it } from 'vitest';
import type { Database, QueryResult } from './database.ts';
import { parseLsn, replicaRouter } from './reads.ts';

/** A stand-in server that answers the router's one position query with `lsn()`, or fails while `down`. */
function fakeServer(lsn: () => string, state: { down?: boolean } = {}): Database {
  const query = async <T>(): Promise<QueryResult<T>> => {
    if (state.down) throw new Error('connection refused');
    return { rows: [{ lsn: lsn() } as T], rowCount: 1 };
  };
  return {
    engine: 'postgres',
    query,
    exec: async () => undefined,
    transaction: async (fn) => fn({ query, exec: async () => undefined }),
    commitOne: query,
    listen: () => async () => undefined,
    close: async () => undefined,
  };
}

describe('replica reads', () => {
  it('reads WAL positions as 64-bit numbers', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect(parseLsn('FF/FFFFFFFF') > parseLsn('FE/FFFFFFFF')).toBe(true);
  });

  it('sends a player to the replica only once it has replayed past their write', async () => {
    let time = 1_000;
    let primaryLsn = 100;
    let replayed = 100;
    const state: { down?: boolean } = {};
    const primary = fakeServer(() => `0/${primaryLsn.toString(16)}`);
    const replica = fakeServer(() => `0/${replayed.toString(16)}`, state);
    const router = replicaRouter(primary, replica, () => time);
    try {
      // Not listening yet: every player reads the primary.
      await router.poll();
      expect(router.forPlayer(1)).toBe(primary);
      router.setLive(true);
      time += 10;
      await router.poll();
      expect(router.forPlayer(1)).toBe(replica);
      expect(router.shared).not.toBe(primary);

      // Player 1 writes; the primary moves to 200 and the replica has replayed only 150.
      time += 10;
      router.applyNotice('1,7');
      primaryLsn = 200;
      replayed = 150;
      time += 10;
      await router.poll();
      expect(router.forPlayer(1)).toBe(primary);
      expect(router.forPlayer(7)).toBe(primary);
      expect(router.forPlayer(2)).toBe(replica);

      // Replayed to 200: the write is there.
      replayed = 200;
      time += 10;
      await router.poll();
      expect(router.forPlayer(1)).toBe(replica);

      // The LISTEN dropped and came back: writes meanwhile are unknown, so everyone reads the primary until the
      // replica has caught up past that moment.
      router.setLive(false);
      expect(router.forPlayer(2)).toBe(primary);
      router.setLive(true);
      expect(router.forPlayer(2)).toBe(primary);
      time += 10;
      await router.poll();
      expect(router.forPlayer(2)).toBe(replica);

      // A replica that does not answer serves nothing.
      state.down = true;
      time += 10;
      await router.poll();
      expect(router.forPlayer(2)).toBe(primary);
      state.down = false;
      time += 10;
      await router.poll();
      expect(router.forPlayer(2)).toBe(replica);

      // One that has not caught up for 30 s serves nothing either, shared reads included.
      primaryLsn = 300;
      time += 31_000;
      await router.poll();
      expect(router.forPlayer(2)).toBe(primary);
      await router.shared.query('SELECT 1');
      const before = router.counts.primary;
      await router.shared.query('SELECT 1');
      expect(router.counts.primary).toBe(before + 1);
    } finally {
      await router.close();
    }
  });
});
