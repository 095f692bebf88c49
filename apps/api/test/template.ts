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

/** The same server as TEST_DATABASE_URL, another database on it. */
export function postgresUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
