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
import type { SessionPlayer } from '../deps.ts';

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

function appKeyMatches(given: unknown, expected: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  return a.length === expected.length && timingSafeEqual(a, expected);
}

/**
 * A response body that is already JSON text (a cached list spliced into an answer): sent as it is, with the
 * JSON content type, instead of being serialized again.
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function isWebClient(request: FastifyRequest): boolean {
  return request.headers['x-gama-web'] === '1';
}

function envelope(request: FastifyRequest, appKey: Buffer): Record<string, unknown> {
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
  const appKey = Buffer.from(app.deps.config.APP_KEY);
  app.post(path, async (request, reply) => {
    const raw = envelope(request, appKey);
    const isWeb = isWebClient(request);
    let player: SessionPlayer | undefined;
    let sessionHash: Buffer | undefined;
    if (options.auth !== 'public') {
      const session = await app.deps.callers.player(request, raw);
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
    if (result instanceof JsonText) {
      void reply.type(JSON_TYPE);
      return result.text;
    }
    return result;
  });
}
