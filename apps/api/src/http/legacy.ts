/**
 * The legacy contract (spec section 7): every call is POST with a JSON body carrying env_type and app_key.
 * `legacyRoute` checks the envelope, resolves the session when asked, validates the body with a shared
 * zod schema and hands the handler a typed context. Routes stay thin; rules live in services.
 */
import { accountMessages } from '@gama/core/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { ZodType } from 'zod';
import { AppError } from './errors.ts';
import type { SessionPlayer } from '../modules/auth/sessions.ts';
import { resolveSession, sessionTokenFrom } from '../modules/auth/sessions.ts';

export type Auth = 'public' | 'player' | 'betting';

export interface Ctx<B> {
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The web app asked for the token to stay out of bodies (cookie only). */
  isWeb: boolean;
}
export interface PlayerCtx<B> extends Ctx<B> {
  player: SessionPlayer;
  sessionHash: Buffer;
}

function appKeyMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isWebClient(request: FastifyRequest): boolean {
  return request.headers['x-gama-web'] === '1';
}

function envelope(request: FastifyRequest, appKey: string): Record<string, unknown> {
  const raw = request.body ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw) || raw === null) {
    throw new AppError('VALIDATION', 'Request body must be a JSON object');
  }
  const body = raw as Record<string, unknown>;
  if (!appKeyMatches(body.app_key, appKey)) throw new AppError('BAD_APP_KEY', accountMessages.badAppKey);
  return body;
}

export function legacyRoute<B>(
  app: FastifyInstance,
  path: string,
  options: { auth: 'public'; schema?: ZodType<B> },
  handler: (ctx: Ctx<B>) => Promise<object>,
): void;
export function legacyRoute<B>(
  app: FastifyInstance,
  path: string,
  options: { auth: 'player' | 'betting'; schema?: ZodType<B> },
  handler: (ctx: PlayerCtx<B>) => Promise<object>,
): void;
export function legacyRoute<B>(
  app: FastifyInstance,
  path: string,
  options: { auth: Auth; schema?: ZodType<B> },
  handler: ((ctx: Ctx<B>) => Promise<object>) | ((ctx: PlayerCtx<B>) => Promise<object>),
): void {
  app.post(path, async (request, reply) => {
    const { db, clock, config } = app.deps;
    const raw = envelope(request, config.APP_KEY);
    const isWeb = isWebClient(request);
    let player: SessionPlayer | undefined;
    let sessionHash: Buffer | undefined;
    if (options.auth !== 'public') {
      const token = sessionTokenFrom(request, raw);
      const session = token ? await resolveSession(db, clock, token) : null;
      if (!session) throw new AppError('UNAUTHENTICATED', accountMessages.sessionExpired);
      if (options.auth === 'betting' && session.player.bettingStatus !== '1') {
        throw new AppError('BETTING_DISABLED', accountMessages.bettingDisabled);
      }
      player = session.player;
      sessionHash = session.tokenHash;
    }
    const body = options.schema ? options.schema.parse(raw) : (raw as B);
    const ctx = { body, request, reply, isWeb };
    const result = player
      ? await (handler as (c: PlayerCtx<B>) => Promise<object>)({
          ...ctx,
          player,
          sessionHash: sessionHash as Buffer,
        })
      : await (handler as (c: Ctx<B>) => Promise<object>)(ctx);
    return result;
  });
}
