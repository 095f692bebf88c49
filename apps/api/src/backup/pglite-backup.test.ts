import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTemplatePath } from '../../test/template.ts';
import { openPglite } from '../db/pglite.ts';
import { backupDataDir, restoreDataDir } from './pglite-backup.ts';

const dir = mkdtempSync(join(tmpdir(), 'gama-pglite-backup-'));
const dataDir = join(dir, 'data');
const file = join(dir, 'backup.tar.gz');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the directory as the server would, runs `fn`, closes it. */
async function withData<T>(fn: (db: Awaited<ReturnType<typeof openPglite>>) => Promise<T>): Promise<T> {
  const db = await openPglite({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const marks = () =>
  withData(async (db) =>
    (
      await db.query<{ key: string }>(`SELECT key FROM settings WHERE key LIKE 'mark_%' ORDER BY key`)
    ).rows.map((r) => r.key),
  );

describe('backing up and restoring the embedded database', () => {
  it(
    'restores what was there at the backup, and nothing written after it',
    { timeout: 120_000 },
    async () => {
      const template = new Blob([readFileSync(pgliteTemplatePath())]);
      const first = await openPglite({ dataDir, loadDataDir: template });
      await first.query(`INSERT INTO settings (key, value, updated_at) VALUES ('mark_1_before', '1', now())`);
      await first.close();

      expect(await backupDataDir(dataDir, file)).toBeGreaterThan(0);
      await withData((db) =>
        db.query(`INSERT INTO settings (key, value, updated_at) VALUES ('mark_2_after', '1', now())`),
      );

      const kept = await restoreDataDir(file, dataDir, new Date('2026-11-29T01:00:00Z'));
      expect(await marks()).toEqual(['mark_1_before']);
      // The replaced directory is kept, whole and unheld.
      expect(kept).toBe(`${dataDir}.before-restore-2026-11-29T01-00-00-000Z`);
      expect(existsSync(join(kept as string, 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(kept as string, 'gama-server.pid'))).toBe(false);
      expect(existsSync(join(dataDir, 'gama-server.pid'))).toBe(false);
      expect(readdirSync(dir).filter((name) => name.includes('restoring'))).toEqual([]);
    },
  );

  it('refuses both while a server holds the directory, and changes nothing', async () => {
    const before = readdirSync(dataDir).sort();
    // A live process other than this one (the test runner's parent) holds the lock, as a running server does.
    writeFileSync(join(dataDir, 'gama-server.pid'), String(process.ppid));
    const other = join(dir, 'other.tar.gz');
    await expect(backupDataDir(dataDir, other)).rejects.toThrow(
      /backup refused: a server \(process \d+\) has .* open.*Stop the server/s,
    );
    expect(existsSync(other)).toBe(false);
    await expect(restoreDataDir(file, dataDir, new Date())).rejects.toThrow(
      /restore refused: a server \(process \d+\) has .* open.*Stop the server/s,
    );
    expect(readFileSync(join(dataDir, 'gama-server.pid'), 'utf8')).toBe(String(process.ppid));
    expect(readdirSync(dataDir).sort()).toEqual([...before, 'gama-server.pid'].sort());
    expect(readdirSync(dir).filter((name) => name.includes('before-restore'))).toHaveLength(1);
  });

  it('refuses a directory with no database, and a missing backup file', async () => {
    await expect(backupDataDir(join(dir, 'empty'), join(dir, 'x.tar.gz'))).rejects.toThrow(/no database in/);
    await expect(restoreDataDir(join(dir, 'missing.tar.gz'), dataDir, new Date())).rejects.toThrow(
      /no backup file/,
    );
  });
});
