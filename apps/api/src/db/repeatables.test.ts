import { describe, expect, it } from 'vitest';
import { suiteDatabase } from '../../test/db.ts';
import { listMigrations, migrate } from './migrate.ts';
import { listRepeatables, pendingRepeatables } from './repeatables.ts';

describe('repeatable SQL files (db/functions)', () => {
  const db = suiteDatabase();

  const payoutOf = async () =>
    (await db.query<{ paise: number }>('SELECT gama_payout(10, 10, 95) AS paise')).rows[0]?.paise;

  it('are applied after the migrations, each recorded with the checksum of its text', async () => {
    const files = listRepeatables();
    expect(files.map((f) => f.name)).toEqual(['place_bid', 'post_entries', 'post_journals', 'rules']);
    const { rows } = await db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_repeatables ORDER BY name',
    );
    expect(rows).toEqual(files.map((f) => ({ name: f.name, checksum: f.checksum })));
    expect(await pendingRepeatables(db)).toEqual([]);
    // The database runs the files' functions, not the migrations' last versions of them.
    const { rows: bodies } = await db.query<{ name: string; body: string }>(
      `SELECT proname AS name, prosrc AS body FROM pg_proc
        WHERE proname IN ('gama_place_bid', 'gama_place_bids', 'gama_judge_bid', 'gama_write_bids_gathered',
                          'post_entries', 'gama_post_journals') ORDER BY proname`,
    );
    for (const { name, body } of bodies) {
      const file = files.find((f) => f.sql.includes(`FUNCTION ${name}(`));
      expect(file?.sql, name).toContain(body.trim().split('\n').slice(0, 3).join('\n'));
    }
    expect(bodies.map((b) => b.name)).toHaveLength(6);
    // One overload each: a second signature left behind by a change would make calls ambiguous.
    // The single call and the batch judge through one function and write through another, which posts its
    // journals through the ledger's one entry point.
    for (const name of ['gama_place_bid', 'gama_place_bids']) {
      expect(bodies.find((b) => b.name === name)?.body, name).toContain('gama_judge_bid(');
      expect(bodies.find((b) => b.name === name)?.body, name).toContain('gama_write_bids_gathered(');
    }
    expect(bodies.find((b) => b.name === 'gama_write_bids_gathered')?.body).toContain('gama_post_journals(');
    expect(bodies.find((b) => b.name === 'gama_judge_bid')?.body).not.toMatch(
      /INSERT INTO (bids|journals|entries)/,
    );
  });

  it('apply a file again when its text changes, and only then', async () => {
    const changed = listRepeatables().map((f) =>
      f.name === 'rules'
        ? {
            ...f,
            sql: `${f.sql}\nCOMMENT ON FUNCTION gama_payout(bigint, integer, integer) IS 'changed';\n`,
            checksum: `${f.checksum}-changed`,
          }
        : f,
    );
    expect(await pendingRepeatables(db, changed)).toEqual(['functions/rules.sql']);
    expect(await migrate(db, listMigrations(), changed)).toEqual(['functions/rules.sql']);
    expect(await migrate(db, listMigrations(), changed)).toEqual([]);
    const { rows } = await db.query<{ note: string }>(
      `SELECT obj_description('gama_payout(bigint, integer, integer)'::regprocedure, 'pg_proc') AS note`,
    );
    expect(rows[0]?.note).toBe('changed');
    // Back to the files as they are: the recorded checksum follows.
    expect(await migrate(db)).toEqual(['functions/rules.sql']);
    expect(await pendingRepeatables(db)).toEqual([]);
  });

  it('have the last word over a numbered migration that replaces one of their functions', async () => {
    const later = [
      ...listMigrations(),
      {
        version: '9997_replaces_a_function',
        sql: `CREATE OR REPLACE FUNCTION gama_payout(p_points bigint, p_val_1 integer, p_val_2 integer)
                RETURNS bigint LANGUAGE sql IMMUTABLE AS 'SELECT 0::bigint'`,
      },
    ];
    expect(await payoutOf()).toBe(9_500);
    // No file's text changed, so none is reported, but every one was applied again after the migration.
    expect(await migrate(db, later)).toEqual(['9997_replaces_a_function']);
    expect(await payoutOf()).toBe(9_500);
  });
});
