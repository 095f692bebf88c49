import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabases, E2E_SERVERS, e2eDatabaseBase } from './support/databases.ts';

const dataRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '.e2e-data');
const STALE_MS = 30 * 60_000;

/**
 * Removes this run's databases: on a PostgreSQL server those no server holds any more (support/databases.ts),
 * and the PGlite directories. The servers may still be closing while this runs, so data
 * dirs of earlier runs left behind by a crash or a late write are swept too once they are stale.
 */
export default async function globalTeardown(): Promise<void> {
  const run = process.env.GAMA_E2E_RUN;
  const pgBase = e2eDatabaseBase();
  if (pgBase && run) await dropDatabases(pgBase, run, E2E_SERVERS);
  if (run) rmSync(path.join(dataRoot, run), { recursive: true, force: true });
  let entries: string[];
  try {
    entries = readdirSync(dataRoot);
  } catch {
    return;
  }
  const now = Date.now();
  for (const entry of entries) {
    const dir = path.join(dataRoot, entry);
    try {
      if (now - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Already gone.
    }
  }
}
