/**
 * PGlite runs no autovacuum, so its planner statistics go stale as the ledger grows and plans degrade
 * (measured: a posting went from 2 ms to 200 ms on a 400,000-entry ledger). In PGlite mode the server refreshes
 * them itself: at start-up and every few minutes. A real PostgreSQL server's autovacuum does this on its own.
 */
import type { Database } from './database.ts';

const EVERY_MS = 5 * 60_000;

export function startMaintenance(db: Database, onError: (error: unknown) => void): () => void {
  if (db.engine !== 'pglite') return () => undefined;
  const analyze = () => db.exec('ANALYZE').catch(onError);
  void analyze();
  const timer = setInterval(() => void analyze(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
