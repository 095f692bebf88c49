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
  // ---- Bids (issue 29 item 4, issue 30): each refusal of a slip has its own code; the message stays the
  // spec's text. Statuses are the ones these refusals answered with before (400 as VALIDATION, 403 as FORBIDDEN).
  // A refusal by the player's flags keeps ACCOUNT_BLOCKED or BETTING_DISABLED. ----
  /** The bet type (`pana`) is not one of the market group's. */
  BID_UNKNOWN_GAME: 400,
  /** A row's numbers or points break the bet type's rules. */
  BID_INVALID_ROW: 400,
  /** The client's `totalbit` is not the server's total. */
  BID_TOTAL_MISMATCH: 400,
  /** No such market in this group. */
  BID_MARKET_NOT_FOUND: 404,
  /** Betting is closed: the market is off, a session's cut-off has passed, or the draw is decided. */
  BID_CLOSED: 400,
  /** The slip's date is neither today nor the draw's. */
  BID_BACK_DATE: 400,
  /** The market's schedule changed while the slip was placed. */
  BID_SCHEDULE_CHANGED: 400,
  /** The wallet does not cover the slip. */
  BID_INSUFFICIENT_BALANCE: 400,
  /** Every row's number is at its liability cap. */
  BID_LIMIT_REACHED: 400,
  /** Over one of the player's own stake limits. */
  BID_PLAY_LIMIT: 400,
  /** The player is on a time-out or self-exclusion. */
  BID_ON_BREAK: 403,
  /** The player owes a recorded debt. */
  BID_DEBT: 403,
  // ---- end of the bids' block ----
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
