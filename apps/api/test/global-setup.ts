/**
 * Builds the server's bundle (scripts/bundle.ts) and migrates once per run: a PGlite data-dir tarball, and a template database on PostgreSQL when
 * TEST_DATABASE_URL is set. Each test file then starts from a copy in well under a second. First it stops the
 * clusters a killed run left behind (stale-clusters.ts), whose processes would hold the failover test's fixed
 * ports.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { bundleServer } from '../scripts/bundle.ts';
import { stopStaleClusters } from './stale-clusters.ts';
import { tarWithout } from './tar-without.ts';
import { pgliteTemplatePath, postgresTemplateName, postgresUrlFor } from './template.ts';

async function preparePglite(): Promise<void> {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return;
  const db = await openPglite();
  await migrate(db);
  const { rows } = await db.query<{ oid: string }>(
    'SELECT oid::text FROM pg_database WHERE datname <> current_database()',
  );
  const dump = await db.pglite.dumpDataDir('none');
  await db.close();
  const tmp = `${path}.${process.pid}`;
  const others = rows.map((row) => `base/${row.oid}`);
  writeFileSync(tmp, tarWithout(Buffer.from(await dump.arrayBuffer()), others));
  renameSync(tmp, path);
}

async function preparePostgres(base: string): Promise<void> {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const db = openPostgres(postgresUrlFor(base, building), 2);
    await migrate(db);
    await db.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<void> {
  for (const line of stopStaleClusters()) console.warn(`stale test cluster left by a killed run: ${line}`);
  // The child servers run the bundle as production does; built here too, so `npx vitest` alone has it.
  await bundleServer();
  await preparePglite();
  const base = process.env.TEST_DATABASE_URL;
  if (base) await preparePostgres(base);
}
