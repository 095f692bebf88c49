/**
 * The chain against signed checkpoints. A database owner can rewrite audit rows and recompute every hash and the
 * head, and the chain alone then holds (chain.ts); what they cannot do is change what was signed outside the
 * database. Every position a checkpoint lists must still hold the same row with the same hash: the first one
 * that does not is the first row changed, deleted or moved since.
 */
import type { Queryable } from '../../db/database.ts';
import type { Checkpoint, ParsedLine } from './checkpoint-format.ts';
import { decodeRows } from './checkpoint-format.ts';

export interface CheckpointMismatch {
  seq: number;
  /** The row at that position now (null: no row there any more). */
  id: number | null;
  /** The row the checkpoint signed there. */
  signed_id: number;
  /** When that checkpoint was signed. */
  signed_at: string;
  description: string;
}

export interface CheckpointReport {
  /** Checkpoints that parsed and verified. */
  checkpoints: number;
  /** Lines refused: not JSON, a bad signature, rows that do not add up, two checkpoints that disagree. */
  problems: string[];
  last: { seq: number; head: string; at: string; key: string } | null;
  /** Rows of the log past the last checkpoint's position (not yet signed). */
  unsigned_rows: number;
  first_mismatch: CheckpointMismatch | null;
}

interface Signed {
  id: number;
  hash: string;
  at: string;
}

const BATCH = 5_000;

/** Every signed position, from all checkpoints; positions two checkpoints sign differently are problems. */
function signedPositions(checkpoints: readonly Checkpoint[], problems: string[]): Map<number, Signed> {
  const signed = new Map<number, Signed>();
  for (const c of checkpoints) {
    for (const row of decodeRows(c)) {
      const hash = row.hash.toString('hex');
      const earlier = signed.get(row.seq);
      if (earlier && (earlier.id !== row.id || earlier.hash !== hash)) {
        problems.push(
          `the checkpoints of ${earlier.at} and ${c.at} sign different rows at position ${row.seq}`,
        );
        continue;
      }
      if (!earlier) signed.set(row.seq, { id: row.id, hash, at: c.at });
    }
  }
  return signed;
}

function mismatch(
  seq: number,
  now: { id: number; hash: string } | undefined,
  was: Signed,
): CheckpointMismatch {
  const base = { seq, signed_id: was.id, signed_at: was.at };
  if (!now) {
    return {
      ...base,
      id: null,
      description: `Position ${seq} is gone: the checkpoint signed at ${was.at} had row ${was.id} there, and the log now ends before it`,
    };
  }
  if (now.id === was.id) {
    return {
      ...base,
      id: now.id,
      description: `Row ${now.id} (position ${seq}) was changed after the checkpoint signed at ${was.at}: its hash is no longer the one signed (the row, or one before it, was rewritten)`,
    };
  }
  return {
    ...base,
    id: now.id,
    description: `Row ${now.id} (position ${seq}) is not the row the checkpoint signed at ${was.at} had there (row ${was.id}): a row was deleted, inserted or moved at this position`,
  };
}

export async function checkAgainstCheckpoints(
  db: Queryable,
  parsed: readonly ParsedLine[],
): Promise<CheckpointReport> {
  const problems: string[] = [];
  const checkpoints: Checkpoint[] = [];
  for (const p of parsed) {
    if (p.ok) checkpoints.push(p.checkpoint);
    else problems.push(p.problem);
  }
  const signed = signedPositions(checkpoints, problems);
  const latest = checkpoints.reduce<Checkpoint | null>(
    (best, c) => (best === null || c.seq > best.seq || (c.seq === best.seq && c.at > best.at) ? c : best),
    null,
  );
  const { rows: top } = await db.query<{ n: number }>(
    'SELECT COALESCE(max(chain_seq), 0)::int8 AS n FROM audit_log',
  );
  const maxSeq = Number(top[0]?.n ?? 0);
  const report: CheckpointReport = {
    checkpoints: checkpoints.length,
    problems,
    last: latest && { seq: latest.seq, head: latest.head, at: latest.at, key: latest.key },
    unsigned_rows: Math.max(0, maxSeq - (latest?.seq ?? 0)),
    first_mismatch: null,
  };
  const positions = [...signed.keys()].sort((a, b) => a - b);
  for (let i = 0; i < positions.length; i += BATCH) {
    const slice = positions.slice(i, i + BATCH);
    const { rows } = await db.query<{ chain_seq: number; id: number; row_hash: Uint8Array }>(
      'SELECT chain_seq, id, row_hash FROM audit_log WHERE chain_seq = ANY($1::int8[])',
      [slice],
    );
    const now = new Map(
      rows.map((r) => [
        Number(r.chain_seq),
        { id: Number(r.id), hash: Buffer.from(r.row_hash).toString('hex') },
      ]),
    );
    for (const seq of slice) {
      const was = signed.get(seq);
      const is = now.get(seq);
      if (was && (!is || is.id !== was.id || is.hash !== was.hash)) {
        report.first_mismatch = mismatch(seq, is, was);
        return report;
      }
    }
  }
  return report;
}
