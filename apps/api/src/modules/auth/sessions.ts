import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import type { SessionCache } from './session-cache.ts';
import { SESSION_CHANNEL, cacheKey, sessionNotice } from './session-cache.ts';
import { randomToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'gama_session';
export const IDLE_MS = 24 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Refreshing last_seen on every poll would be a write per request; a coarse refresh is enough for idle expiry.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface SessionPlayer {
  id: number;
  userName: string;
  mobile: string;
  bettingStatus: '0' | '1';
}

export async function createSession(
  db: Queryable,
  clock: Clock,
  playerId: number,
  meta: { ip: string; userAgent: string | undefined; deviceId?: string | undefined },
): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await db.query(
    `INSERT INTO sessions (token_hash, player_id, created_at, last_seen_at, ip, user_agent, device_id)
     VALUES ($1, $2, $3, $3, $4, $5, $6)`,
    [
      sha256(token),
      playerId,
      now,
      meta.ip,
      meta.userAgent?.slice(0, 300) ?? null,
      meta.deviceId === undefined || meta.deviceId === '' ? null : meta.deviceId,
    ],
  );
  return token;
}

interface SessionRow {
  player_id: number;
  user_name: string;
  mobile: string;
  betting_status: '0' | '1';
  created_at: Date;
  last_seen_at: Date;
}

/**
 * The session of a token, if it is valid now. With a cache, a recently resolved session is answered from it
 * (see session-cache.ts for how ending a session reaches it); expiry is checked on every call either way.
 */
export async function resolveSession(
  db: Queryable,
  clock: Clock,
  token: string,
  cache?: SessionCache,
): Promise<{ player: SessionPlayer; tokenHash: Buffer } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = sha256(token);
  const key = cacheKey(tokenHash);
  const now = clock.now().getTime();
  let session = cache?.get(key, now);
  if (!session) {
    const generation = cache?.generation() ?? 0;
    const { rows } = await db.query<SessionRow>(
      `SELECT s.player_id, p.user_name, p.mobile, p.betting_status, s.created_at, s.last_seen_at
         FROM sessions s JOIN players p ON p.id = s.player_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND p.blocked_at IS NULL`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    session = {
      player: {
        id: row.player_id,
        userName: row.user_name,
        mobile: row.mobile,
        bettingStatus: row.betting_status,
      },
      createdAt: row.created_at.getTime(),
      lastSeenAt: row.last_seen_at.getTime(),
    };
    cache?.put(key, session, generation, now);
  }
  if (now - session.createdAt > ABSOLUTE_MS || now - session.lastSeenAt > IDLE_MS) return null;
  if (now - session.lastSeenAt > TOUCH_EVERY_MS) {
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1', [tokenHash, new Date(now)]);
    cache?.touch(key, now);
  }
  return { tokenHash, player: { ...session.player } };
}

/**
 * Ends one session. Callers forget it in their process's session cache once this has committed; the NOTIFY
 * (sent at commit) tells the other server processes.
 */
export async function revokeSession(db: Queryable, clock: Clock, tokenHash: Buffer): Promise<void> {
  await db.query(
    `WITH revoked AS (
       UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING 1
     )
     SELECT pg_notify($3, $4) FROM (SELECT 1 FROM revoked LIMIT 1) r`,
    [tokenHash, clock.now(), SESSION_CHANNEL, sessionNotice({ tokenHash })],
  );
}

/**
 * Ends every session of a player (password change or reset, block, force sign-out) and answers how many were
 * live; the same rule for the caches as above.
 */
export async function revokeAllSessions(db: Queryable, clock: Clock, playerId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH revoked AS (
       UPDATE sessions SET revoked_at = $2 WHERE player_id = $1 AND revoked_at IS NULL RETURNING 1
     ), told AS (
       SELECT pg_notify($3, $4) FROM (SELECT 1 FROM revoked LIMIT 1) r
     )
     SELECT (SELECT count(*) FROM revoked)::int AS n, (SELECT count(*) FROM told)::int AS told`,
    [playerId, clock.now(), SESSION_CHANNEL, sessionNotice({ playerId })],
  );
  return rows[0]?.n ?? 0;
}

/**
 * What a player's sessions carry changed (name, betting status): tells the other server processes at
 * commit. The caller forgets the player in its own session cache once committed.
 */
export async function announcePlayerChange(db: Queryable, playerId: number): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, sessionNotice({ playerId })]);
}

/** The cookie first (web app), then a Bearer header, then the legacy `unique_token` body field. */
export function sessionTokenFrom(request: FastifyRequest, body: Record<string, unknown>): string | undefined {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return typeof body.unique_token === 'string' && body.unique_token !== '' ? body.unique_token : undefined;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  secure?: boolean,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure ?? request.protocol === 'https',
    maxAge: ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
