import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db.ts';
import type { Database } from '../db/database.ts';
import { buildPlayer } from '../seed/players.ts';
import { compareBalances } from './compare-balances.ts';

const opened: Database[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

/** Two databases with the same player, as a restore and its live database start out. */
async function pair(): Promise<{
  restored: Database;
  live: Database;
  wallet: number;
  house: number;
  deposits: number;
}> {
  const restored = await openTestDatabase();
  const live = await openTestDatabase();
  opened.push(restored, live);
  let ids: { wallet: number; house: number; deposits: number } | undefined;
  for (const db of [restored, live]) {
    const player = await buildPlayer(db, { mobile: '9876500001', now: new Date('2026-11-20T06:30:00Z') });
    const { rows } = await db.query<{ kind: string; id: number }>(
      `SELECT kind, id FROM accounts WHERE (player_id = $1 AND kind = 'wallet') OR kind IN ('house', 'deposits')`,
      [player.id],
    );
    const found = Object.fromEntries(rows.map((r) => [r.kind, Number(r.id)]));
    ids = {
      wallet: found.wallet as number,
      house: found.house as number,
      deposits: found.deposits as number,
    };
  }
  if (!ids) throw new Error('no accounts');
  return { restored, live, ...ids };
}

/** One balanced journal; its id is the next of the identity, as the app's would be. */
async function post(db: Database, entries: Array<[account: number, amount: number]>): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO journals (kind, actor, note, created_at) VALUES ('adjustment', 'system', 'drill', now()) RETURNING id`,
  );
  const id = Number(rows[0]?.id);
  await db.query(
    `INSERT INTO entries (journal_id, account_id, amount) SELECT $1, a, m FROM unnest($2::bigint[], $3::bigint[]) t(a, m)`,
    [id, entries.map((e) => e[0]), entries.map((e) => e[1])],
  );
  return id;
}

/** A journal moving `paise` from one account to another. */
const move = (db: Database, paise: number, from: number, to: number) =>
  post(db, [
    [from, -paise],
    [to, paise],
  ]);

/** An id taken and never committed: a transaction rolled back, or one that commits after the instant. */
const skipId = (db: Database) => db.query(`SELECT nextval(pg_get_serial_sequence('journals', 'id'))`);

describe("the restore drill's balance check", () => {
  it('matches a restore missing the journals committed after the instant, and counts them', async () => {
    const { restored, live, wallet, house, deposits } = await pair();
    // Live: a deposit, a bid committed after the instant with the lower id, a second bid before it, one more after.
    for (const db of [restored, live]) await move(db, 100_000, deposits, wallet);
    await skipId(restored);
    await move(live, 10_000, wallet, house);
    for (const db of [restored, live]) await move(db, 20_000, wallet, house);
    await move(live, 5_000, wallet, house);

    expect(await compareBalances(restored, live)).toEqual({ mismatches: [], journals: 2, liveAfter: 2 });
  });

  it('names each account whose entries or cached balance differ from the live database', async () => {
    const { restored, live, wallet, deposits } = await pair();
    await move(restored, 100_000, deposits, wallet);
    await move(live, 90_000, deposits, wallet);

    const { mismatches } = await compareBalances(restored, live);
    expect(mismatches).toEqual(
      expect.arrayContaining([
        { account_id: wallet, restored_balance: 100_000, restored_entries: 100_000, live_entries: 90_000 },
        { account_id: deposits, restored_balance: null, restored_entries: -100_000, live_entries: -90_000 },
      ]),
    );
    expect(mismatches).toHaveLength(2);
  });

  it('refuses a live database that lacks journals the restore has', async () => {
    const { restored, live, wallet, deposits } = await pair();
    await move(restored, 100_000, deposits, wallet);

    await expect(compareBalances(restored, live)).rejects.toThrow(/has 0 of the restored 1 journals/);
  });
});
