/**
 * The e2e servers' databases on a PostgreSQL server, when the suite has one (TEST_DATABASE_URL, as `.ci/run`
 * gives it): one empty database per server and run, which the server migrates and seeds at start as production
 * does. The four servers then skip migrating four PGlite folders, about 28 CPU-seconds of a run on two cores
 * (docs/testing.md, session 21). `GAMA_E2E_ENGINE=pglite` keeps them on PGlite folders, as a run without a
 * server does; the embedded engine's own API suite runs in Vitest either way.
 */
import pg from 'pg';
import { processAlive } from './stale-servers.ts';

const PREFIX = 'gama_e2e_';

/** The suite's four servers (playwright.config.ts), each with a database or a PGlite folder of its own. */
export const E2E_SERVERS = ['betting-on', 'betting-off', 'clock', 'draws'] as const;
export type E2eServer = (typeof E2E_SERVERS)[number];

/** The PostgreSQL server the e2e servers use, if any. */
export function e2eDatabaseBase(): string | undefined {
  if (process.env.GAMA_E2E_ENGINE === 'pglite') return undefined;
  return process.env.TEST_DATABASE_URL || undefined;
}

/** `gama_e2e_<run>_<server>` in the characters an unquoted identifier takes; the run is `<ms>-<runner pid>`. */
export function databaseName(run: string, server: string): string {
  return `${PREFIX}${run}_${server}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
}

/** The same server as `base`, another database on it. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(base: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * This run's databases, made empty; first, the databases of runs whose runner is gone (a run's own teardown
 * cannot drop them while its servers are still closing, and a killed run has no teardown).
 */
export async function createDatabases(base: string, run: string, servers: readonly string[]): Promise<void> {
  await withAdmin(base, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [PREFIX],
    );
    for (const { datname } of rows) {
      const pid = Number(/^gama_e2e_\d+_(\d+)_/.exec(datname)?.[1]);
      if (Number.isInteger(pid) && !processAlive(pid))
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    for (const server of servers) {
      const name = databaseName(run, server);
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
      // As Vitest's test databases (apps/api/test/template.ts): commits do not wait for the disk; visibility and
      // locks are the same, and nothing here crashes the PostgreSQL server.
      await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    }
  });
}

/**
 * This run's databases, where no server holds them any more: a database a server still has open is left for
 * the next run to drop (above), rather than cut from under a server that is still closing.
 */
export async function dropDatabases(base: string, run: string, servers: readonly string[]): Promise<void> {
  await withAdmin(base, async (client) => {
    for (const server of servers) {
      await client.query(`DROP DATABASE IF EXISTS ${databaseName(run, server)}`).catch(() => undefined);
    }
  });
}
