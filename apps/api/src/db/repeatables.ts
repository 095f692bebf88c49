/**
 * Repeatable SQL (decision 040), as Flyway's repeatable migrations: the files in ./functions hold the database
 * functions as the server runs them now (the ledger's posting function and trigger, the bid function, the rules
 * both languages share), one file each, so a function's history is its file's. They are applied after the
 * numbered migrations, in name order, each in a transaction of its own, and applied again when a file's text
 * changes (a SHA-256 per file in `schema_repeatables`) or when a numbered migration ran in the same run (one may
 * have replaced a function a file defines; the file has the last word). A file is `CREATE OR REPLACE` and may
 * run any number of times.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { functionsDir } from '../paths.ts';
import type { Database, Queryable } from './database.ts';

export interface Repeatable {
  name: string;
  sql: string;
  checksum: string;
}

export function listRepeatables(): Repeatable[] {
  return readdirSync(functionsDir)
    .filter((file) => /^[a-z][\w-]*\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(functionsDir + file, 'utf8');
      return {
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

/** What `pendingRepeatables` and `applyRepeatables` report for a file: its name, as the migrations' versions. */
export const repeatableLabel = (name: string): string => `functions/${name}.sql`;

/** The files whose text differs from what the database last applied; read without a lock or a write. */
export async function pendingRepeatables(
  db: Queryable,
  repeatables: readonly Repeatable[] = listRepeatables(),
): Promise<string[]> {
  const { rows: table } = await db.query<{ found: boolean }>(
    "SELECT to_regclass('schema_repeatables') IS NOT NULL AS found",
  );
  if (!table[0]?.found) return repeatables.map((r) => repeatableLabel(r.name));
  const { rows } = await db.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_repeatables',
  );
  const applied = new Map(rows.map((r) => [r.name, r.checksum]));
  return repeatables.filter((r) => applied.get(r.name) !== r.checksum).map((r) => repeatableLabel(r.name));
}

/**
 * Applies the files that changed, or all of them when `all` (a numbered migration ran before). Answers the
 * files whose text changed. Run by the schema's owner, after the numbered migrations (migrate.ts).
 */
export async function applyRepeatables(
  db: Database,
  all: boolean,
  repeatables: readonly Repeatable[] = listRepeatables(),
): Promise<string[]> {
  if (!all && (await pendingRepeatables(db, repeatables)).length === 0) return [];
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_repeatables (
       name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied: string[] = [];
  for (const repeatable of repeatables) {
    const done = await db.transaction(async (tx) => {
      // Two processes starting together take turns on the migrations' lock; the second finds the file applied.
      if (db.engine === 'postgres') await tx.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      const { rows } = await tx.query<{ checksum: string }>(
        'SELECT checksum FROM schema_repeatables WHERE name = $1',
        [repeatable.name],
      );
      const changed = rows[0]?.checksum !== repeatable.checksum;
      if (!all && !changed) return false;
      await tx.exec(repeatable.sql);
      await tx.query(
        `INSERT INTO schema_repeatables (name, checksum, applied_at) VALUES ($1, $2, now())
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = EXCLUDED.applied_at`,
        [repeatable.name, repeatable.checksum],
      );
      return changed;
    });
    if (done) applied.push(repeatableLabel(repeatable.name));
  }
  return applied;
}
