import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
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
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { pglite: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, {
    parsers: { [INT8]: parseInt8 },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const outer = wrap(pglite);
  return {
    engine: 'pglite',
    pglite,
    query: outer.query,
    // PGlite has one connection and serializes transactions itself; never touch the outer handle inside.
    exec: outer.exec,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () => pglite.close(),
  };
}
