import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itOnPostgres, openTestDatabase } from '../../test/db.ts';
import type { Database } from './database.ts';

/** Waits for `check`, polling: a LISTEN connection hears things a moment after they happen. */
async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never happened');
}

describe('notices: what a committed transaction tells the listeners (PGlite and PostgreSQL)', () => {
  let db: Database;
  let listening = false;
  const heard: string[] = [];
  let stop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    db = await openTestDatabase();
    stop = db.listen('gama_wallets', {
      notice: (payload) => heard.push(payload),
      state: (up) => (listening = up),
    });
    await eventually(() => listening);
  });
  afterAll(async () => {
    await stop();
    await db.close();
  });

  /** `n` players straight into the table (each gets its wallet and debt accounts from the table's trigger). */
  async function players(n: number): Promise<number[]> {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO players (user_name, mobile, password_hash, betting_status, created_at, password_changed_at)
       SELECT 'N' || g, (7000000000 + (random() * 999999999)::bigint)::text, 'x', '1', now(), now()
         FROM generate_series(1, $1::int) g
       ON CONFLICT (mobile) DO NOTHING
       RETURNING id`,
      [n],
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /**
   * The notices that name any of `ids`. On PostgreSQL the LISTEN connection also hears every notice a moment
   * after the committing process did, so an earlier test's notice may still arrive during a later one.
   */
  const about = (ids: readonly number[]) =>
    heard.filter((payload) => payload.split(',').some((id) => ids.includes(Number(id))));

  /** One adjustment journal crediting each of `ids` 1 paisa, against the adjustments account. */
  const credit = (ids: number[]) => async (tx: Pick<Database, 'query'>) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO journals (kind, actor, note, created_at) VALUES ('adjustment', 'test', 'notice', now()) RETURNING id`,
    );
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount)
       SELECT $1::bigint, a.id, 1::bigint FROM accounts a WHERE a.kind = 'wallet' AND a.player_id = ANY($2::bigint[])
       UNION ALL
       SELECT $1::bigint, (SELECT id FROM accounts WHERE kind = 'adjustments' AND player_id IS NULL), -$3::bigint`,
      [rows[0]?.id, ids, ids.length],
    );
  };

  it('the ledger names the players whose wallets moved, once the transaction commits, and not before', async () => {
    const ids = await players(3);
    heard.length = 0;
    let heardInside = -1;
    await db.transaction(async (tx) => {
      await credit(ids)(tx);
      heardInside = about(ids).length;
    });
    // Heard by the time `transaction()` resolves: the committing process forgets before it answers. (On
    // PostgreSQL the LISTEN connection hears the same notice too, a moment later or, rarely, first.)
    expect(heardInside).toBe(0);
    expect(new Set(about(ids))).toEqual(new Set([ids.join(',')]));
  });

  /** One SELECT posting 1 paisa to each of `ids` (a journal each), as a batch of bids posts (decision 052). */
  const creditStatement = (ids: number[], amount = 1) =>
    [
      `SELECT gama_post_journals('adjustment', 'test', 'player', 'notice', now(), $1::bigint[],
                                 ARRAY(SELECT (g + 1) / 2 FROM generate_series(1, 2 * cardinality($1::bigint[])) g),
                                 ARRAY(SELECT CASE WHEN g % 2 = 1 THEN a.id END
                                         FROM generate_series(1, 2 * cardinality($1::bigint[])) g
                                         JOIN accounts a ON a.kind = 'wallet' AND a.player_id = ($1::bigint[])[(g + 1) / 2]
                                        ORDER BY g),
                                 ARRAY(SELECT CASE WHEN g % 2 = 0 THEN 'adjustments' END
                                         FROM generate_series(1, 2 * cardinality($1::bigint[])) g),
                                 ARRAY(SELECT CASE WHEN g % 2 = 1 THEN $2::bigint ELSE -1 END
                                         FROM generate_series(1, 2 * cardinality($1::bigint[])) g)) AS journals`,
      [ids, amount],
    ] as const;

  it('a statement that is its own transaction (commitOne) names its players before it resolves', async () => {
    const ids = await players(2);
    heard.length = 0;
    const { rows } = await db.commitOne<{ journals: number[] }>(...creditStatement(ids));
    // Its rows are the SELECT's own, and it committed: another connection sees the money.
    expect(Object.keys(rows[0] ?? {})).toEqual(['journals']);
    expect(rows[0]?.journals).toHaveLength(2);
    expect(new Set(about(ids))).toEqual(new Set([ids.join(',')]));
    const { rows: wallets } = await db.query<{ balance: number }>(
      `SELECT balance FROM accounts WHERE kind = 'wallet' AND player_id = ANY($1::bigint[])`,
      [ids],
    );
    expect(wallets.map((w) => w.balance)).toEqual([1, 1]);
  });

  it('a statement that fails (commitOne) writes nothing and tells nobody', async () => {
    const ids = await players(1);
    heard.length = 0;
    // Its journal does not balance (2 paise in, 1 out): the ledger's trigger refuses the statement.
    await expect(db.commitOne(...creditStatement(ids, 2))).rejects.toThrow(/does not balance/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(about(ids)).toEqual([]);
    const { rows } = await db.query<{ balance: number }>(
      `SELECT balance FROM accounts WHERE kind = 'wallet' AND player_id = $1`,
      [ids[0]],
    );
    expect(rows[0]?.balance).toBe(0);
  });

  it('a rolled-back transaction tells nobody', async () => {
    const ids = await players(1);
    heard.length = 0;
    await expect(
      db.transaction(async (tx) => {
        await credit(ids)(tx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(about(ids)).toEqual([]);
  });

  it('a settlement-sized statement names its players 500 to a notice (a payload must stay under 8,000 bytes)', async () => {
    const ids = await players(1_100);
    heard.length = 0;
    await db.transaction(credit(ids));
    const notices = [...new Set(about(ids))];
    expect(notices.map((payload) => payload.split(',').length)).toEqual([500, 500, ids.length - 1_000]);
    expect(notices.flatMap((payload) => payload.split(',').map(Number))).toEqual(ids);
  });

  itOnPostgres(
    'on PostgreSQL the committing process hears its notices even while its LISTEN connection is down',
    async () => {
      const ids = await players(1);
      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      await eventually(() => !listening);
      heard.length = 0;
      // The LISTEN connection comes back only after a reconnect delay: this notice can only come from the COMMIT.
      await db.transaction(credit(ids));
      expect(about(ids)).toEqual([String(ids[0])]);
      // And from a statement that is its own transaction, read with its row.
      heard.length = 0;
      await db.commitOne(...creditStatement(ids));
      expect(about(ids)).toEqual([String(ids[0])]);
      await eventually(() => listening);
    },
  );
});
