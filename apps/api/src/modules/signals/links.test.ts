/**
 * Linked accounts (the referral reward's hold): two players are linked by a payout number both use, saved or
 * withdrawn to, or by one paying out to the other's phone; unrelated players and a player's own number are not.
 */
import { describe, expect, it } from 'vitest';
import { suiteDatabase } from '../../../test/db.ts';
import { buildPlayer, nextMobile } from '../../seed/players.ts';
import { postJournal } from '../ledger/post.ts';
import { systemAccount, walletAccountId } from '../ledger/accounts.ts';
import { linkReasons } from './links.ts';

const db = suiteDatabase();
const now = new Date('2026-11-20T06:30:00Z');

const player = async () => (await buildPlayer(db, { now })).id;
const save = (playerId: number, number: string, type = '2') =>
  db.query('INSERT INTO payout_methods (player_id, upi_type, number, verified_at) VALUES ($1, $2, $3, $4)', [
    playerId,
    type,
    number,
    now,
  ]);

/** A withdrawal as the ledger keeps it: the hold journal first, then the request naming its number. */
async function withdrawTo(playerId: number, number: string): Promise<void> {
  await db.transaction(async (tx) => {
    const wallet = await walletAccountId(tx, playerId);
    await postJournal(tx, { kind: 'adjustment', actor: 'system', note: 'funding', at: now }, [
      { account: wallet, amount: 100_000 },
      { account: systemAccount('adjustments'), amount: -100_000 },
    ]);
    const hold = await postJournal(tx, { kind: 'withdraw_hold', actor: 'system', note: 'hold', at: now }, [
      { account: wallet, amount: -100_000 },
      { account: systemAccount('withdrawals_pending'), amount: 100_000 },
    ]);
    await tx.query(
      `INSERT INTO withdraw_requests (player_id, amount, payment_method, payout_number, hold_journal_id, created_at)
       VALUES ($1, 100000, '2', $2, $3, $4)`,
      [playerId, number, hold, now],
    );
  });
}

describe('linkReasons', () => {
  it('finds nothing between players who share nothing, whichever their own numbers', async () => {
    const a = await player();
    const b = await player();
    await save(a, nextMobile());
    await save(b, nextMobile());
    expect(await linkReasons(db, a, b, now)).toEqual([]);
  });

  it('links players who saved the same payout number, in either order', async () => {
    const a = await player();
    const b = await player();
    const shared = nextMobile();
    await save(a, shared, '1');
    await save(b, shared, '3');
    expect(await linkReasons(db, a, b, now)).toEqual([`same payout number ${shared}`]);
    expect(await linkReasons(db, b, a, now)).toEqual([`same payout number ${shared}`]);
  });

  it("links a withdrawal's number to another player's saved one", async () => {
    const a = await player();
    const b = await player();
    const shared = nextMobile();
    await withdrawTo(a, shared);
    await save(b, shared);
    expect(await linkReasons(db, a, b, now)).toEqual([`same payout number ${shared}`]);
  });

  it("links a player paying out to the other's phone", async () => {
    const a = await buildPlayer(db, { now });
    const b = await player();
    await save(b, a.mobile);
    expect(await linkReasons(db, a.id, b, now)).toEqual([
      `payout number ${a.mobile} is the other player's phone`,
    ]);
    expect(await linkReasons(db, b, a.id, now)).toEqual([
      `payout number ${a.mobile} is the other player's phone`,
    ]);
  });
});
