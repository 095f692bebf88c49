/**
 * Checking the audit chain (migration 0021): walks the rows in chain order and answers the first one that
 * breaks it. Each row's hash is recomputed by the database with the same function the insert trigger used,
 * so the content's canonical text is defined once, in SQL.
 *
 * - edited: the row's content no longer gives its stored hash;
 * - deleted: the row's predecessor is missing (its `prev_hash` is no row's hash, or the positions skip), or
 *   rows after the last one are gone (the chain head is further on);
 * - reordered: the row's predecessor exists, but somewhere else in the order.
 */
import type { Queryable } from '../../db/database.ts';

export type ChainProblem = 'edited' | 'deleted' | 'reordered';

export interface ChainBreak {
  problem: ChainProblem;
  /** The chain position and id of the first row found wrong (for a deleted tail, the last row left). */
  seq: number;
  id: number | null;
  description: string;
}

export interface ChainReport {
  rows_checked: number;
  first_break: ChainBreak | null;
}

const BATCH = 5_000;
const GENESIS = Buffer.alloc(32);

export interface ChainRow {
  id: number;
  chain_seq: number;
  prev_hash: Uint8Array;
  row_hash: Uint8Array;
  /** The row's hash is still the hash of its content after the previous one. */
  intact: boolean;
}

/** Up to `limit` rows of the chain after position `seq`, in chain order, each with whether it is intact. */
export async function chainRowsAfter(db: Queryable, seq: number, limit: number): Promise<ChainRow[]> {
  const { rows } = await db.query<ChainRow>(
    `SELECT a.id, a.chain_seq, a.prev_hash, a.row_hash, audit_row_hash(a, a.prev_hash) = a.row_hash AS intact
       FROM audit_log a WHERE a.chain_seq > $1 ORDER BY a.chain_seq LIMIT $2`,
    [seq, limit],
  );
  return rows;
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

async function predecessorExists(db: Queryable, hash: Uint8Array): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM audit_log WHERE row_hash = $1) AS found',
    [Buffer.from(hash)],
  );
  return rows[0]?.found ?? false;
}

export async function verifyAuditChain(db: Queryable): Promise<ChainReport> {
  let prevHash: Uint8Array = GENESIS;
  let prevSeq = 0;
  let checked = 0;
  for (;;) {
    const rows = await chainRowsAfter(db, prevSeq, BATCH);
    for (const row of rows) {
      const at = { seq: row.chain_seq, id: row.id };
      if (!row.intact) {
        return {
          rows_checked: checked,
          first_break: {
            problem: 'edited',
            ...at,
            description: `Row ${row.id} (position ${row.chain_seq}) was edited: its content no longer matches its hash`,
          },
        };
      }
      if (!same(row.prev_hash, prevHash) || row.chain_seq !== prevSeq + 1) {
        const moved = row.chain_seq === prevSeq + 1 && (await predecessorExists(db, row.prev_hash));
        return {
          rows_checked: checked,
          first_break: moved
            ? {
                problem: 'reordered',
                ...at,
                description: `Row ${row.id} (position ${row.chain_seq}) is out of order: the row it followed is elsewhere in the log`,
              }
            : {
                problem: 'deleted',
                ...at,
                description: `Rows before row ${row.id} (position ${row.chain_seq}) were deleted: the row it followed is gone`,
              },
        };
      }
      prevHash = row.row_hash;
      prevSeq = row.chain_seq;
      checked += 1;
    }
    if (rows.length < BATCH) break;
  }
  const { rows: head } = await db.query<{ last_seq: number; last_hash: Uint8Array }>(
    'SELECT last_seq, last_hash FROM audit_chain_head WHERE id = 1',
  );
  const last = head[0];
  if (last && (last.last_seq !== prevSeq || !same(last.last_hash, prevHash))) {
    return {
      rows_checked: checked,
      first_break: {
        problem: 'deleted',
        seq: prevSeq,
        id: null,
        description: `Rows after position ${prevSeq} were deleted: the chain goes on to position ${last.last_seq}`,
      },
    };
  }
  return { rows_checked: checked, first_break: null };
}
