import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../auth/throttle.ts';

import type { Role } from '@gama/core/operators/permissions';
export type { Role };

export interface Operator {
  id: number;
  username: string;
  role: Role;
}

/** The first operator comes from ADMIN_USERNAME / ADMIN_PASSWORD, or gets a random password logged once. */
export async function ensureFirstOperator(
  db: Queryable,
  config: Config,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM operators');
  if ((rows[0]?.n ?? 0) > 0) return;
  const username = config.ADMIN_USERNAME ?? 'admin';
  const generated = config.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  const password = config.ADMIN_PASSWORD ?? generated ?? '';
  await createOperator(db, { username, password, role: 'owner', now: clock.now() });
  if (generated) {
    // Printed exactly once, on the install that created it; set ADMIN_PASSWORD to choose your own.
    log.warn(`created operator "${username}" with password: ${generated}`);
  } else {
    log.info({ username }, 'created the first operator from ADMIN_USERNAME');
  }
}

export async function createOperator(
  db: Queryable,
  spec: { username: string; password: string; role: Role; now: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO operators (username, password_hash, role, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [spec.username, await hashPassword(spec.password), spec.role, spec.now],
  );
  return rows[0]?.id ?? 0;
}

export async function operatorLogin(
  db: Queryable,
  clock: Clock,
  input: { username: string; password: string },
  ip: string,
): Promise<{ token: string; operator: Operator }> {
  const subject = `operator:${input.username}`;
  await assertLoginAllowed(db, clock, subject, ip);
  const { rows } = await db.query<Operator & { password_hash: string }>(
    'SELECT id, username, role, password_hash FROM operators WHERE username = $1',
    [input.username],
  );
  const row = rows[0];
  const ok = row
    ? await verifyPassword(row.password_hash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!row || !ok) {
    await recordLoginFailure(db, clock, subject, ip);
    throw new AppError('INVALID_CREDENTIALS', 'Username or password is incorrect');
  }
  await clearLoginFailures(db, subject);
  const token = randomToken();
  const now = clock.now();
  await db.query(
    'INSERT INTO operator_sessions (token_hash, operator_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)',
    [sha256(token), row.id, now],
  );
  return { token, operator: { id: row.id, username: row.username, role: row.role } };
}

const OPERATOR_IDLE_MS = 8 * 3_600_000;

export async function operatorFromRequest(
  db: Queryable,
  clock: Clock,
  request: FastifyRequest,
): Promise<Operator> {
  const auth = request.headers.authorization;
  const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
  if (token.length < 20 || token.length > 100)
    throw new AppError('UNAUTHENTICATED', 'Operator login required');
  const hash = sha256(token);
  const { rows } = await db.query<Operator & { last_seen_at: Date }>(
    `SELECT o.id, o.username, o.role, s.last_seen_at FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [hash],
  );
  const row = rows[0];
  const now = clock.now();
  if (row && now.getTime() - row.last_seen_at.getTime() < OPERATOR_IDLE_MS) {
    await db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE token_hash = $1', [hash, now]);
    return { id: row.id, username: row.username, role: row.role };
  }
  // A player's session is a real login, just not an operator's: that is a 403, not a 401.
  const { rows: player } = await db.query(
    'SELECT 1 FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL',
    [hash],
  );
  if (player.length > 0) throw new AppError('FORBIDDEN', 'Operators only');
  throw new AppError('UNAUTHENTICATED', 'Operator login required');
}

export async function revokeOperatorSession(
  db: Queryable,
  clock: Clock,
  request: FastifyRequest,
): Promise<void> {
  const token = request.headers.authorization?.slice(7).trim() ?? '';
  await db.query('UPDATE operator_sessions SET revoked_at = $2 WHERE token_hash = $1', [
    sha256(token),
    clock.now(),
  ]);
}

/** S11: one append-only row per operator action. */
export async function audit(
  db: Queryable,
  entry: {
    operatorId: number | null;
    action: string;
    targetType?: string;
    targetId?: string | number;
    detail?: Record<string, unknown>;
    request: FastifyRequest;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (operator_id, action, target_type, target_id, detail, ip, request_id, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)`,
    [
      entry.operatorId,
      entry.action,
      entry.targetType ?? null,
      entry.targetId === undefined ? null : String(entry.targetId),
      JSON.stringify(entry.detail ?? {}),
      entry.request.ip,
      entry.request.id,
      entry.at,
    ],
  );
}
