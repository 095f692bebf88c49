/**
 * The restore drill on every CI run: a cluster of its own (initdb) archiving its WAL through the deployed
 * pgBackRest and PostgreSQL settings (deploy/pgbackrest, deploy/postgresql, only paths and ports changed) into
 * an encrypted repository; the Gama schema on it; a full backup, money moved through the HTTP layer, an
 * incremental; a bid, an instant noted, a second bid; then the repository restored to that instant in a new
 * cluster. The first bid is there, the second is not, and the ledger, the audit chain and every balance hold.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deployedBackupSettings,
  deployedPgbackrestConf,
  withIniValues,
  withSettings,
} from '../src/backup/config-files.ts';
import {
  giveToPostgres,
  pgbackrestPath,
  postgresBin,
  runAsPostgres,
  runPgbackrest,
  runPostgresProgram,
} from '../src/backup/programs.ts';
import type { DrillReport } from '../src/backup/restore-drill.ts';
import { migrate } from '../src/db/migrate.ts';
import { backupStatus } from '../src/modules/resilience/backup-status.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedMarket } from '../src/seed/markets.ts';
import type { ApiBody, TestApp } from './helpers.ts';
import { createTestApp } from './helpers.ts';
import { fund, operatorToken } from './money.ts';
import { claimClusterDir } from './stale-clusters.ts';

const missing = [
  postgresBin ? null : 'PostgreSQL server programs',
  pgbackrestPath ? null : 'pgbackrest',
].filter((m): m is string => m !== null);
const apiDir = fileURLToPath(new URL('..', import.meta.url));

type DrillJson = Omit<DrillReport, 'stop' | 'target' | 'lastReplayedCommit' | 'lastArchivedAt'>;

/** A free port among 5480-5499, the range the backup tests keep to. */
async function portFrom(first: number, taken: number[]): Promise<number> {
  for (let port = first; port < 5500; port++) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 5480-5499');
}

// 2026-11-20, a Friday; the market is open from 01:00 PM to 03:00 PM in Asia/Kolkata.
const NOW = '2026-11-20T12:00:00+05:30';

describe('the restore drill', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gama-backup-'));
  // A later run's set-up stops what is left here only once this process is gone (stale-clusters.ts).
  claimClusterDir(dir);
  const primaryDir = join(dir, 'primary');
  const confFile = join(dir, 'pgbackrest.conf');
  let primaryUp = false;
  const restoredDir = join(dir, 'restored');
  let restoredUp = false;
  const cipherPass = process.env.PGBACKREST_REPO1_CIPHER_PASS;
  afterAll(() => {
    if (cipherPass === undefined) delete process.env.PGBACKREST_REPO1_CIPHER_PASS;
    else process.env.PGBACKREST_REPO1_CIPHER_PASS = cipherPass;
    if (restoredUp)
      runPostgresProgram('pg_ctl', ['-D', join(restoredDir, 'pgdata'), '-m', 'immediate', 'stop']);
    if (primaryUp) runPostgresProgram('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });

  // A limit, not a wait: the drill took 179 s of its 180 inside a whole `npm test` on a machine two and a half
  // times slower than most (session 23).
  it(
    'restores to an instant: what came before is there, what came after is not, the ledger exact',
    { timeout: 480_000 },
    async () => {
      expect(missing, 'the restore drill needs these installed').toEqual([]);
      giveToPostgres(dir);
      const port = await portFrom(5480, []);
      const restoredPort = await portFrom(5480, [port]);
      // pgBackRest reads the repository's cipher pass from the environment, in every process that touches it.
      process.env.PGBACKREST_REPO1_CIPHER_PASS = 'drill-cipher-pass-0123456789';
      for (const sub of ['repo', 'log', 'spool', 'lock']) {
        mkdirSync(join(dir, sub));
        giveToPostgres(join(dir, sub));
      }
      writeFileSync(
        confFile,
        withIniValues(deployedPgbackrestConf(), {
          global: {
            'repo1-path': join(dir, 'repo'),
            'log-path': join(dir, 'log'),
            'spool-path': join(dir, 'spool'),
            'lock-path': join(dir, 'lock'),
            'process-max': '1',
          },
          gama: { 'pg1-path': primaryDir, 'pg1-port': String(port), 'pg1-socket-path': dir },
        }),
      );
      runPostgresProgram('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust']);
      writeFileSync(
        join(primaryDir, 'backup.conf'),
        withSettings(deployedBackupSettings(), {
          archive_command: `'pgbackrest --config=${confFile} --stanza=gama archive-push %p'`,
        }),
      );
      writeFileSync(
        join(primaryDir, 'postgresql.conf'),
        `${readFileSync(join(primaryDir, 'postgresql.conf'), 'utf8')}\ninclude 'backup.conf'\n`,
      );
      runPostgresProgram('pg_ctl', [
        '-D',
        primaryDir,
        '-l',
        join(dir, 'primary.log'),
        '-o',
        `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`,
        '-w',
        'start',
      ]);
      primaryUp = true;
      const base = `postgres://postgres@127.0.0.1:${port}`;
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      await admin.query('CREATE DATABASE gama');
      const backrest = (...args: string[]) =>
        runPgbackrest([`--config=${confFile}`, '--stanza=gama', ...args]);
      backrest('stanza-create');

      const liveUrl = `${base}/gama`;
      const db = openPostgres(liveUrl, 4);
      await migrate(db);
      let t: TestApp | undefined;
      try {
        backrest('--type=full', 'backup');
        t = await createTestApp({ db, now: NOW });
        const app = t;
        const op = await operatorToken(app);
        const market = await seedMarket(app.db, { name: 'DRILL BAZAR', open: '01:00 PM', close: '03:00 PM' });
        const bid = (token: string, digits: string) =>
          app.post<ApiBody & { status: boolean }>(
            '/api-submit-bid',
            {
              game_id: market,
              request_id: `drill-bid-${digits}`,
              new_result: {
                pana: 'Single Digit',
                bid_date: '20-November-2026',
                result: [{ digits, points: 100, session: 'open' }],
              },
            },
            { token },
          );
        const player = await app.player();
        await fund(app, player, op, 1000);
        backrest('--type=incr', 'backup');
        // Reports older than a quarter go when the next one arrives; younger ones stay for a post-mortem.
        await db.query(
          `INSERT INTO backup_reports (info, reported_at) VALUES ('{}'::jsonb, now() - interval '100 days'),
                  ('{}'::jsonb, now() - interval '80 days')`,
        );
        // What the backup unit runs after a successful backup (deploy/systemd/pgbackrest-backup@.service): the
        // dashboard then reads this incremental, from pgBackRest's own report, as the last successful backup.
        runAsPostgres('/usr/bin/env', [
          `PGBACKREST_CONFIG=${confFile}`,
          `GAMA_REPORT_DSN=host=127.0.0.1 port=${port} dbname=gama user=postgres`,
          fileURLToPath(new URL('../../../deploy/pgbackrest/report-backup.sh', import.meta.url)),
        ]);
        const reported = await backupStatus(db, 'postgres', 1, new Date());
        expect(reported, reported.message).toMatchObject({ state: 'ok', kind: 'incr' });
        expect(Date.now() - Date.parse(reported.last_success_at ?? '')).toBeLessThan(120_000);
        const kept = await db.query<{ age: number }>(
          `SELECT extract(day FROM now() - reported_at)::int AS age FROM backup_reports ORDER BY reported_at`,
        );
        expect(kept.rows.map((r) => r.age)).toEqual([80, 0]);
        expect((await bid(player.token, '3')).json).toMatchObject({ status: true });

        // The instant, on the server's clock (recovery compares it with commit times), a moment clear of both bids.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const { rows } = await admin.query<{ now: Date }>('SELECT clock_timestamp() AS now');
        const instant = rows[0]?.now as Date;
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect((await bid(player.token, '7')).json).toMatchObject({ status: true });
        await fund(app, player, op, 500);
        // `check` closes the current WAL segment now rather than at archive_timeout and waits until the repository
        // has it; the restore below needs that segment, which holds the commits after the instant.
        backrest('check');

        // An instant past the archive's end fails the drill, and the restored server's log says why.
        const beyond = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/scripts/restore-drill.ts',
            `--config=${confFile}`,
            `--target=${new Date(instant.getTime() + 3_600_000).toISOString()}`,
            `--port=${restoredPort}`,
            `--dir=${join(dir, 'beyond')}`,
          ],
          { cwd: apiDir, env: { ...process.env, DATABASE_URL: liveUrl }, encoding: 'utf8' },
        );
        expect(beyond.status).not.toBe(0);
        expect(beyond.stderr).toMatch(/recovery ended before configured recovery target was reached/);

        // The drill as an operator runs it: `npm run restore-drill`, its report read from the --json line.
        const drill = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/scripts/restore-drill.ts',
            `--config=${confFile}`,
            `--target=${instant.toISOString()}`,
            `--port=${restoredPort}`,
            `--dir=${restoredDir}`,
            '--keep',
            '--json',
          ],
          { cwd: apiDir, env: { ...process.env, DATABASE_URL: liveUrl }, encoding: 'utf8' },
        );
        restoredUp = existsSync(join(restoredDir, 'pgdata', 'postmaster.pid'));
        expect(drill.stderr).toBe('');
        expect(drill.status).toBe(0);
        const lines = drill.stdout.trim().split('\n');
        console.log(lines.slice(0, -1).join('\n'));
        expect(lines[0]).toMatch(
          /^restore-drill: stanza gama restored to .* in [\d.]+ s, held read-only there$/,
        );
        const report = JSON.parse(lines.at(-1) ?? '{}') as DrillJson;
        expect(report.ledger).toEqual([]);
        expect(report.audit.first_break).toBeNull();
        expect(report.balanceMismatches).toEqual([]);
        // After the instant: the second bid and the second deposit's credit.
        expect(report.liveJournalsAfter).toBe(2);
        expect(report.walBytesAfterTarget).toBeGreaterThan(0);

        const restored = new pg.Client({ connectionString: report.restoredUrl });
        await restored.connect();
        try {
          const digits = await restored.query<{ digits: string }>(
            'SELECT digits FROM bids WHERE player_id = $1 ORDER BY id',
            [player.id],
          );
          expect(digits.rows.map((r) => r.digits)).toEqual(['3']);
          const wallet = await restored.query<{ balance: string }>(
            `SELECT balance FROM accounts WHERE player_id = $1 AND kind = 'wallet'`,
            [player.id],
          );
          // 1000 deposited, 100 staked before the instant; in paise.
          expect(Number(wallet.rows[0]?.balance)).toBe(90_000);
          await expect(
            restored.query(`INSERT INTO settings (key, value, updated_at) VALUES ('x', '1', now())`),
          ).rejects.toThrow(/read-only/);
        } finally {
          await restored.end();
        }
      } finally {
        await admin.end();
        if (t) await t.close();
        else await db.close();
      }
    },
  );
});
