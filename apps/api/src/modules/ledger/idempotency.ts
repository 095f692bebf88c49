/**
 * Retries are harmless (L5): a money call's key is claimed in the same transaction as its effect, so a
 * crash leaves both or neither. The claim comes before every other guard: a replay of a call that
 * succeeded must get its first answer back even if the rules would now refuse it (a cut-off has passed).
 * A concurrent duplicate waits on the key's unique index and then reads the committed answer.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { idempotencyMessages } from '@gama/core/contract/idempotency';

const ENVELOPE_FIELDS = new Set(['env_type', 'app_key', 'unique_token', 'request_id']);
/** What an idempotency key may be (also documented in the OpenAPI documents). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w:.-]{8,255}$/;
const keySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN);

/** The key from the `Idempotency-Key` header or the `request_id` body field; undefined when neither is sent. */
export function idempotencyKeyFrom(
  request: FastifyRequest,
  body: Record<string, unknown>,
): string | undefined {
  const header = request.headers['idempotency-key'];
  const raw = typeof header === 'string' ? header : body.request_id;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const parsed = keySchema.safeParse(raw);
  if (!parsed.success) throw new AppError('IDEMPOTENCY_KEY_INVALID', idempotencyMessages.badKey);
  return parsed.data;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => !ENVELOPE_FIELDS.has(k) && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(endpoint: string, body: unknown): Buffer {
  return createHash('sha256').update(endpoint).update('\n').update(canonical(body)).digest();
}

export type Claim<T> = { fresh: true } | { fresh: false; response: T };

export async function claimKey<T>(
  tx: Queryable,
  scope: string,
  key: string,
  endpoint: string,
  body: unknown,
  at: Date,
): Promise<Claim<T>> {
  const hash = requestHash(endpoint, body);
  const inserted = await tx.query(
    `INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (scope, key) DO NOTHING`,
    [scope, key, endpoint, hash, at],
  );
  if (inserted.rowCount === 1) return { fresh: true };
  const response = await readStored<T>(tx, scope, key, endpoint, hash);
  if (response === undefined) throw new AppError('IDEMPOTENCY_MISMATCH', idempotencyMessages.mismatch);
  return { fresh: false, response };
}

/**
 * The answer a key already holds, or undefined when it was never claimed; a key used for another request, or
 * whose call is still running, fails as a claim would. For a call refused before it claims (bids/place.ts), so a
 * replay still gets its first answer whatever the rules say now.
 */
export async function storedResponse<T>(
  db: Queryable,
  scope: string,
  key: string,
  endpoint: string,
  body: unknown,
): Promise<T | undefined> {
  return readStored<T>(db, scope, key, endpoint, requestHash(endpoint, body));
}

async function readStored<T>(
  db: Queryable,
  scope: string,
  key: string,
  endpoint: string,
  hash: Buffer,
): Promise<T | undefined> {
  const { rows } = await db.query<{ endpoint: string; request_hash: Buffer; response: T | null }>(
    'SELECT endpoint, request_hash, response FROM idempotency_keys WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.endpoint !== endpoint || !Buffer.from(row.request_hash).equals(hash)) {
    throw new AppError('IDEMPOTENCY_MISMATCH', idempotencyMessages.mismatch);
  }
  if (row.response === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS', idempotencyMessages.inProgress);
  return row.response;
}

export async function storeResponse(
  tx: Queryable,
  scope: string,
  key: string,
  response: unknown,
  journalId: number | null,
): Promise<void> {
  await tx.query(
    'UPDATE idempotency_keys SET response = $3::json, journal_id = $4 WHERE scope = $1 AND key = $2',
    [scope, key, JSON.stringify(response), journalId],
  );
}

/**
 * Runs `effect` at most once per (scope, key) inside `tx`. Without a key the effect simply runs.
 * `effect` returns the response and the journal it wrote (if any).
 */
export async function once<T>(
  tx: Queryable,
  options: { scope: string; key: string | undefined; endpoint: string; body: unknown; at: Date },
  effect: () => Promise<{ response: T; journalId: number | null }>,
): Promise<T> {
  if (options.key === undefined) return (await effect()).response;
  const claim = await claimKey<T>(tx, options.scope, options.key, options.endpoint, options.body, options.at);
  if (!claim.fresh) return claim.response;
  const { response, journalId } = await effect();
  await storeResponse(tx, options.scope, options.key, response, journalId);
  return response;
}
