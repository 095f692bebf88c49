/**
 * One typed client for every app: `call(endpoints.submitBid, body)` checks the body and the answer against
 * the catalogue entry at compile time, builds the path, query and legacy envelope, and turns every failure into
 * one `ApiError`. The transport details that differ between apps (headers, the legacy envelope, what a lost
 * session means) are options.
 */
import type { ErrorCode } from '../contract/errors.ts';
import { somethingWrong } from '../contract/failure-messages.ts';
import type { AnyEndpoint, Answer, CallInput } from './define.ts';
import { fillPath, pathParams } from './define.ts';

/** Client-side failures the server never sends: the request did not get a usable answer. */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';

export const networkMessages = {
  offline: 'No internet connection. Please check your network and try again.',
  timeout: 'The server is taking too long. Please try again.',
} as const;

/** Every failed call becomes this one shape, whatever went wrong. */
export class ApiError extends Error {
  readonly code: ErrorCode | ClientErrorCode;
  readonly httpStatus: number;
  /** The server's id of the failed request (sent with server faults), for support to find it in the logs. */
  readonly requestId: string | undefined;

  constructor(message: string, code: ErrorCode | ClientErrorCode, httpStatus: number, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.requestId = requestId;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return somethingWrong;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Sent as the `Idempotency-Key` header. */
  idempotencyKey?: string;
}

export interface ClientConfig {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Prefix for every path ('' for the same origin). */
  baseUrl?: string;
  /** Headers on every call. */
  headers?: () => Record<string, string>;
  /** Fields every legacy (`/api-*`) body carries: `env_type`, `app_key`. */
  legacyEnvelope?: () => Record<string, unknown>;
  timeoutMs?: number;
  /** Told about every failure the server answered, before it is thrown (e.g. a lost session on a 401). */
  onFailure?: (error: ApiError, endpoint: AnyEndpoint) => void;
}

const isLegacy = (e: AnyEndpoint) => e.access === 'public' || e.access === 'player' || e.access === 'betting';

function readFailure(body: unknown): { code: ErrorCode; msg: string; requestId: string | undefined } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { status, code, msg, request_id } = body as {
    status?: unknown;
    code?: unknown;
    msg?: unknown;
    request_id?: unknown;
  };
  if (status !== false || typeof msg !== 'string') return null;
  return {
    code: (typeof code === 'string' ? code : 'INTERNAL') as ErrorCode,
    msg,
    requestId: typeof request_id === 'string' ? request_id : undefined,
  };
}

function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Splits a call's one input object into the path, the query (GET) or the body (other methods). */
export function requestOf(
  endpoint: AnyEndpoint,
  input: Record<string, unknown> = {},
): { url: string; body: Record<string, unknown> | undefined } {
  const names = pathParams(endpoint.path);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!names.includes(key)) rest[key] = value;
  const path = fillPath(endpoint.path, input);
  if (endpoint.method === 'GET') return { url: path + queryString(rest), body: undefined };
  return { url: path, body: rest };
}

export type Call = <E extends AnyEndpoint>(
  endpoint: E,
  input?: CallInput<E>,
  options?: CallOptions,
) => Promise<Answer<E>>;

/** A file the server answered: its bytes and the name its `Content-Disposition` gave. */
export interface Download {
  filename: string;
  blob: Blob;
}

/**
 * The input of an entry that answers CSV with `format=csv` (`produces: 'text/csv'`); `never` for every other
 * entry, so asking one of them for a file does not compile. `format` is the client's to set.
 */
export type DownloadInput<E extends AnyEndpoint> = 'text/csv' extends E['produces']
  ? Omit<CallInput<E>, 'format'>
  : never;

export type DownloadCall = <E extends AnyEndpoint>(
  endpoint: E,
  input: DownloadInput<E>,
  options?: CallOptions,
) => Promise<Download>;

export interface ApiClient {
  call: Call;
  /**
   * The CSV file of an entry that gives one with `format=csv`, whatever its method: a POST route's file (the
   * legacy contract's) cannot be a plain link, so it is fetched with the session and the envelope like a call.
   * A failure answers JSON and becomes the same `ApiError` as a call's.
   */
  download: DownloadCall;
  /** The URL of a GET endpoint with its input (a CSV download, a link). */
  urlOf: <E extends AnyEndpoint>(endpoint: E, input?: CallInput<E>) => string;
}

/** The file name in a `Content-Disposition` header; `fallback` when it names none. */
export function dispositionFilename(header: string | null, fallback: string): string {
  const match = header?.match(/filename="?([^";]+)"?/i);
  return match?.[1]?.trim() || fallback;
}

export function createApiClient(config: ClientConfig = {}): ApiClient {
  const timeoutMs = config.timeoutMs ?? 20_000;
  const base = config.baseUrl ?? '';

  /** Sends one request of an entry; a failure to get an answer at all becomes NETWORK or TIMEOUT. */
  async function send(
    endpoint: AnyEndpoint,
    input: Record<string, unknown>,
    options: CallOptions,
    accept: string,
  ): Promise<Response> {
    const { url, body } = requestOf(endpoint, input);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const headers: Record<string, string> = { Accept: accept, ...config.headers?.() };
    if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(isLegacy(endpoint) ? { ...config.legacyEnvelope?.(), ...body } : body);
    }
    try {
      return await (config.fetch ?? fetch)(base + url, {
        method: endpoint.method,
        credentials: 'same-origin',
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      if (timeout.aborted) throw new ApiError(networkMessages.timeout, 'TIMEOUT', 0);
      throw new ApiError(networkMessages.offline, 'NETWORK', 0);
    }
  }

  /** The failure shape of an answer turned into ApiError (told to onFailure first); null when it is no failure. */
  function failureOf(endpoint: AnyEndpoint, response: Response, parsed: unknown): ApiError | null {
    const failure = readFailure(parsed);
    if (response.ok && failure === null) return null;
    const error =
      failure !== null
        ? new ApiError(failure.msg, failure.code, response.status, failure.requestId)
        : new ApiError(somethingWrong, 'BAD_RESPONSE', response.status);
    config.onFailure?.(error, endpoint);
    return error;
  }

  async function call<E extends AnyEndpoint>(
    endpoint: E,
    input?: CallInput<E>,
    options: CallOptions = {},
  ): Promise<Answer<E>> {
    const response = await send(
      endpoint,
      (input ?? {}) as Record<string, unknown>,
      options,
      'application/json',
    );
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
    const error = failureOf(endpoint, response, parsed);
    if (error !== null) throw error;
    if (parsed === null) throw new ApiError(somethingWrong, 'BAD_RESPONSE', response.status);
    return parsed as Answer<E>;
  }

  async function download<E extends AnyEndpoint>(
    endpoint: E,
    input: DownloadInput<E>,
    options: CallOptions = {},
  ): Promise<Download> {
    // The type already refuses other entries; this keeps an untyped caller from getting JSON as a "file".
    if (endpoint.produces !== 'text/csv') throw new Error(`${endpoint.path} gives no CSV file`);
    const response = await send(
      endpoint,
      { ...(input as Record<string, unknown>), format: 'csv' },
      options,
      'text/csv, application/json',
    );
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/csv')) {
      let parsed: unknown = null;
      try {
        parsed = await response.json();
      } catch {
        // Neither the file nor the failure shape: BAD_RESPONSE below.
      }
      throw (
        failureOf(endpoint, response, parsed) ?? new ApiError(somethingWrong, 'BAD_RESPONSE', response.status)
      );
    }
    const fallback = `${endpoint.path.split('/').at(-1) ?? 'download'}.csv`;
    return {
      filename: dispositionFilename(response.headers.get('content-disposition'), fallback),
      blob: await response.blob(),
    };
  }

  return {
    call,
    download,
    urlOf: (endpoint, input) => base + requestOf(endpoint, (input ?? {}) as Record<string, unknown>).url,
  };
}
