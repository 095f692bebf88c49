import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './pglite.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gama-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('one server per PGlite data directory (F4)', () => {
  it('refuses a data dir held by another live process', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'gama-server.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
  });

  it('takes over a lock left by a dead process, and releases it', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'gama-server.pid'), '2147483646');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'gama-server.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'gama-server.pid'))).toBe(false);
  });
});
