import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database.ts';
import { createTestApp, suiteApp } from '../../../test/helpers.ts';
import { expectLedgerClean, fund, operatorToken } from '../../../test/money.ts';
import { pgCode } from '../../db/database.ts';
import { seedMarket } from '../../seed/markets.ts';
import { systemAccount } from './accounts.ts';
import { InsufficientFunds, postJournal } from './post.ts';
import { verifyLedger } from './verify.ts';

let op: string;
const t = suiteApp({ ledger: true }, async () => {
  op = await operatorToken(t);
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A player funded with 500 points, a new market, the player's wallet account and the clock's UTC date. */
async function fundedPlayerAndMarket(marketName: string) {
  const p = await t.player();
  await fund(t, p, op, 500);
  const market = await seedMarket(t.db, { name: marketName });
  const wallet = (
    await t.db.query<{ id: number }>(`SELECT id FROM accounts WHERE player_id = $1 AND kind = 'wallet'`, [
      p.id,
    ])
  ).rows[0]?.id;
  return { p, market, wallet, day: t.clock.now().toISOString().slice(0, 10) };
}

describe('the database guards the ledger', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on entries and journals (L8)', async () => {
    const p = await t.player();
    await fund(t, p, op, 500);
    for (const sql of [
      'UPDATE entries SET amount = amount * 2',
      'DELETE FROM entries',
      'TRUNCATE entries',
      `UPDATE journals SET note = 'changed'`,
      'DELETE FROM journals',
    ]) {
      const error = await failure(t.db.query(sql));
      expect(pgCode(error)).toBe('55000');
    }
    await expectLedgerClean(t);
  });

  it('entries and bid rows name a journal, account, player and market that exist, and those stay (0032)', async () => {
    const { p, market, wallet, day } = await fundedPlayerAndMarket('NAMED BAZAR');
    const rolledBack = new Error('rolled back');
    /** Runs `steps` in a transaction that a bid of 10 points was just written in, then undoes it all. */
    const withBid = (steps: (tx: Queryable, journal: number) => Promise<void>) =>
      failure(
        t.db.transaction(async (tx) => {
          const journal = await postJournal(
            tx,
            { kind: 'bid', actor: `player:${p.id}`, note: 'Bid', at: t.clock.now() },
            [
              { account: wallet ?? 0, amount: -1_000 },
              { account: systemAccount('house'), amount: 1_000 },
            ],
          );
          await steps(tx, journal);
          throw rolledBack;
        }),
      );
    const bid = (tx: Queryable, player: number, marketId: number, journal: number) =>
      tx.query(
        `INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits,
                           close_digits, points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
         VALUES ($1, $2, 'main', $3::date, 'single_digit', 'Single Digit', 'open', '5', '', 10, 1000,
                 'single_digit', 10, 95, $4, $5)`,
        [player, marketId, day, journal, t.clock.now()],
      );
    // A bid row naming no player, no market or no journal is refused; one naming all three is taken.
    for (const [player, marketId, journal] of [
      [999_999_999, market, 0],
      [p.id, 999_999_999, 0],
      [p.id, market, 999_999_999],
    ] as const) {
      const error = await withBid(async (tx, j) => {
        await bid(tx, player, marketId, journal === 0 ? j : journal);
      });
      expect(pgCode(error), `${player}/${marketId}/${journal}`).toBe('23503');
    }
    // What a bid names cannot be deleted, nor can an account that entries name.
    for (const sql of [
      `DELETE FROM markets WHERE id = ${market}`,
      `DELETE FROM players WHERE id = ${p.id}`,
      `DELETE FROM accounts WHERE id = ${wallet}`,
    ]) {
      const error = await withBid(async (tx, j) => {
        await bid(tx, p.id, market, j);
        await tx.query(sql);
      });
      expect(pgCode(error), sql).toBe('23503');
    }
    expect(await withBid(async (tx, j) => void (await bid(tx, p.id, market, j)))).toBe(rolledBack);
    // Entries naming no journal, or no account, are refused.
    for (const entries of [
      `(999999999, ${wallet}, 100), (999999999, ${systemAccount('house')}, -100)`,
      `($1, 999999999, 100), ($1, ${systemAccount('house')}, -100)`,
    ]) {
      const error = await withBid(async (tx, j) => {
        await tx.query(
          `INSERT INTO entries (journal_id, account_id, amount) VALUES ${entries}`,
          entries.includes('$1') ? [j] : [],
        );
      });
      expect(pgCode(error), entries).toBe('23503');
    }
    await expectLedgerClean(t);
  });

  it('keeps every value rule of the ledger, bid and key columns, now domains, and the accounts shape (0033)', async () => {
    const { p, market, wallet, day } = await fundedPlayerAndMarket('DOMAIN BAZAR');
    const rolledBack = new Error('rolled back');
    const inTransaction = (steps: (tx: Queryable) => Promise<void>) =>
      failure(
        t.db.transaction(async (tx) => {
          await steps(tx);
          throw rolledBack;
        }),
      );
    /** A bid of 10 points with one column's value replaced; the journal is written first and rolled back. */
    const bidWith = (column: string, value: string) =>
      inTransaction(async (tx) => {
        const journal = await postJournal(
          tx,
          { kind: 'bid', actor: `player:${p.id}`, note: 'Bid', at: t.clock.now() },
          [
            { account: wallet ?? 0, amount: -1_000 },
            { account: systemAccount('house'), amount: 1_000 },
          ],
        );
        const values: Record<string, string> = {
          digits: `'5'`,
          close_digits: `''`,
          points: '10',
          amount: '1000',
          rate_val_1: '10',
          rate_val_2: '95',
          [column]: value,
        };
        await tx.query(
          `INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits,
                             close_digits, points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
           VALUES ($1, $2, 'main', $3::date, 'single_digit', 'Single Digit', 'open', ${values.digits},
                   ${values.close_digits}, ${values.points}, ${values.amount}, 'single_digit', ${values.rate_val_1},
                   ${values.rate_val_2}, $4, $5)`,
          [p.id, market, day, journal, t.clock.now()],
        );
      });
    for (const [column, value] of [
      ['digits', `'12a'`],
      ['digits', `''`],
      ['close_digits', `'1234'`],
      ['points', '0'],
      ['amount', '999'],
      ['rate_val_1', '0'],
      ['rate_val_2', '-1'],
    ] as const) {
      expect(pgCode(await bidWith(column, value)), `${column} = ${value}`).toBe('23514');
    }
    // The same slip with every value in range is taken, so the refusals above are the values' own.
    expect(await bidWith('digits', `'123'`)).toBe(rolledBack);

    for (const sql of [
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at) VALUES ('gift', 'system', 'player', 1, 'x', now())`,
      `INSERT INTO accounts (kind, player_id, balance) VALUES ('savings', NULL, NULL)`,
      // A player's account with no cached balance, a system account with one, a wallet with no player.
      `INSERT INTO accounts (kind, player_id, balance) VALUES ('wallet', NULL, 0)`,
      `UPDATE accounts SET balance = NULL WHERE id = ${wallet}`,
      `UPDATE accounts SET balance = 0 WHERE kind = 'house'`,
      `INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, created_at) VALUES ('s', 'short', 'e', '\\x00', now())`,
      `INSERT INTO entries (journal_id, account_id, amount) SELECT max(id), ${wallet}, 0 FROM journals`,
    ]) {
      expect(pgCode(await inTransaction(async (tx) => void (await tx.query(sql)))), sql).toBe('23514');
    }
    // The wallet's balance still moves, and the database's own refusal of an overdraft keeps its name (L3).
    expect(
      await inTransaction(
        async (tx) => void (await tx.query(`UPDATE accounts SET balance = 7 WHERE id = ${wallet}`)),
      ),
    ).toBe(rolledBack);
    const overdraft = await inTransaction(
      async (tx) => void (await tx.query(`UPDATE accounts SET balance = -1 WHERE id = ${wallet}`)),
    );
    expect(String((overdraft as Error).message)).toContain('wallet_not_negative');
    await expectLedgerClean(t);
  });

  it('refuses a journal that does not balance', async () => {
    const p = await t.player();
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM accounts WHERE player_id = $1 AND kind = 'wallet'`,
      [p.id],
    );
    const error = await failure(
      t.db.transaction((tx) =>
        postJournal(tx, { kind: 'adjustment', actor: 'system', note: 'bad', at: t.clock.now() }, [
          { account: rows[0]?.id ?? 0, amount: 100 },
          { account: systemAccount('adjustments'), amount: -99 },
        ]),
      ),
    );
    expect(String(error)).toMatch(/does not balance/);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses any overdraft, even one written straight in SQL (L3)', async () => {
    const p = await t.player();
    await fund(t, p, op, 100);
    const wallet = (
      await t.db.query<{ id: number }>(`SELECT id FROM accounts WHERE player_id = $1 AND kind = 'wallet'`, [
        p.id,
      ])
    ).rows[0]?.id;
    const error = await failure(
      t.db.transaction((tx) =>
        postJournal(tx, { kind: 'adjustment', actor: 'system', note: 'overdraw', at: t.clock.now() }, [
          { account: wallet ?? 0, amount: -10_001 },
          { account: systemAccount('adjustments'), amount: 10_001 },
        ]),
      ),
    );
    expect(error).toBeInstanceOf(InsufficientFunds);
    const raw = await failure(t.db.query('UPDATE accounts SET balance = -1 WHERE id = $1', [wallet]));
    expect(pgCode(raw)).toBe('23514');
    const { rows } = await t.db.query<{ balance: number }>('SELECT balance FROM accounts WHERE id = $1', [
      wallet,
    ]);
    expect(rows[0]?.balance).toBe(10_000);
  });

  it('reports a tampered cached balance (I3)', async () => {
    const scratch = await createTestApp();
    try {
      const p = await scratch.player();
      await scratch.db.query(`UPDATE accounts SET balance = 5 WHERE player_id = $1 AND kind = 'wallet'`, [
        p.id,
      ]);
      const violations = await verifyLedger(scratch.db);
      expect(violations.map((v) => v.invariant)).toEqual(['I3']);
    } finally {
      await scratch.close();
    }
  });
});
