/**
 * The endpoint catalogue's building block: one entry describes one route completely (method, path, who may
 * call it, request and response schemas, the error codes it can answer). The server registers routes from
 * entries, both apps call through a client typed by them, and the OpenAPI documents are generated from them,
 * so a path or a body shape is written exactly once.
 */
import type { z, ZodType } from 'zod';
import type { ErrorCode } from '../contract/errors.ts';
import type { Permission } from '../operators/permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: the legacy contract (JSON POST with `app_key`), no session;
 * - `player`: the legacy contract with a signed-in player;
 * - `betting`: as `player`, and the player's `betting_status` must be "1";
 * - `operator`: `/admin-api` with an operator session holding the entry's `permission`;
 * - `operator-login`: `/admin-api` sign-in steps, before a session exists;
 * - `open`: anyone, no app key (documents, health, the development outbox).
 */
export type Access = 'public' | 'player' | 'betting' | 'operator' | 'operator-login' | 'open';

/** The other answer types an entry may have besides JSON (see `produces`). */
export type Produces = 'text/html' | 'text/csv' | 'text/plain' | 'image/*' | 'text/event-stream';

export interface Endpoint<
  Body extends ZodType | undefined = ZodType | undefined,
  Query extends ZodType | undefined = ZodType | undefined,
  Params extends ZodType | undefined = ZodType | undefined,
  Res extends ZodType = ZodType,
  A extends Access = Access,
  P extends Produces | undefined = Produces | undefined,
> {
  readonly method: HttpMethod;
  /** Fastify syntax: `/admin-api/players/:id`. */
  readonly path: string;
  readonly access: A;
  /** Required when `access` is `operator`. */
  readonly permission?: Permission;
  /** The domain folder it belongs to; also the OpenAPI tag. */
  readonly domain: string;
  readonly summary: string;
  readonly body?: Body;
  readonly query?: Query;
  readonly params?: Params;
  /** The success answer. */
  readonly response: Res;
  /** Codes of `{status:false, code, msg}` answers this route can give besides the envelope's own. */
  readonly errors: readonly ErrorCode[];
  /** Accepts an `Idempotency-Key` header (or the legacy `request_id` field); a replay answers the first answer. */
  readonly idempotent?: boolean;
  /**
   * Open to an operator session that must still enrol two-factor (`totp_required` on, not enrolled); every
   * other operator route answers 403 TOTP_ENROLMENT_REQUIRED to such a session.
   */
  readonly duringEnrolment?: boolean;
  /** Registered only in development (never documented). */
  readonly devOnly?: boolean;
  /**
   * For the operators' monitoring, not for the apps or API clients (Prometheus metrics): registered like every
   * route but listed in neither OpenAPI document, whose readers are the apps' and the console's developers.
   */
  readonly internal?: boolean;
  /**
   * Answers in another type too: `text/html` is a page and `image/*` an image, never JSON (`response` then
   * describes nothing); `text/csv` is a download given with `format=csv`, and `response` still describes the
   * JSON answer; `text/event-stream` is a stream of Server-Sent Events, each event's data one `response`.
   */
  readonly produces?: P;
  /**
   * A read the apps repeat every few seconds (the wallet, the market lists): its successful answers are summarised
   * in the request log, not logged one by one (apps/api/src/http/request-log.ts).
   */
  readonly polled?: boolean;
  /** The largest request body accepted, in bytes, when it must differ from the server's default (256 KiB). */
  readonly bodyLimit?: number;
}

export type AnyEndpoint = Endpoint<
  ZodType | undefined,
  ZodType | undefined,
  ZodType | undefined,
  ZodType,
  Access
>;

/** Identity function that keeps the literal types of an entry, so the client and server can read them. */
export function endpoint<
  Body extends ZodType | undefined = undefined,
  Query extends ZodType | undefined = undefined,
  Params extends ZodType | undefined = undefined,
  Res extends ZodType = ZodType,
  A extends Access = Access,
  P extends Produces | undefined = undefined,
>(entry: Endpoint<Body, Query, Params, Res, A, P>): Endpoint<Body, Query, Params, Res, A, P> {
  if (entry.access === 'operator' && entry.permission === undefined) {
    throw new Error(`${entry.method} ${entry.path}: an operator endpoint needs a permission`);
  }
  return entry;
}

/** The schemas an entry was made with (its generic arguments; the optional properties would add `undefined`). */
type Schemas<E> =
  E extends Endpoint<infer B, infer Q, infer P, infer R, Access>
    ? { body: B; query: Q; params: P; response: R }
    : never;
type InputOf<S> = [S] extends [ZodType] ? z.input<S> : unknown;
type OutputOf<S> = [S] extends [ZodType] ? z.output<S> : undefined;

/** What a caller passes: path parameters, query and body fields in one object (split by the client). */
export type CallInput<E extends AnyEndpoint> = InputOf<Schemas<E>['params']> &
  InputOf<Schemas<E>['query']> &
  InputOf<Schemas<E>['body']>;
/** The success answer a caller receives. */
export type Answer<E extends AnyEndpoint> = z.output<E['response']>;
/** What a handler may return for a success (before the response schema is applied). */
export type HandlerAnswer<E extends AnyEndpoint> = z.input<E['response']>;
export type ParsedBody<E extends AnyEndpoint> = OutputOf<Schemas<E>['body']>;
export type ParsedQuery<E extends AnyEndpoint> = OutputOf<Schemas<E>['query']>;
export type ParsedParams<E extends AnyEndpoint> = OutputOf<Schemas<E>['params']>;

/** The names of a path's parameters, in order: `/x/:id/y/:key` gives `['id', 'key']`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] as string);
}

/** Fills a path's parameters; each value is URI-encoded. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The codes a route can answer: its entry's own, and those its access, input and method bring. The OpenAPI
 * documents list them, and outside production the server refuses (500) to answer a code not among them. Any route can
 * also fail with a 5xx (the shared `5XX` response); an entry lists a 5xx code when it is part of its contract
 * (an SMS gateway that is down), and that code gets its own status.
 */
export function failureCodes(entry: AnyEndpoint): ErrorCode[] {
  const legacy = entry.access === 'public' || entry.access === 'player' || entry.access === 'betting';
  const codes = new Set<ErrorCode>();
  const takesInput =
    entry.body !== undefined ||
    entry.query !== undefined ||
    entry.params !== undefined ||
    entry.method !== 'GET';
  if (takesInput) codes.add('VALIDATION');
  if (legacy && entry.method !== 'GET') codes.add('BAD_APP_KEY');
  if (entry.access === 'player' || entry.access === 'betting' || entry.access === 'operator') {
    codes.add('UNAUTHENTICATED');
  }
  if (entry.access === 'betting') codes.add('BETTING_DISABLED');
  if (entry.access === 'operator') {
    codes.add('FORBIDDEN');
    // The operator's session check: idle past the limit.
    codes.add('SESSION_IDLE');
  }
  if (entry.access === 'operator' && entry.duringEnrolment !== true) codes.add('TOTP_ENROLMENT_REQUIRED');
  if (entry.idempotent) {
    codes.add('IDEMPOTENCY_KEY_INVALID');
    codes.add('IDEMPOTENCY_MISMATCH');
    codes.add('IDEMPOTENCY_IN_PROGRESS');
  }
  if (entry.method !== 'GET') {
    codes.add('CROSS_SITE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  for (const code of entry.errors) codes.add(code);
  return [...codes];
}
