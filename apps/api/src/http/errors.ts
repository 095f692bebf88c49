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

export const fail = (code: ErrorCode, msg: string): AppError => new AppError(code, msg);

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
    request.log.error({ err: error }, 'unhandled error');
    void reply.code(500).send(failureBody('INTERNAL', accountMessages.somethingWrong, request.id));
  });
}
