/**
 * Registers a route from its endpoint catalogue entry: the method, path, who may call it, and the request
 * schemas all come from the entry; a route file supplies only the handler. Outside production every answer is
 * also checked against the entry's response schema, and every refusal's code against the codes the entry lists,
 * so the catalogue cannot drift from what the server sends.
 */
import { accountMessages } from '@gama/core/contract/messages';
import type {
  Access,
  AnyEndpoint,
  HandlerAnswer,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
} from '@gama/core/endpoints/define';
import { failureCodes } from '@gama/core/endpoints/define';
import { can, forbiddenMessage } from '@gama/core/operators/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ZodError } from 'zod';
import { AppError } from './errors.ts';
import type { RouteLogConfig } from './request-log.ts';
import type { OperatorSession, SessionPlayer } from '../deps.ts';

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

/** A handler's way to answer with something other than JSON (a page, a CSV file, a 304). */
export class RawReply {
  readonly sent: FastifyReply;
  constructor(sent: FastifyReply) {
    this.sent = sent;
  }
}

/**
 * A CSV download (an entry that `produces: 'text/csv'`): sent as `text/csv` with the file name in
 * Content-Disposition. The text should be made by `toCsv` (lib/csv.ts), which quotes and defuses cells.
 */
export class CsvReply {
  readonly filename: string;
  readonly text: string;
  constructor(filename: string, text: string) {
    this.filename = filename;
    this.text = text;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function isWebClient(request: FastifyRequest): boolean {
  return request.headers['x-gama-web'] === '1';
}

type Who<A extends Access> = A extends 'player' | 'betting'
  ? { player: SessionPlayer; sessionHash: Buffer }
  : A extends 'operator'
    ? { operator: OperatorSession }
    : object;

export type RouteCtx<E extends AnyEndpoint> = {
  body: ParsedBody<E>;
  query: ParsedQuery<E>;
  params: ParsedParams<E>;
  /** The body as sent, envelope included (idempotency keys, audit detail). */
  raw: Record<string, unknown>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The web app asked for the token to stay out of bodies (cookie only). */
  isWeb: boolean;
} & Who<E['access']>;

export type Handler<E extends AnyEndpoint> = (
  ctx: RouteCtx<E>,
) => Promise<HandlerAnswer<E> | JsonText | RawReply | CsvReply>;

function appKeyMatches(given: unknown, expected: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  return a.length === expected.length && timingSafeEqual(a, expected);
}

function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const raw = request.body ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw) || raw === null) {
    throw new AppError('VALIDATION', 'Request body must be a JSON object');
  }
  return raw as Record<string, unknown>;
}

/**
 * The body as an object (a GET has none). A function of its own rather than a closure made per call: the server
 * runs through tsx, whose esbuild keeps function names, so every closure made per request also costs an
 * `Object.defineProperty` (measured: about 1 % of a polled read's CPU).
 */
function readBody(endpoint: AnyEndpoint, request: FastifyRequest): Record<string, unknown> {
  return endpoint.method === 'GET' ? {} : bodyObject(request);
}

const isLegacy = (access: Access) => access === 'public' || access === 'player' || access === 'betting';

/** Every endpoint registered on an instance, so a test can compare them with the catalogue. */
const registered = new WeakMap<FastifyInstance, Set<AnyEndpoint>>();
export function registeredEndpoints(app: FastifyInstance): ReadonlySet<AnyEndpoint> {
  return registered.get(app) ?? new Set();
}

export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  // The entry alone decides E; the handler is then checked against it (its answer must not widen E).
  handler: NoInfer<Handler<E>>,
  options: RouteOptions = {},
): void {
  const appKey = Buffer.from(app.deps.config.APP_KEY);
  const checkAnswers = app.deps.config.NODE_ENV !== 'production';
  const declared = new Set(failureCodes(endpoint));
  const set = registered.get(app) ?? new Set<AnyEndpoint>();
  registered.set(app, set);
  set.add(endpoint);
  // A player's money request (the betting entries) tells the push fan-out to yield (push/pacer.ts, decision 036).
  const traffic = endpoint.access === 'betting' ? app.deps.traffic : undefined;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit === undefined ? {} : { bodyLimit: endpoint.bodyLimit }),
    config: { polled: endpoint.polled === true } satisfies RouteLogConfig,
    handler: async (request, reply) => {
      traffic?.note();
      const seen: Seen = {};
      try {
        return await handle(request, reply, seen);
      } catch (error) {
        if (options.onRefusal && seen.operator) await reportRefusal(options.onRefusal, seen, request, error);
        throw checkAnswers ? checkRefusal(endpoint, declared, error) : error;
      }
    },
  });

  async function handle(request: FastifyRequest, reply: FastifyReply, seen: Seen): Promise<unknown> {
    const { callers } = app.deps;
    const who: Record<string, unknown> = {};
    // A legacy body carries the app key and may carry the token, so it is read first; an operator call is
    // authenticated before its body is looked at, so a stranger learns nothing about what a body should be.
    let raw: Record<string, unknown>;
    if (isLegacy(endpoint.access)) {
      raw = readBody(endpoint, request);
      // A GET has no body to carry the app key: a browser's EventSource (the notification stream) can send
      // neither a body nor a header, only the session cookie, which is what authenticates it.
      if (endpoint.method !== 'GET' && !appKeyMatches(raw.app_key, appKey)) {
        throw new AppError('BAD_APP_KEY', accountMessages.badAppKey);
      }
      if (endpoint.access !== 'public') {
        const session = await callers.player(request, raw);
        if (!session) throw new AppError('UNAUTHENTICATED', accountMessages.sessionExpired);
        if (endpoint.access === 'betting' && session.player.bettingStatus !== '1') {
          throw new AppError('BETTING_DISABLED', accountMessages.bettingDisabled);
        }
        who.player = session.player;
        who.sessionHash = session.tokenHash;
      }
    } else {
      if (endpoint.access === 'operator') {
        const operator = await callers.operator(request, {
          duringEnrolment: endpoint.duringEnrolment === true,
        });
        seen.operator = operator;
        const permission = endpoint.permission;
        if (permission === undefined || !can(operator.role, permission)) {
          // An operator entry always names a permission (define.ts refuses one without).
          const message = permission ? forbiddenMessage(permission) : 'Forbidden';
          throw new AppError('FORBIDDEN', message);
        }
        who.operator = operator;
      }
      raw = readBody(endpoint, request);
      seen.raw = raw;
    }
    const ctx = {
      body: endpoint.body ? endpoint.body.parse(raw) : undefined,
      query: endpoint.query ? endpoint.query.parse(request.query ?? {}) : undefined,
      params: endpoint.params ? endpoint.params.parse(request.params ?? {}) : undefined,
      raw,
      request,
      reply,
      isWeb: isWebClient(request),
      ...who,
    } as RouteCtx<E>;
    const result = await handler(ctx);
    if (result instanceof RawReply) return result.sent;
    if (result instanceof CsvReply) {
      if (endpoint.produces !== 'text/csv') {
        throw new Error(
          `${endpoint.method} ${endpoint.path} answered CSV but its entry does not produce text/csv`,
        );
      }
      // The name is the server's own (report and dates), never the caller's text.
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.filename.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'no-store');
      return result.text;
    }
    if (result instanceof JsonText) {
      if (checkAnswers) checkAnswer(endpoint, JSON.parse(result.text));
      void reply.type(JSON_TYPE);
      return result.text;
    }
    if (checkAnswers) checkAnswer(endpoint, result);
    return result;
  }
}

/** What the route learnt of a call before it failed: who called, and the body they sent. */
interface Seen {
  operator?: OperatorSession;
  raw?: Record<string, unknown>;
}

/**
 * Told of every refusal of an operator's call (the caller known, the permission, the body or the service said
 * no), with the code and message the operator gets: the audit of refused actions (audit/refusals.ts).
 */
export type RefusalHook = (
  call: {
    operator: OperatorSession;
    request: FastifyRequest;
    raw: Record<string, unknown>;
    params: Record<string, unknown>;
  },
  refusal: { code: string; msg: string },
) => Promise<void>;

export interface RouteOptions {
  onRefusal?: RefusalHook;
}

async function reportRefusal(hook: RefusalHook, seen: Seen, request: FastifyRequest, error: unknown) {
  const refusal =
    error instanceof AppError
      ? { code: error.code, msg: error.message }
      : error instanceof ZodError
        ? { code: 'VALIDATION', msg: error.issues[0]?.message ?? 'Invalid request' }
        : null;
  if (!refusal || !seen.operator) return;
  const params = (
    typeof request.params === 'object' && request.params !== null ? request.params : {}
  ) as Record<string, unknown>;
  // Refused before its body was read (no permission): the row still says what was asked, as sent.
  const sent = typeof request.body === 'object' && request.body !== null ? request.body : {};
  const raw = seen.raw ?? (sent as Record<string, unknown>);
  await hook({ operator: seen.operator, request, raw, params }, refusal);
}

/**
 * A refusal whose code its entry does not list is a server bug, as an answer outside the schema is: the
 * client and the documents would not know the code. Outside production it becomes a 500 naming the code.
 * A 5xx code may come from any route (a database that is down), so those pass.
 */
function checkRefusal(endpoint: AnyEndpoint, declared: ReadonlySet<string>, error: unknown): unknown {
  if (!(error instanceof AppError) || error.httpStatus >= 500 || declared.has(error.code)) return error;
  return new Error(
    `${endpoint.method} ${endpoint.path} refused with ${error.code} (${error.message}), which its entry's errors do not list`,
  );
}

/** A handler whose answer does not match its entry is a server bug: a 500, with the mismatch in the log. */
function checkAnswer(endpoint: AnyEndpoint, answer: unknown): void {
  // A page or an image has no JSON answer to check; a CSV entry's JSON answers are checked like any other.
  if (endpoint.produces === 'text/html' || endpoint.produces === 'image/*') return;
  if (endpoint.produces === 'text/event-stream') return;
  const parsed = endpoint.response.safeParse(answer);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${endpoint.method} ${endpoint.path} answered outside its response schema: ${issue?.path.join('.')} ${issue?.message}`,
    );
  }
}
