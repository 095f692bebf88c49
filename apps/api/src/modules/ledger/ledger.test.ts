import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { expectLedgerClean, fund, operatorToken } from '../../../test/money.ts';
import { pgCode } from '../../db/database.ts';
import { systemAccount } from './accounts.ts';
import { InsufficientFunds, postJournal } from './post.ts';
import { verifyLedger } from './verify.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t.close();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
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
