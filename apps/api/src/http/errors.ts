import type { ApiFailure, ErrorCode } from '@gama/core/contract/errors';
import { errorCodes } from '@gama/core/contract/errors';
import { accountMessages } from '@gama/core/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** The one error class of the server: a code from the shared list and a user-safe message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, msg: string, headers: Record<string, string> = {}) {
    super(msg);
    this.code = code;
    this.httpStatus = errorCodes[code];
    this.headers = headers;
  }
}

export function failureBody(code: ErrorCode, msg: string, requestId?: string): ApiFailure {
  return requestId ? { status: false, code, msg, request_id: requestId } : { status: false, code, msg };
}

/** Maps every failure to `{status:false, code, msg}`; a 5xx never carries a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      void reply.headers(error.headers).code(error.httpStatus).send(failureBody(error.code, error.message));
      return;
    }
    if (error instanceof ZodError) {
      const first = error.issues[0];
      void reply.code(400).send(failureBody('VALIDATION', first?.message ?? 'Invalid request'));
      return;
    }
    const status = (error as FastifyError).statusCode;
    if (status === 415) {
      void reply.code(415).send(failureBody('UNSUPPORTED_MEDIA_TYPE', 'Requests must be JSON'));
      return;
    }
    if (status === 413) {
      void reply.code(413).send(failureBody('VALIDATION', 'Request body is too large'));
      return;
    }
    if (status !== undefined && status >= 400 && status < 500) {
      void reply.code(400).send(failureBody('VALIDATION', 'Malformed request'));
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // F3: a transaction that lost its connection rolls back, unless its COMMIT reached the server before the
      // answer was lost; either way the same call with the same idempotency key gets the one outcome. The pool
      // reconnects on the next call (through HAProxy, to whichever node is primary now), so the client may simply
      // try again shortly.
      request.log.error({ err: error }, 'database unavailable');
      void reply
        .code(503)
        .header('retry-after', '5')
        .send(failureBody('UNAVAILABLE', accountMessages.serviceUnavailable, request.id));
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    void reply.code(500).send(failureBody('INTERNAL', accountMessages.somethingWrong, request.id));
  });
}

/** Network codes of a connection to PostgreSQL that failed or dropped. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether `error` says the database cannot be reached now, rather than that the request or the code is wrong:
 * a refused or dropped connection, SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, or not
 * accepting connections yet), 53300 (too many connections), or a PGlite that has been closed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || code === '53300') return true;
    if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return (
    typeof message === 'string' &&
    (message.startsWith('Connection terminated') ||
      // node-postgres: no connection within connectionTimeoutMillis (db/postgres.ts), the server unreachable.
      message === 'timeout exceeded when trying to connect' ||
      // node-postgres: a statement sent on a connection that has already failed (a transaction's next step).
      message === 'Client has encountered a connection error and is not queryable' ||
      message === 'PGlite is closed')
  );
}
