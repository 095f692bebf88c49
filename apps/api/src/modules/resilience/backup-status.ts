/**
 * The last successful backup, from the newest report the backup job wrote (migration 0056): pgBackRest's own
 * `info --output=json`. A failed backup writes no report, so a job that stops succeeding shows as a stale backup.
 */
import type { DatabaseSafety } from '@gama/core/endpoints/resilience/index';
import type { Queryable } from '../../db/database.ts';

type BackupStatus = DatabaseSafety['backup'];

interface PgbackrestBackup {
  type?: unknown;
  error?: unknown;
  timestamp?: { stop?: unknown };
  info?: { size?: unknown };
}

interface PgbackrestStanza {
  name?: unknown;
  status?: { code?: unknown; message?: unknown };
  backup?: unknown;
}

const HOUR_MS = 3_600_000;

/** "3 hours ago", "45 minutes ago": how long since `at`, for the operator. */
export function ago(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** The newest successful backup in pgBackRest's info JSON, and the first stanza status that is not ok. */
export function newestBackup(info: unknown): {
  stop: Date | null;
  kind: string | null;
  size: number | null;
  problem: string | null;
} {
  const stanzas: PgbackrestStanza[] = Array.isArray(info) ? (info as PgbackrestStanza[]) : [];
  let best: { stop: Date; kind: string | null; size: number | null } | null = null;
  let problem: string | null = null;
  for (const stanza of stanzas) {
    const code = stanza.status?.code;
    if (typeof code === 'number' && code !== 0 && problem === null) {
      const message = typeof stanza.status?.message === 'string' ? stanza.status.message : `code ${code}`;
      problem = `pgBackRest reports stanza ${String(stanza.name)}: ${message}`;
    }
    const backups: PgbackrestBackup[] = Array.isArray(stanza.backup)
      ? (stanza.backup as PgbackrestBackup[])
      : [];
    for (const backup of backups) {
      const stop = backup.timestamp?.stop;
      if (backup.error === true || typeof stop !== 'number') continue;
      if (best === null || stop * 1000 > best.stop.getTime()) {
        best = {
          stop: new Date(stop * 1000),
          kind: typeof backup.type === 'string' ? backup.type : null,
          size: typeof backup.info?.size === 'number' ? backup.info.size : null,
        };
      }
    }
  }
  return { stop: best?.stop ?? null, kind: best?.kind ?? null, size: best?.size ?? null, problem };
}

export async function backupStatus(
  db: Queryable,
  engine: 'pglite' | 'postgres',
  maxAgeHours: number | undefined,
  now: Date,
): Promise<BackupStatus> {
  const none = { last_success_at: null, kind: null, size_bytes: null };
  if (engine === 'pglite') {
    return {
      state: 'not_configured',
      message:
        'Nothing is configured: the embedded database has no backup job. Copy it with npm run backup while the server is stopped.',
      ...none,
    };
  }
  if (maxAgeHours === undefined) {
    return {
      state: 'not_configured',
      message:
        'Nothing is configured: backups are not tracked on this server. Set BACKUP_MAX_AGE_HOURS once the backup job reports here.',
      ...none,
    };
  }
  const { rows } = await db.query<{ info: unknown; reported_at: Date }>(
    'SELECT info, reported_at FROM backup_reports ORDER BY reported_at DESC, id DESC LIMIT 1',
  );
  const report = rows[0];
  if (!report) {
    return { state: 'warning', message: 'No backup has been reported yet.', ...none };
  }
  const newest = newestBackup(report.info);
  if (newest.stop === null) {
    return {
      state: 'warning',
      message: newest.problem ?? 'The backup job reported no successful backup.',
      ...none,
    };
  }
  const found = {
    last_success_at: newest.stop.toISOString(),
    kind: newest.kind,
    size_bytes: newest.size,
  };
  const age = now.getTime() - newest.stop.getTime();
  if (age > maxAgeHours * HOUR_MS) {
    return {
      state: 'warning',
      message: `Stale: the last successful backup finished ${ago(age)}, more than the ${maxAgeHours} hours expected.`,
      ...found,
    };
  }
  if (newest.problem !== null) return { state: 'warning', message: newest.problem, ...found };
  return {
    state: 'ok',
    message: `The last successful backup (${newest.kind ?? 'unknown type'}) finished ${ago(age)}.`,
    ...found,
  };
}
