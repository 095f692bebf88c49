/**
 * The restore drill: the pgBackRest repository restored into a new cluster at a chosen instant, held read-only
 * at that instant (recovery paused there, so nothing can write to it), then checked the way production is:
 * the ledger's invariants, the audit chain, and every account's entries compared with the live database's
 * entries of the same journals. The report says how long the restore took and how much the archive holds
 * past the instant (the recovery point a restore to "now" would reach).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres } from '../db/postgres.ts';
import type { ChainReport } from '../modules/audit/chain.ts';
import { verifyAuditChain } from '../modules/audit/chain.ts';
import type { Violation } from '../modules/ledger/verify.ts';
import { verifyLedger } from '../modules/ledger/verify.ts';
import type { BalanceMismatch } from './compare-balances.ts';
import { compareBalances } from './compare-balances.ts';
import { giveToPostgres, runPgbackrest, runPostgresProgram } from './programs.ts';

export interface DrillOptions {
  /** pgBackRest's configuration file and stanza. */
  config: string;
  stanza: string;
  /** The instant to restore to (`--type=time`). */
  target: Date;
  /** The live database, to compare the restored balances with. */
  liveUrl: string;
  /** An empty directory for the restored cluster, its socket and its log. */
  workDir: string;
  port: number;
}

export interface DrillReport {
  target: Date;
  restoreSeconds: number;
  /** The restored database (a socket in `workDir`), read-only while the cluster runs. */
  restoredUrl: string;
  replayedLsn: string;
  lastReplayedCommit: Date | null;
  journalsRestored: number;
  /** Live journals the restore does not have: what was committed after the instant. */
  liveJournalsAfter: number;
  /**
   * The newest WAL segment in the repository, when the live server archived it, and the WAL from the instant to
   * that segment's end (at most: a segment closed early by a switch or archive_timeout is padded).
   */
  lastArchivedWal: string | null;
  lastArchivedAt: Date | null;
  walBytesAfterTarget: number | null;
  ledger: Violation[];
  audit: ChainReport;
  balanceMismatches: BalanceMismatch[];
  stop(): void;
}

/** pgBackRest's time format (it refuses ISO 8601's T and Z): `YYYY-MM-DD HH:MM:SS.mmm+00`. */
const pgbackrestTime = (instant: Date) => `${instant.toISOString().replace('T', ' ').replace('Z', '')}+00`;

const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';

/** The end of a WAL segment (its name is timeline, log and segment in hex) as a byte position. */
function segmentEnd(walName: string, segmentBytes: bigint): bigint {
  const log = BigInt(`0x${walName.slice(8, 16)}`);
  const seg = BigInt(`0x${walName.slice(16, 24)}`);
  return log * 0x1_0000_0000n + (seg + 1n) * segmentBytes;
}

function lsnBytes(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return BigInt(`0x${high}`) * 0x1_0000_0000n + BigInt(`0x${low}`);
}

/** The newest archived segment of the stanza, as pgBackRest's repository has it (the live server not needed). */
function lastArchived(config: string, stanza: string): string | null {
  const info = JSON.parse(
    runPgbackrest([`--config=${config}`, `--stanza=${stanza}`, '--output=json', 'info']),
  ) as Array<{
    archive?: Array<{ max?: string | null }>;
  }>;
  const maxima = (info[0]?.archive ?? []).map((a) => a.max).filter((m): m is string => typeof m === 'string');
  return maxima.sort().at(-1) ?? null;
}

async function waitForPause(client: pg.Client): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const { rows } = await client.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
    if (rows[0]?.state === 'paused') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('recovery did not reach the target within 2 minutes');
}

function logTail(log: string): string {
  if (!existsSync(log)) return '(no log)';
  return readFileSync(log, 'utf8').trimEnd().split('\n').slice(-20).join('\n');
}

export async function restoreDrill(options: DrillOptions): Promise<DrillReport> {
  const { config, stanza, target, workDir, port } = options;
  const dataDir = join(workDir, 'pgdata');
  const log = join(workDir, 'postgres.log');
  mkdirSync(workDir, { recursive: true });
  // The restored cluster's socket lives here, with trust: only the directory's owner may reach it.
  chmodSync(workDir, 0o700);
  mkdirSync(dataDir, { mode: 0o700 });
  giveToPostgres(workDir);
  giveToPostgres(dataDir);
  const started = performance.now();
  runPgbackrest([
    `--config=${config}`,
    `--stanza=${stanza}`,
    `--pg1-path=${dataDir}`,
    '--type=time',
    `--target=${pgbackrestTime(target)}`,
    // Held at the instant, read-only: the drill looks and changes nothing, and never archives into the repository.
    '--target-action=pause',
    '--archive-mode=off',
    'restore',
  ]);
  // Debian keeps these two outside the data directory, so a backup of its cluster has neither.
  const confFile = join(dataDir, 'postgresql.conf');
  if (!existsSync(confFile)) writeFileSync(confFile, '');
  const hbaFile = join(dataDir, 'pg_hba.conf');
  // Trust is sound here: the only way in is the socket in workDir, a directory only its owner can open.
  if (!existsSync(hbaFile)) writeFileSync(hbaFile, 'local all all trust\n');
  giveToPostgres(confFile);
  giveToPostgres(hbaFile);
  const failed = (error: unknown) =>
    new Error(`${(error as Error).message}\nthe restored server's log ends:\n${logTail(log)}`, {
      cause: error,
    });
  try {
    runPostgresProgram('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      log,
      // A socket in the drill's own directory only: no TCP port of a second server holding the business's data.
      '-o',
      `-c port=${port} -c listen_addresses='' -c unix_socket_directories=${workDir} -c archive_mode=off`,
      '-w',
      '-t',
      '600',
      'start',
    ]);
  } catch (error) {
    // A target past the archive's end, or before the oldest backup, shows here: the server says which.
    throw failed(error);
  }
  const stop = () => runPostgresProgram('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  const database = databaseOf(options.liveUrl);
  const restoredUrl = `postgresql://postgres@${encodeURIComponent(workDir)}:${port}/${encodeURIComponent(database)}`;
  const restored = new pg.Client({ connectionString: restoredUrl });
  // A server that stops mid-recovery ends the connection; the pending query's rejection reports it.
  restored.on('error', () => undefined);
  try {
    await restored.connect();
    await waitForPause(restored).catch((error: unknown) => {
      throw failed(error);
    });
    const restoreSeconds = (performance.now() - started) / 1000;
    const { rows: replay } = await restored.query<{ lsn: string; at: Date | null; segment: string }>(
      `SELECT pg_last_wal_replay_lsn()::text AS lsn, pg_last_xact_replay_timestamp() AS at,
              (SELECT setting FROM pg_settings WHERE name = 'wal_segment_size') AS segment`,
    );
    const replayedLsn = replay[0]?.lsn ?? '0/0';
    const segmentBytes = BigInt(replay[0]?.segment ?? 16 * 1024 * 1024);
    const lastWal = lastArchived(config, stanza);
    const after = lastWal === null ? null : segmentEnd(lastWal, segmentBytes) - lsnBytes(replayedLsn);
    const db = openPostgres(restoredUrl, 2);
    const liveDb = openPostgres(options.liveUrl, 1);
    let ledger: Violation[];
    let audit: ChainReport;
    let compared: Awaited<ReturnType<typeof compareBalances>>;
    let archivedAt: Date | null;
    try {
      ledger = await verifyLedger(db);
      audit = await verifyAuditChain(db);
      compared = await compareBalances(db, liveDb);
      const { rows: archiver } = await liveDb.query<{ at: Date | null }>(
        'SELECT last_archived_time AS at FROM pg_stat_archiver',
      );
      archivedAt = archiver[0]?.at ?? null;
    } finally {
      await db.close();
      await liveDb.close();
    }
    return {
      target,
      restoreSeconds,
      restoredUrl,
      replayedLsn,
      lastReplayedCommit: replay[0]?.at ?? null,
      journalsRestored: compared.journals,
      liveJournalsAfter: compared.liveAfter,
      lastArchivedWal: lastWal,
      lastArchivedAt: archivedAt,
      walBytesAfterTarget: after === null ? null : Number(after > 0n ? after : 0n),
      ledger,
      audit,
      balanceMismatches: compared.mismatches,
      stop,
    };
  } catch (error) {
    try {
      stop();
    } catch {
      // Already down (recovery failed): the first error is the one to report.
    }
    throw error;
  } finally {
    await restored.end().catch(() => undefined);
  }
}
