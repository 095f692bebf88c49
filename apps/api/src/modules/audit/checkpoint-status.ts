/**
 * What the console's audit screen shows of the checkpoints: the last one, and whether the log still holds at its
 * position the hash it signed. A rewrite of any row before it changes that hash (each row's hash covers the one
 * before), so the quick look answers for the whole prefix; only when it fails is the file read in full, to name
 * the first row that differs.
 */
import type { AuditCheckpointAnswer } from '@gama/core/endpoints/audit/index';
import { readFile } from 'node:fs/promises';
import type { Queryable } from '../../db/database.ts';
import { checkAgainstCheckpoints } from './checkpoint-check.ts';
import { parseCheckpoints } from './checkpoint-format.ts';
import type { AuditCheckpoints } from './checkpoints.ts';

export async function checkpointStatus(
  db: Queryable,
  checkpoints: AuditCheckpoints,
  now: Date,
): Promise<AuditCheckpointAnswer> {
  const { config } = checkpoints;
  const last = await checkpoints.latest();
  const { rows: top } = await db.query<{ n: number }>(
    'SELECT COALESCE(max(chain_seq), 0)::int8 AS n FROM audit_log',
  );
  const base = {
    status: true as const,
    refusal: checkpoints.refusal,
    file: config.AUDIT_CHECKPOINT_FILE,
    every_ms: config.AUDIT_CHECKPOINT_EVERY_MS,
    witnesses: config.AUDIT_CHECKPOINT_URLS.length + (config.AUDIT_CHECKPOINT_SYSLOG ? 1 : 0),
    checked_at: now.toISOString(),
    unsigned_rows: Math.max(0, Number(top[0]?.n ?? 0) - (last?.seq ?? 0)),
  };
  if (!last) return { ...base, last: null, matches: null, first_mismatch: null };
  const summary = { seq: last.seq, head: last.head, at: last.at, key: last.key };
  const { rows } = await db.query<{ row_hash: Uint8Array }>(
    'SELECT row_hash FROM audit_log WHERE chain_seq = $1',
    [last.seq],
  );
  const stored = rows[0];
  const holds =
    last.seq === 0
      ? true
      : stored !== undefined && Buffer.from(stored.row_hash).toString('hex') === last.head;
  if (holds) return { ...base, last: summary, matches: true, first_mismatch: null };
  const text = await readFile(config.AUDIT_CHECKPOINT_FILE, 'utf8');
  const report = await checkAgainstCheckpoints(
    db,
    parseCheckpoints(text, checkpoints.signingKey().publicKey),
  );
  return { ...base, last: summary, matches: false, first_mismatch: report.first_mismatch };
}
