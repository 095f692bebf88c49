/**
 * One small interface over both engines: PGlite (embedded, one connection) and node-postgres (a pool).
 * Hot money paths are hand-written parameterized SQL; see docs/decisions/001-sql-first-data-layer.md.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; retried on serialization failures and deadlocks. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * One SELECT that is a transaction of its own, sent in one round trip (no BEGIN, no COMMIT of its own):
   * committed when it resolves, with the notices it sent through `gama_notify()` handed to this process's
   * listeners first, as `transaction()` does; retried whole on serialization failures and deadlocks. For a
   * write that is one call (a batch of bids, decision 052). Its rows come back as the SELECT gives them.
   */
  commitOne<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel`: `notice` gets each payload sent to it by a committed transaction, from any process.
   * `state(true)` once listening, `state(false)` whenever it stops (notices sent meanwhile are lost).
   * A transaction of this process hears its own notices before `transaction()` resolves: PGlite delivers
   * them with the COMMIT; on PostgreSQL, where a LISTEN connection of its own (reconnecting when it drops)
   * hears them a moment later, those sent through `gama_notify()` are read with the COMMIT and handed over
   * at once. Resolves the returned function to stop.
   */
  listen(channel: string, handlers: ListenHandlers): () => Promise<void>;
}

export interface ListenHandlers {
  notice(payload: string): void;
  state(listening: boolean): void;
}

/** int8 columns (paise, ids, counts) come back as JS numbers, refusing anything beyond 2^53. */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} exceeds the safe integer range`);
  return n;
}

const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** PostgreSQL error code of a failed statement, if any (unique_violation is 23505, check_violation 23514). */
export function pgCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
