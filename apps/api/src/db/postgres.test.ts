import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { engine, openTestDatabase } from '../../test/db.ts';

describe.skipIf(engine !== 'postgres')('node-postgres connections', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('prepares parameterized statements once per connection and plans each call with its values', async () => {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) {
        expect((await tx.query<{ n: number }>('SELECT $1::int + 1 AS n', [i])).rows).toEqual([{ n: i + 1 }]);
      }
      const { rows } = await tx.query<{ statement: string }>(
        `SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + 1%'`,
      );
      expect(rows).toHaveLength(1);
      const mode = await tx.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
      expect(mode.rows[0]?.plan_cache_mode).toBe('force_custom_plan');
    });
  });
});
