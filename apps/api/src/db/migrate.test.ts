import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db.ts';
import { listMigrations, migrate } from './migrate.ts';

describe('migrations', () => {
  it('apply nothing the second time (a restart on an existing data dir)', async () => {
    const db = await openTestDatabase();
    try {
      expect(listMigrations().length).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual([]);
      expect(await migrate(db)).toEqual([]);
      const { rows, rowCount } = await db.query('SELECT version FROM schema_migrations');
      expect(rowCount).toBe(listMigrations().length);
      expect(rows).toHaveLength(listMigrations().length);
    } finally {
      await db.close();
    }
  });
});
