/**
 * `npm run audit:verify` as an operator runs it, a process of its own against a PostgreSQL database that its
 * owner rewrote: with the signed checkpoints it names the first changed row, without them it cannot.
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chain, rewrite, signedApp } from './audit-rewrite.ts';
import { postgresUrlFor } from './template.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

describe('npm run audit:verify on a rewritten log', () => {
  it(
    'npm run audit:verify: --checkpoints names the first changed row; without checkpoints it says the chain holds',
    async () => {
      const { t } = await signedApp();
      try {
        const rows = await chain(t);
        await rewrite(t, `UPDATE audit_log SET action = 'nothing' WHERE id = ${rows[4]?.id}`);
        const { rows: named } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
        const env = {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: postgresUrlFor(process.env.TEST_DATABASE_URL ?? '', named[0]?.name ?? ''),
          DATA_DIR: join(tmpdir(), `gama-verify-${process.pid}`),
          LOG_LEVEL: 'silent',
        };
        const run = (args: string[]) =>
          promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/scripts/audit-verify.ts', ...args], {
            cwd: apiDir,
            env,
          }).then(
            ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
            (error: { code: number; stdout: string; stderr: string }) => error,
          );
        const alone = await run([]);
        expect(alone.code).toBe(0);
        expect(alone.stdout).toMatch(/the chain holds, \d+ rows \(postgres\)/);
        expect(alone.stdout).toMatch(/no checkpoints at .*: the chain was checked against itself only/);
        const checked = await run([
          '--checkpoints',
          t.config.AUDIT_CHECKPOINT_FILE,
          '--public-key',
          t.config.AUDIT_PUBLIC_KEY_FILE,
        ]);
        expect(checked.code).toBe(1);
        expect(checked.stderr).toContain(
          `the log no longer matches its signed checkpoints at position 5 (row ${rows[4]?.id})`,
        );
        // A file the key did not sign is not taken for one it did.
        const forged = join(tmpdir(), `gama-forged-${process.pid}.jsonl`);
        writeFileSync(
          forged,
          readFileSync(t.config.AUDIT_CHECKPOINT_FILE, 'utf8').replace(/"seq":\d+/, '"seq":1'),
        );
        const bad = await run(['--checkpoints', forged, '--public-key', t.config.AUDIT_PUBLIC_KEY_FILE]);
        expect(bad.code).toBe(1);
        expect(bad.stderr).toContain('line 1: the signature does not verify with the given public key');
        rmSync(forged);
      } finally {
        await t.close();
      }
    },
    // Three runs of the script, each starting tsx: a minute on a loaded machine.
    60_000,
  );
});
