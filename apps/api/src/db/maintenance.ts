/**
 * PGlite runs no autovacuum, so its planner statistics go stale as the ledger grows and plans degrade
 * (measured: a posting went from 2 ms to 200 ms on a 400,000-entry ledger), and its BRIN indexes never learn
 * what the newest pages hold (a range not summarized is read by every query). In PGlite mode the server does both
 * itself: at start-up and every few minutes. A real PostgreSQL server's autovacuum does this on its own.
 */
import type { Database } from './database.ts';
import { runEvery, type OnError } from '../lib/every.ts';

const EVERY_MS = 5 * 60_000;

export const MAINTENANCE_SQL = `ANALYZE;
  SELECT brin_summarize_new_values(c.oid) FROM pg_class c JOIN pg_am am ON am.oid = c.relam
   WHERE am.amname = 'brin' AND c.relkind = 'i'`;

export function startMaintenance(db: Database, onError: OnError): () => void {
  if (db.engine !== 'pglite') return () => undefined;
  return runEvery(EVERY_MS, () => db.exec(MAINTENANCE_SQL), onError);
}
