import { describe, expect, it } from 'vitest';
import { openPostgres } from './postgres.ts';
import { engine, suiteDatabase } from '../../test/db.ts';
import { postgresUrlFor } from '../../test/template.ts';

describe.skipIf(engine !== 'postgres')('node-postgres connections', () => {
  const db = suiteDatabase();

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

  it('in unnamed mode (for a pooler in transaction mode) prepares nothing and sets nothing on the session', async () => {
    const { rows: named } = await db.query<{ name: string }>('SELECT current_database() AS name');
    const url = postgresUrlFor(process.env.TEST_DATABASE_URL ?? '', named[0]?.name ?? '');
    const unnamed = openPostgres(url, { poolSize: 1, statements: 'unnamed' });
    try {
      await unnamed.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          expect((await tx.query<{ n: number }>('SELECT $1::int + 2 AS n', [i])).rows).toEqual([
            { n: i + 2 },
          ]);
        }
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_prepared_statements',
        );
        expect(rows).toEqual([{ n: 0 }]);
        const mode = await tx.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
        expect(mode.rows[0]?.plan_cache_mode).toBe('auto');
      });
    } finally {
      await unnamed.close();
    }
  });
});
