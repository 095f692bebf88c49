/**
 * `npm run backup` / `npm run restore` for the embedded database's data directory. PGlite lets one process open
 * a directory, and a copy of a running server's files is not a consistent database, so both refuse while the
 * server holds the directory (its lock file, db/pglite.ts) and say to stop it. With the server stopped, the
 * backup is PGlite's own dump of the directory (a gzipped tar), taken with the lock held; the restore loads it
 * into a fresh directory, checks it opens, and only then swaps it in, keeping the old directory beside it.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { lockDataDir, openPglite } from '../db/pglite.ts';

const LOCK_FILE = 'gama-server.pid';

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

function holdOrRefuse(dataDir: string, doing: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    const holder = /in use by process (\d+)/.exec((error as Error).message)?.[1];
    if (!holder) throw error;
    throw new Error(
      `${doing} refused: a server (process ${holder}) has ${dataDir} open, and a copy of a running server's files is not a consistent database. Stop the server (Ctrl-C, or systemctl stop), then run this again.`,
      { cause: error },
    );
  }
}

const hasDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/** Writes the data directory's dump to `file`; returns its size in bytes. */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  if (!hasDatabase(dataDir)) throw new Error(`backup: no database in ${dataDir} (DATA_DIR)`);
  const release = holdOrRefuse(dataDir, 'backup');
  release();
  // openPglite takes the lock again for as long as the dump runs, so a server starting meanwhile is refused.
  const db = await openPglite({ dataDir });
  try {
    const dump = await db.pglite.dumpDataDir('gzip');
    const partial = `${file}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return statSync(file).size;
  } finally {
    await db.close();
  }
}

/**
 * Replaces the data directory with the backup in `file`. The directory it replaces is kept as
 * `<DATA_DIR>.before-restore-<time>` (returned), so a restore of the wrong file loses nothing.
 */
export async function restoreDataDir(file: string, dataDir: string, now: Date): Promise<string | null> {
  if (!existsSync(file)) throw new Error(`restore: no backup file ${file}`);
  const release = existsSync(dataDir) ? holdOrRefuse(dataDir, 'restore') : () => undefined;
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const db = await openPglite({ dataDir: staging, loadDataDir: new Blob([await readFile(file)]) });
    try {
      await db.query('SELECT count(*) FROM schema_migrations');
    } finally {
      await db.close();
    }
    // The dump holds the lock file of the process that made it; the restored directory starts unheld.
    if (existsSync(join(staging, LOCK_FILE))) unlinkSync(join(staging, LOCK_FILE));
    let kept: string | null = null;
    if (existsSync(dataDir) && readdirSync(dataDir).some((name) => name !== LOCK_FILE)) {
      kept = `${dataDir}.before-restore-${stamp(now)}`;
      renameSync(dataDir, kept);
      if (existsSync(join(kept, LOCK_FILE))) unlinkSync(join(kept, LOCK_FILE));
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    renameSync(staging, dataDir);
    return kept;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    release();
    throw error;
  }
}
