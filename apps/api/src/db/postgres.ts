import pg from 'pg';
import type { Database, ListenHandlers, QueryResult, Queryable } from './database.ts';
import { isRetryable, parseInt8 } from './database.ts';
import type { PoolWaits } from '../lib/metrics.ts';

const INT8 = 20;
const MAX_ATTEMPTS = 5;

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? parseInt8
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * How parameterized statements reach the server (DATABASE_STATEMENTS):
 * - `prepared`: named prepared statements. Each connection parses and plans a statement once instead of on every
 *   call (the hot paths repeat a handful of texts). Needs a client to keep its server connection: PostgreSQL
 *   itself, or a pooler in session mode.
 * - `unnamed`: the unnamed statement, parsed and planned with its values on every call. What a pooler in
 *   transaction mode needs (PgBouncer before 1.21 knows nothing of named statements: the next transaction may
 *   run on a server connection that never saw the name, or one that already has it).
 */
export type StatementMode = 'prepared' | 'unnamed';

export interface PostgresOptions {
  /** Connections of this process's pool. */
  poolSize?: number;
  statements?: StatementMode;
  /**
   * Where LISTEN connects: a LISTEN lives as long as its session, which a pooler in transaction mode does not
   * keep, so behind one this is the server's own address (DATABASE_DIRECT_URL). Defaults to the pool's address.
   */
  listenUrl?: string;
  /** How long a call waits for a connection (a free one of the pool, or a new one) before it is answered 503. */
  connectTimeoutMs?: number;
}

/**
 * A call never waits on the database indefinitely: during a failover, or with the server's machine gone, a new
 * connection may hang until TCP gives up (minutes). Five seconds is longer than a healthy pool under load ever
 * waits (docs/performance.md) and short enough that the player is told to try again rather than left spinning.
 * Connections already open to a node that dies are closed by HAProxy (`on-marked-down shutdown-sessions`,
 * deploy/haproxy) or the server's end, which fails their query at once.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The texts are fixed SQL with parameters, so the set of named statements is small; past MAX_NAMED distinct texts
 * (something building SQL from data), the rest run unnamed rather than grow every connection's cache without bound.
 */
const MAX_NAMED = 1_000;
const statementNames = new Map<string, string>();

/**
 * Prepared statements still plan each call with its own values, as unnamed ones do: the default may switch to a
 * generic plan after five calls, which can be far worse on skewed data (one market's many bids). Set once per
 * connection, when it opens: a session setting, sound only where the session is this client's (prepared mode).
 * Not a startup `options` parameter, which PgBouncer refuses ("unsupported startup parameter").
 */
const CUSTOM_PLANS = 'SET plan_cache_mode = force_custom_plan';

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `gama_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

function wrap(client: pg.Pool | pg.PoolClient, mode: StatementMode): Queryable {
  return {
    async exec(sql) {
      await client.query(sql);
    },
    async query<T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      // Without parameters a text may hold several statements, which only the simple protocol runs.
      const name = mode === 'prepared' && params.length > 0 ? statementName(text) : undefined;
      const result = await client.query({
        text,
        values: params as unknown[],
        types,
        ...(name === undefined ? {} : { name }),
      });
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

/**
 * Commits, reading in the same round trip the notices the transaction sent through `gama_notify()` (migration
 * 0008), which PostgreSQL delivers to LISTEN connections only: this process hears them before it answers.
 * A transaction left aborted by a swallowed error now fails here instead of COMMIT quietly rolling it back.
 */
async function commitReadingNotices(client: pg.PoolClient): Promise<string> {
  const results = (await client.query(
    "SELECT current_setting('gama.notices', true) AS notices; COMMIT",
  )) as unknown as Array<pg.QueryResult<{ notices: string | null }>>;
  return results[0]?.rows[0]?.notices ?? '';
}

/** Hands each `channel:payload` line to this process's listeners of that channel. */
function deliverLocally(notices: string, local: Map<string, Set<ListenHandlers>>): void {
  for (const line of notices.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    for (const handlers of local.get(line.slice(0, colon)) ?? []) handlers.notice(line.slice(colon + 1));
  }
}

const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 10_000;

/** A LISTEN connection that comes back after losing the server; see `Database.listen`. */
function listener(connectionString: string, channel: string, handlers: ListenHandlers): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  const lost = (from: pg.Client) => {
    if (client !== from) return;
    client = undefined;
    handlers.state(false);
    from.end().catch(() => undefined);
    if (!stopped) {
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    }
  };
  const connect = () => {
    const c = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '');
    });
    c.connect()
      .then(() => c.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client !== c || stopped) return;
        delay = RECONNECT_MIN_MS;
        handlers.state(true);
      })
      .catch(() => lost(c));
  };
  connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    handlers.state(false);
    await c?.end().catch(() => undefined);
  };
}

function ignoreHeldClientError(): void {}

export function openPostgres(
  connectionString: string,
  options: PostgresOptions | number = {},
): Database & { pool: pg.Pool; poolWaits: PoolWaits; statements: StatementMode } {
  const {
    poolSize = 10,
    statements = 'prepared',
    listenUrl = connectionString,
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
  } = typeof options === 'number' ? { poolSize: options } : options;
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    // Lets the kernel find a peer that vanished without a word (a machine powered off) on an idle connection.
    keepAlive: true,
    // Awaited by the pool before it hands the new connection out.
    ...(statements === 'prepared'
      ? { onConnect: (client: pg.ClientBase) => client.query(CUSTOM_PLANS) }
      : {}),
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const outer = wrap(pool, statements);
  const local = new Map<string, Set<ListenHandlers>>();
  // Read by the metrics (lib/metrics.ts); plain numbers so the driver does not depend on the metrics library.
  const poolWaits: PoolWaits = { acquired: 0, waited: 0, waitSeconds: 0 };
  return {
    engine: 'postgres',
    pool,
    poolWaits,
    statements,
    query: outer.query,
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        const full = pool.idleCount === 0 && pool.totalCount >= poolSize;
        const asked = full ? performance.now() : 0;
        const client = await pool.connect();
        // The pool listens for errors of idle clients only. A held one whose server goes away between two
        // statements (a failover, a restart) emits 'error', which unheard would end the process; the statement
        // that follows fails with it instead, and the broken client is dropped when released.
        client.on('error', ignoreHeldClientError);
        poolWaits.acquired++;
        if (full) {
          poolWaits.waited++;
          poolWaits.waitSeconds += (performance.now() - asked) / 1000;
        }
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client, statements));
          const notices = await commitReadingNotices(client);
          if (notices !== '') deliverLocally(notices, local);
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          if (attempt < MAX_ATTEMPTS && isRetryable(error)) continue;
          throw error;
        } finally {
          client.off('error', ignoreHeldClientError);
          client.release();
        }
      }
    },
    async commitOne<T>(text: string, params: readonly unknown[] = []) {
      // The notices are read in the same statement, after the SELECT's row is made: the CTE's row is fetched
      // before the outer target list (and so current_setting) is evaluated.
      const wrapped = `WITH q AS MATERIALIZED (${text}) SELECT q.*, current_setting('gama.notices', true) AS gama_notices FROM q`;
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await outer.query<T & { gama_notices?: string | null }>(wrapped, params);
          const notices = result.rows.at(-1)?.gama_notices ?? '';
          for (const row of result.rows) delete row.gama_notices;
          if (notices !== '') deliverLocally(notices, local);
          return result as QueryResult<T>;
        } catch (error) {
          if (attempt < MAX_ATTEMPTS && isRetryable(error)) continue;
          throw error;
        }
      }
    },
    exec: outer.exec,
    close: () => pool.end(),
    listen(channel, handlers) {
      let set = local.get(channel);
      if (!set) local.set(channel, (set = new Set()));
      set.add(handlers);
      const stop = listener(listenUrl, channel, handlers);
      return async () => {
        local.get(channel)?.delete(handlers);
        await stop();
      };
    },
  };
}
