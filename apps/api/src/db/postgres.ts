import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database.ts';
import { isRetryable, parseInt8 } from './database.ts';

const INT8 = 20;
const MAX_ATTEMPTS = 5;

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? parseInt8
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async exec(sql) {
      await client.query(sql);
    },
    async query<T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query({ text, values: params as unknown[], types });
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

export function openPostgres(connectionString: string, poolSize = 10): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const outer = wrap(pool);
  return {
    engine: 'postgres',
    pool,
    query: outer.query,
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          if (attempt < MAX_ATTEMPTS && isRetryable(error)) continue;
          throw error;
        } finally {
          client.release();
        }
      }
    },
    exec: outer.exec,
    close: () => pool.end(),
  };
}
