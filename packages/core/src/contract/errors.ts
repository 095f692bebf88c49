/**
 * One error shape for every failure the API returns: `{ status: false, code, msg }`.
 * `status: false` keeps the legacy client contract; `code` is for programs, `msg` is for people.
 */
export const errorCodes = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 400,
  INVALID_OTP: 400,
  /** The password was right and the operator has two-factor on: send the code too. */
  TOTP_REQUIRED: 400,
  /** Two-factor is required and this operator has not enrolled: only the enrolment routes answer. */
  TOTP_ENROLMENT_REQUIRED: 403,
  BAD_APP_KEY: 403,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BETTING_DISABLED: 403,
  ACCOUNT_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_MISMATCH: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  RATE_LIMITED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CROSS_SITE: 403,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export interface ApiFailure {
  status: false;
  code: ErrorCode;
  msg: string;
  request_id?: string;
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { status?: unknown }).status === false &&
    typeof (value as { msg?: unknown }).msg === 'string'
  );
}
