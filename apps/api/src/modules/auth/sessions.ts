import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { randomToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'gama_session';
const IDLE_MS = 24 * 60 * 60 * 1000;
const ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
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
  meta: { ip: string; userAgent: string | undefined },
): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await db.query(
    `INSERT INTO sessions (token_hash, player_id, created_at, last_seen_at, ip, user_agent)
     VALUES ($1, $2, $3, $3, $4, $5)`,
    [sha256(token), playerId, now, meta.ip, meta.userAgent?.slice(0, 300) ?? null],
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

export async function resolveSession(
  db: Queryable,
  clock: Clock,
  token: string,
): Promise<{ player: SessionPlayer; tokenHash: Buffer } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = sha256(token);
  const { rows } = await db.query<SessionRow>(
    `SELECT s.player_id, p.user_name, p.mobile, p.betting_status, s.created_at, s.last_seen_at
       FROM sessions s JOIN players p ON p.id = s.player_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  const now = clock.now().getTime();
  if (now - row.created_at.getTime() > ABSOLUTE_MS || now - row.last_seen_at.getTime() > IDLE_MS) return null;
  if (now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1', [tokenHash, clock.now()]);
  }
  return {
    tokenHash,
    player: {
      id: row.player_id,
      userName: row.user_name,
      mobile: row.mobile,
      bettingStatus: row.betting_status,
    },
  };
}

export async function revokeSession(db: Queryable, clock: Clock, tokenHash: Buffer): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
    tokenHash,
    clock.now(),
  ]);
}

export async function revokeAllSessions(db: Queryable, clock: Clock, playerId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE player_id = $1 AND revoked_at IS NULL', [
    playerId,
    clock.now(),
  ]);
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
