/**
 * Applies the numbered SQL files in ./migrations once each, in order, then the repeatable files in ./functions
 * that changed (repeatables.ts); a failure stops start-up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { migrationsDir } from '../paths.ts';
import type { Database, Queryable } from './database.ts';
import type { Repeatable } from './repeatables.ts';
import { applyRepeatables, listRepeatables, pendingRepeatables } from './repeatables.ts';

export interface Migration {
  version: string;
  sql: string;
}

export function listMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: readFileSync(migrationsDir + name, 'utf8'),
    }));
}

/** The versions not yet applied; read without a lock or a write, so a role that may not migrate can ask. */
export async function pendingMigrations(
  db: Queryable,
  migrations: readonly Migration[] = listMigrations(),
): Promise<string[]> {
  const { rows: table } = await db.query<{ found: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS found",
  );
  if (!table[0]?.found) return migrations.map((m) => m.version);
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.version));
  return migrations.map((m) => m.version).filter((v) => !applied.has(v));
}

export class PendingMigrationsError extends Error {}

/** The numbered migrations not yet applied and the repeatable files that changed, as `migrate` names them. */
export async function pendingChanges(
  db: Queryable,
  migrations: readonly Migration[] = listMigrations(),
  repeatables: readonly Repeatable[] = listRepeatables(),
): Promise<string[]> {
  return [...(await pendingMigrations(db, migrations)), ...(await pendingRepeatables(db, repeatables))];
}

/** Answers the versions applied, then the repeatable files whose text changed. */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = listMigrations(),
  repeatables: readonly Repeatable[] = listRepeatables(),
): Promise<string[]> {
  // Up to date: nothing to lock or create, so a server role without those rights starts on a migrated database.
  if ((await pendingChanges(db, migrations, repeatables)).length === 0) return [];
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      // Two processes starting together: the second waits here, then sees the row and skips.
      if (db.engine === 'postgres') await tx.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (seen.rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return [...applied, ...(await applyRepeatables(db, applied.length > 0, repeatables))];
}
