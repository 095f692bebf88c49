/**
 * A checkpoint of the audit chain, like a signed tree head of Certificate Transparency (RFC 9162 §4.10): how many
 * rows the chain had (`seq`), the last row's hash (`head`, which commits to every row before it), when, signed
 * with a key the database never holds. It also lists, for the rows it adds to the checkpoint before it
 * (positions `from`+1 to `seq`), each row's id and hash, and the signature covers that list's digest: so
 * `audit:verify` can name the first row that differs, not only say that one does. A later checkpoint extends
 * an earlier one (the server refuses to sign one that does not), as a later tree head must be consistent with
 * an earlier.
 *
 * One JSON line each: {"v":1,"seq","head","at","from","rows","key","sig"}; `rows` is base64 of 40 bytes a row
 * (the id as 8 bytes big-endian, then the 32-byte row hash).
 */
import { createHash, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';

export const GENESIS_HASH = Buffer.alloc(32);
const ROW_BYTES = 40;

export interface CheckpointRow {
  seq: number;
  id: number;
  hash: Buffer;
}

export interface Checkpoint {
  v: 1;
  seq: number;
  head: string;
  at: string;
  from: number;
  rows: string;
  key: string;
  sig: string;
}

const line = z.strictObject({
  v: z.literal(1),
  seq: z.number().int().min(0),
  head: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.iso.datetime({ offset: true }),
  from: z.number().int().min(0),
  rows: z.base64(),
  key: z.string().regex(/^[0-9a-f]{16}$/),
  sig: z.base64(),
});

export function encodeRows(rows: readonly CheckpointRow[]): Buffer {
  const out = Buffer.alloc(rows.length * ROW_BYTES);
  rows.forEach((row, i) => {
    out.writeBigUInt64BE(BigInt(row.id), i * ROW_BYTES);
    row.hash.copy(out, i * ROW_BYTES + 8);
  });
  return out;
}

/** The rows a checkpoint lists, at their positions. */
export function decodeRows(checkpoint: Checkpoint): CheckpointRow[] {
  const bytes = Buffer.from(checkpoint.rows, 'base64');
  const rows: CheckpointRow[] = [];
  for (let i = 0; i * ROW_BYTES < bytes.length; i += 1) {
    rows.push({
      seq: checkpoint.from + i + 1,
      id: Number(bytes.readBigUInt64BE(i * ROW_BYTES)),
      hash: Buffer.from(bytes.subarray(i * ROW_BYTES + 8, (i + 1) * ROW_BYTES)),
    });
  }
  return rows;
}

/** What the signature covers: every field but the signature, the row list by its SHA-256. */
export function signedText(c: Omit<Checkpoint, 'sig'>): Buffer {
  const digest = createHash('sha256').update(Buffer.from(c.rows, 'base64')).digest('hex');
  return Buffer.from(
    `gama-audit-checkpoint/1\nseq ${c.seq}\nhead ${c.head}\nat ${c.at}\nfrom ${c.from}\nrows ${digest}\nkey ${c.key}\n`,
  );
}

export function signCheckpoint(
  fields: { seq: number; head: Buffer; at: Date; from: number; rows: readonly CheckpointRow[] },
  key: { privateKey: KeyObject; id: string },
): Checkpoint {
  const unsigned = {
    v: 1 as const,
    seq: fields.seq,
    head: fields.head.toString('hex'),
    at: fields.at.toISOString(),
    from: fields.from,
    rows: encodeRows(fields.rows).toString('base64'),
    key: key.id,
  };
  return { ...unsigned, sig: sign(null, signedText(unsigned), key.privateKey).toString('base64') };
}

export type ParsedLine =
  { ok: true; line: number; checkpoint: Checkpoint } | { ok: false; line: number; problem: string };

/**
 * Each non-empty line of a checkpoints file, checked: well formed, signed by `publicKey`, and consistent in
 * itself (as many rows as `seq - from`, positions in order, the last row's hash the head).
 */
export function parseCheckpoints(text: string, publicKey: KeyObject): ParsedLine[] {
  const out: ParsedLine[] = [];
  text.split('\n').forEach((raw, index) => {
    const n = index + 1;
    if (raw.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      out.push({ ok: false, line: n, problem: `line ${n} is not JSON` });
      return;
    }
    const parsed = line.safeParse(json);
    if (!parsed.success) {
      out.push({ ok: false, line: n, problem: `line ${n} is not a checkpoint` });
      return;
    }
    const c = parsed.data;
    const { sig, ...unsigned } = c;
    if (!verify(null, signedText(unsigned), publicKey, Buffer.from(sig, 'base64'))) {
      out.push({
        ok: false,
        line: n,
        problem: `line ${n}: the signature does not verify with the given public key`,
      });
      return;
    }
    const rows = decodeRows(c);
    const last = rows.at(-1);
    if (
      rows.length !== c.seq - c.from ||
      Buffer.from(c.rows, 'base64').length % ROW_BYTES !== 0 ||
      (last !== undefined && last.hash.toString('hex') !== c.head)
    ) {
      out.push({ ok: false, line: n, problem: `line ${n}: its rows do not add up to its head` });
      return;
    }
    out.push({ ok: true, line: n, checkpoint: c });
  });
  return out;
}
