/**
 * Operator sessions: an opaque random token, stored hashed, carried by an HttpOnly SameSite=Strict cookie
 * scoped to /admin-api (the console) or an `Authorization: Bearer` header (API clients). A session ends after
 * 30 minutes without a request, on sign-out, and when the owner disables the operator or resets their
 * password or two-factor.
 */
import { loginMessages, OPERATOR_IDLE_MINUTES } from '@gama/core/endpoints/operators/index';
import type { Role } from '@gama/core/operators/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';

export type { Role };

export interface Operator {
  id: number;
  username: string;
  role: Role;
}

/** The operator of a request, with what the session itself says. */
export interface OperatorSession extends Operator {
  sessionId: number;
  tokenHash: Buffer;
  totpEnabled: boolean;
  /** Two-factor is required and not set up yet: only enrolment routes may run. */
  enrolmentRequired: boolean;
}

export const OPERATOR_COOKIE = 'gama_op';
export const OPERATOR_IDLE_MS = OPERATOR_IDLE_MINUTES * 60_000;
// A write per request would be wasted on a console that polls; a minute is fine-grained enough for 30.
const TOUCH_EVERY_MS = 60_000;

export const enrolmentRequiredMessage =
  'Set up two-factor sign-in first: scan the QR code with an authenticator app and enter its code';

export async function createOperatorSession(
  db: Queryable,
  clock: Clock,
  operatorId: number,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; sessionId: number }> {
  const token = randomToken();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO operator_sessions (token_hash, operator_id, created_at, last_seen_at, ip, user_agent)
     VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
    [sha256(token), operatorId, clock.now(), meta.ip, meta.userAgent?.slice(0, 300) ?? null],
  );
  return { token, sessionId: rows[0]?.id ?? 0 };
}

/** The cookie first (the console), then a Bearer header (API clients). */
export function operatorTokenFrom(request: FastifyRequest): string {
  const cookie = request.cookies[OPERATOR_COOKIE];
  if (cookie) return cookie;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
}

export function setOperatorCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  secure: boolean | undefined,
): void {
  // No max-age: the cookie ends with the browser; the server ends the session after 30 idle minutes anyway.
  void reply.setCookie(OPERATOR_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/admin-api',
    secure: secure ?? request.protocol === 'https',
  });
}

export function clearOperatorCookie(reply: FastifyReply): void {
  void reply.clearCookie(OPERATOR_COOKIE, { path: '/admin-api' });
}

interface SessionRow {
  id: number;
  username: string;
  role: Role;
  session_id: number;
  last_seen_at: Date;
  totp_enabled: boolean;
  totp_required: unknown;
}

/**
 * The operator session of a request, or a 401. A session that must still enrol two-factor answers 403
 * TOTP_ENROLMENT_REQUIRED unless the route is one of the enrolment steps (`duringEnrolment`).
 */
export async function operatorFromRequest(
  db: Queryable,
  clock: Clock,
  request: FastifyRequest,
  options: { duringEnrolment?: boolean } = {},
): Promise<OperatorSession> {
  const token = operatorTokenFrom(request);
  if (token.length < 20 || token.length > 100)
    throw new AppError('UNAUTHENTICATED', 'Operator login required');
  const hash = sha256(token);
  const { rows } = await db.query<SessionRow>(
    `SELECT o.id, o.username, o.role, s.id AS session_id, s.last_seen_at,
            o.totp_enabled_at IS NOT NULL AS totp_enabled,
            (SELECT value FROM settings WHERE key = 'totp_required') AS totp_required
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND o.disabled_at IS NULL`,
    [hash],
  );
  const row = rows[0];
  const now = clock.now();
  if (row && now.getTime() - row.last_seen_at.getTime() < OPERATOR_IDLE_MS) {
    if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
      await db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE token_hash = $1', [hash, now]);
    }
    // A missing or unreadable setting counts as required (owner-settings.ts: strict when in doubt).
    const enrolmentRequired = row.totp_required !== false && !row.totp_enabled;
    if (enrolmentRequired && options.duringEnrolment !== true) {
      throw new AppError('TOTP_ENROLMENT_REQUIRED', enrolmentRequiredMessage);
    }
    return {
      id: row.id,
      username: row.username,
      role: row.role,
      sessionId: row.session_id,
      tokenHash: hash,
      totpEnabled: row.totp_enabled,
      enrolmentRequired,
    };
  }
  // The session is there but sat idle too long: say so, so the console can tell the operator why.
  if (row) throw new AppError('SESSION_IDLE', loginMessages.idle);
  // A player's session is a real login, just not an operator's: that is a 403, not a 401.
  const { rows: player } = await db.query(
    'SELECT 1 FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL',
    [hash],
  );
  if (player.length > 0) throw new AppError('FORBIDDEN', 'Operators only');
  throw new AppError('UNAUTHENTICATED', 'Operator login required');
}

export async function endSession(db: Queryable, clock: Clock, tokenHash: Buffer): Promise<void> {
  await db.query(
    'UPDATE operator_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash, clock.now()],
  );
}

/** Ends one of the operator's own sessions by id; false when they have no such live session. */
export async function endOwnSession(
  db: Queryable,
  clock: Clock,
  operatorId: number,
  sessionId: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE operator_sessions SET revoked_at = $3
      WHERE id = $1 AND operator_id = $2 AND revoked_at IS NULL AND last_seen_at > $4`,
    [sessionId, operatorId, clock.now(), new Date(clock.now().getTime() - OPERATOR_IDLE_MS)],
  );
  return rowCount > 0;
}

/** Ends every session of an operator, or every one but `except`; answers how many were live. */
export async function endOperatorSessions(
  db: Queryable,
  clock: Clock,
  operatorId: number,
  except?: number,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE operator_sessions SET revoked_at = $2
      WHERE operator_id = $1 AND revoked_at IS NULL AND ($3::bigint IS NULL OR id <> $3)`,
    [operatorId, clock.now(), except ?? null],
  );
  return rowCount;
}

export async function listOwnSessions(
  db: Queryable,
  clock: Clock,
  operatorId: number,
  currentId: number,
): Promise<
  {
    id: number;
    created_at: string;
    last_seen_at: string;
    ip: string | null;
    user_agent: string | null;
    current: boolean;
  }[]
> {
  const { rows } = await db.query<{
    id: number;
    created_at: Date;
    last_seen_at: Date;
    ip: string | null;
    user_agent: string | null;
  }>(
    `SELECT id, created_at, last_seen_at, ip, user_agent FROM operator_sessions
      WHERE operator_id = $1 AND revoked_at IS NULL AND last_seen_at > $2
      ORDER BY created_at DESC, id DESC`,
    [operatorId, new Date(clock.now().getTime() - OPERATOR_IDLE_MS)],
  );
  return rows.map((r) => ({
    id: r.id,
    created_at: r.created_at.toISOString(),
    // The current session's last request is this one, whatever the coarse touch has stored.
    last_seen_at: (r.id === currentId ? clock.now() : r.last_seen_at).toISOString(),
    ip: r.ip,
    user_agent: r.user_agent,
    current: r.id === currentId,
  }));
}
