/** A fresh, migrated database per test file, on the engine this Vitest project runs against. */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { commitsWithoutFlush, pgliteTemplatePath, postgresTemplateName, postgresUrlFor } from './template.ts';

export type Engine = 'pglite' | 'postgres';

export const engine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A test of PostgreSQL's own behaviour (a LISTEN connection dropping, two transactions deadlocking) in a file that
 * runs on both engines. It is registered on PostgreSQL only, where it runs; PGlite has one connection and runs one
 * transaction at a time, so there is nothing of the kind to test and the test does not exist there, as a
 * `postgresOnly` file does not (engines.ts), rather than being reported as a skipped test.
 */
export function itOnPostgres(name: string, fn: () => Promise<void>): void {
  if (engine === 'postgres') it(name, fn);
}

/** The template's archive, read once per worker (the files of a worker share one module graph). */
let template: Blob | undefined;

export async function openTestDatabase(): Promise<Database> {
  if (engine === 'pglite') {
    template ??= new Blob([readFileSync(pgliteTemplatePath())]);
    // A test's database is a few megabytes: a 32 MB pool holds it whole, and PGlite zeroes 128 MB at every open
    // (0.50 against 0.39 CPU-s an open, 75 files a run).
    return openPglite({ loadDataDir: template, sharedBuffers: '32MB' });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `gama_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName()}`);
  await admin.query(commitsWithoutFlush(name));
  await admin.end();
  // The product answers 503 after 5 s without a connection (db/postgres.ts), a limit for a healthy server. A test
  // machine at load 15 on two cores is no such server: eighty racing lookups on one advisory lock, each waiting
  // for one of twelve connections, failed so in CI (session 23). The tests that prove the 503 open pools of their
  // own (http/unavailable.test.ts); here the wait only decides how long a stuck test takes to be reported.
  const db = openPostgres(postgresUrlFor(base, name), { poolSize: 12, connectTimeoutMs: 60_000 });
  const close = db.close;
  return {
    ...db,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A suite's database, opened in its `beforeAll` and closed in its `afterAll` (as `suiteApp` does for an app):
 * what it answers stands for the database from then on, and throws when used while the file is collected.
 */
export function suiteDatabase(): Database {
  let opened: Database | undefined;
  const current = (): Database => {
    if (opened === undefined)
      throw new Error('the suite database is used before its beforeAll has opened it');
    return opened;
  };
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return new Proxy({} as Database, {
    get: (_, key) => {
      const value: unknown = Reflect.get(current(), key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current()) : value;
    },
  });
}
