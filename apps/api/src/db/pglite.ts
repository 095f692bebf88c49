import { PGlite } from '@electric-sql/pglite';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, QueryResult, Queryable } from './database.ts';
import { parseInt8 } from './database.ts';

const INT8 = 20;

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async exec(sql) {
      await q.exec(sql);
    },
    async query<T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query<T>(text, params as unknown[]);
      // PGlite reports affectedRows = 0 for a SELECT; node-postgres counts the rows returned. Match it.
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
  };
}

export interface PgliteOptions {
  /** A directory for the files; omitted means in memory. */
  dataDir?: string;
  /** A data-dir tarball to start from (a migrated template, in tests). */
  loadDataDir?: Blob | File;
  /**
   * PostgreSQL's buffer pool (`shared_buffers`, 128MB by default). PGlite zeroes the whole pool at every start,
   * about a quarter of an open's CPU: a test's small database takes a smaller one (apps/api/test/db.ts).
   */
  sharedBuffers?: string;
}

const LOCK_FILE = 'gama-server.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite allows one process per data directory; a second one corrupts it (reliability F4). The lock file is
 * created atomically; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by process ${holder}. PGlite allows one server per data directory: stop that one first, or use another DATA_DIR.`,
          { cause: error },
        );
      }
      unlinkSync(path);
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { pglite: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(options.dataDir, {
      parsers: { [INT8]: parseInt8 },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.sharedBuffers
        ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }
        : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const outer = wrap(pglite);
  return {
    engine: 'pglite',
    pglite,
    query: outer.query,
    // PGlite has one connection and serializes transactions itself; never touch the outer handle inside.
    exec: outer.exec,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    // One statement outside a transaction block is its own transaction; PGlite hands its notices to the listeners
    // with its answer, as it does a COMMIT's. One connection: it never meets a deadlock.
    commitOne: (text, params) => outer.query(text, params),
    listen(channel, handlers) {
      let stopped = false;
      const subscribed = pglite
        .listen(channel, (payload) => handlers.notice(payload))
        .then(
          (unsubscribe) => {
            if (!stopped) handlers.state(true);
            return unsubscribe;
          },
          () => undefined,
        );
      return async () => {
        stopped = true;
        handlers.state(false);
        const unsubscribe = await subscribed;
        if (!pglite.closed) await unsubscribe?.().catch(() => undefined);
      };
    },
    async close() {
      await pglite.close();
      unlock();
    },
  };
}
