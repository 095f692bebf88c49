/** Where the migrated template databases live; shared by the global setup and the per-file helper. */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listMigrations } from '../src/db/migrate.ts';
import { listRepeatables } from '../src/db/repeatables.ts';

export function migrationsHash(): string {
  const h = createHash('sha256');
  for (const m of listMigrations()) h.update(m.version).update(m.sql);
  for (const r of listRepeatables()) h.update(r.name).update(r.sql);
  return h.digest('hex').slice(0, 12);
}

export function pgliteTemplatePath(): string {
  return join(tmpdir(), `gama-pglite-template-${migrationsHash()}-slim.tar`);
}

export function postgresTemplateName(): string {
  return `gama_tpl_${migrationsHash()}`;
}

/**
 * A test database's commits return without waiting for the WAL to reach the disk (`synchronous_commit = off` for
 * every session in it): what a commit makes visible, and every lock, is the same; only a crash of the PostgreSQL
 * server itself could lose the last commits, and no test crashes the shared server (the failover and restore
 * tests run clusters of their own, with the deployed settings). The flushes were about a tenth of the PostgreSQL
 * project's CPU (195 against 174 CPU-s, Vitest's PostgreSQL files alone, session 25).
 */
export const commitsWithoutFlush = (database: string) =>
  `ALTER DATABASE ${database} SET synchronous_commit = off`;

/** The same server as TEST_DATABASE_URL, another database on it. */
export function postgresUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
