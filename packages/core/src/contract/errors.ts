/**
 * One error shape for every failure the API returns: `{ status: false, code, msg }`.
 * `status: false` keeps the legacy client contract; `code` is for programs, `msg` is for people.
 * Each code has one HTTP status (the value here); the OpenAPI documents list each route's codes by status.
 */
export const errorCodes = {
  // The envelope's, the HTTP layer's and the generic codes (`genericErrorCodes` below says which may carry
  // several messages, and why).
  /** The request's input does not match the route's schema; raised by the HTTP layer only. */
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

  // Specific refusals (issue 29 item 4, decision 045). Each code below names one refusal and is raised with one
  // message (the spec's text, or one family of texts from one validator), so a client decides by the code and
  // shows the message. The generic codes above may carry several messages: their callers act alike whatever
  // the text says (show it; ask for the input again; sign in; wait).

  // Sign-up, sign-in and the player's account.
  USER_ALREADY_REGISTERED: 409,
  OTP_EXPIRED: 400,
  /** An OTP step reached without the step before it (a code for a number never asked for). */
  OTP_NAVIGATION_INVALID: 400,
  RESET_EXPIRED: 400,
  OLD_PASSWORD_MISMATCH: 400,
  AGE_REFUSED: 400,
  REFERRAL_CODE_UNKNOWN: 400,
  BREAK_RUNNING: 403,
  CLOSED_ACCOUNT_BREAK: 403,
  PLAY_LIMIT_REACHED: 400,
  CLOSE_BALANCE_LEFT: 403,
  CLOSE_DEBT_LEFT: 403,
  CLOSE_WITHDRAWAL_PENDING: 403,
  CLOSE_DEPOSIT_PENDING: 403,
  CLOSE_BIDS_OPEN: 403,
  IDEMPOTENCY_KEY_INVALID: 400,

  // Deposits, withdrawals, transfers and the wallet.
  DEPOSIT_BELOW_MIN: 400,
  DEPOSIT_POINTS_INVALID: 400,
  DEPOSIT_NOT_PENDING: 409,
  UTR_ALREADY_ENTERED: 409,
  UTR_USED: 409,
  SCREENSHOT_INVALID: 400,
  SCREENSHOT_TOO_LARGE: 400,
  SCREENSHOT_TOO_MANY_PIXELS: 400,
  WITHDRAWAL_OVER_BALANCE: 400,
  WITHDRAWAL_BELOW_MIN: 400,
  WITHDRAWAL_OUTSIDE_HOURS: 400,
  PAYOUT_METHOD_NOT_SAVED: 400,
  TRANSFER_TO_SELF: 400,
  TRANSFER_BELOW_MIN: 400,
  TRANSFER_OVER_BALANCE: 400,
  TRANSFERS_STOPPED: 403,
  DEBT_BLOCKED: 403,

  // The operators' desks: deposits, withdrawals, holds, adjustments.
  DEPOSIT_DECIDED: 409,
  DEPOSIT_PAST_ALLOWANCE: 403,
  WITHDRAWAL_DECIDED: 409,
  WITHDRAWAL_HELD: 409,
  WITHDRAWAL_NOT_HELD: 409,
  WITHDRAWAL_HOLD_OF_DECIDED: 409,
  SAME_APPROVER: 403,
  CLEARED_OWN_HOLD: 403,
  PAYMENT_REFERENCE_REQUIRED: 400,
  PAYMENT_REFERENCE_TOO_EARLY: 400,
  ADJUSTMENT_OVER_BALANCE: 409,
  ADJUSTMENT_PAST_LIMIT: 403,
  OWN_HOLD: 403,
  HOLD_DECIDED: 409,
  REFERRAL_NOT_HELD: 409,
  REFERRAL_PAST_ALLOWANCE: 403,
  SIGNAL_ALREADY_REVIEWED: 409,
  STATEMENT_INVALID: 400,
  STATEMENT_LINE_NOT_MATCHED: 400,

  // Results: declarations, reverts, imports.
  RESULT_DATE_INVALID: 400,
  RESULT_HALF_REQUIRED: 400,
  RESULT_NO_HALF: 400,
  RESULT_GALI_INVALID: 400,
  RESULT_PANA_INVALID: 400,
  RESULT_NO_DRAW: 400,
  RESULT_TOO_EARLY: 400,
  RESULT_OPEN_FIRST: 400,
  RESULT_ALREADY_DECLARED: 409,
  REVERT_IN_PROGRESS: 409,
  DECLARATION_PENDING: 409,
  DECLARATION_APPROVED: 409,
  DECLARATION_REJECTED: 409,
  DECLARATION_SUPERSEDED: 409,
  OWN_DECLARATION: 403,
  REVERT_PENDING: 409,
  REVERT_PROPOSAL_APPROVED: 409,
  REVERT_PROPOSAL_REJECTED: 409,
  OWN_REVERT: 403,
  IMPORT_TWO_PERSON: 403,

  // Markets, rates, caps, settings and content.
  MARKET_NAME_TAKEN: 409,
  MARKET_STALE: 409,
  SCHEDULE_INVALID: 400,
  SCHEDULE_CONFLICT: 409,
  RATES_STALE: 409,
  RATES_CHANGED_MEANWHILE: 409,
  RATE_MISSING: 400,
  RATES_UNCHANGED: 400,
  CAP_FIELD_UNKNOWN: 400,
  CAPS_UNCHANGED: 400,
  EXPOSURE_DATE_INVALID: 400,
  SETTING_INVALID: 400,
  HEADLINE_TEXT_REQUIRED: 400,
  SLIDES_FULL: 409,
  SLIDE_ORDER_INVALID: 400,
  IMAGE_TYPE_UNSUPPORTED: 400,
  IMAGE_TYPE_MISMATCH: 400,
  IMAGE_TOO_LARGE: 400,
  IMAGE_TOO_MANY_PIXELS: 400,
  IMAGE_TOO_SMALL: 400,
  IMAGE_UNREADABLE: 400,

  // Support, exports and the audit log.
  MESSAGE_EMPTY: 400,
  ASSIGNEE_INVALID: 400,
  THREAD_CLOSED: 409,
  THREAD_ALREADY_OPEN: 409,
  THREAD_ALREADY_CLOSED: 409,
  EXPORT_TOO_LARGE: 400,
  REPORT_TOO_LARGE: 400,
  AUDIT_EXPORT_TOO_LARGE: 400,
  CHECKPOINT_REFUSED: 409,

  // Operators: sign-in, sessions, two-factor, accounts.
  /** The operator sat idle past the limit: the console says so at sign-in. */
  SESSION_IDLE: 401,
  OPERATOR_DISABLED: 403,
  OPERATOR_NAME_TAKEN: 409,
  LAST_OWNER: 409,
  OWN_DISABLE: 409,
  OWN_ROLE: 409,
  OWN_TOTP_RESET: 409,
  TOTP_ALREADY_ON: 409,
  TOTP_NOT_ON: 409,
  TOTP_NOT_STARTED: 409,
  TOTP_MANDATORY: 403,

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
  /** A row's session is past its cut-off (the open or the close session's own words). */
  BID_CUT_OFF: 400,
  /** A bid or win history's dates are unreadable or reversed. */
  BID_HISTORY_BAD_RANGE: 400,
  /** A bid or win history spans more days than it may. */
  BID_HISTORY_RANGE_TOO_LONG: 400,
  // ---- end of the bids' block ----
  // ---- Operator notices (issue 31, decision 037) ----
  /** The maker of a notice may not approve or reject it. */
  NOTICE_OWN: 403,
  /** The notice was already rejected. */
  NOTICE_REJECTED: 409,
  /** The notice was already sent. */
  NOTICE_SENT: 409,
  /** The audience counted at approval is empty. */
  NOTICE_NO_AUDIENCE: 409,
  /** The day's notices are used up. */
  NOTICE_DAILY_LIMIT: 409,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/**
 * The codes a client acts on alike whatever their message says, so several refusals may share one: the input
 * is malformed (show the text at the form), the record named does not exist, sign in again, the permission is
 * missing (or the session is not an operator's), the password or code typed does not match (ask again), wait
 * (`Retry-After`), try later, a fault. Every other code names exactly one refusal
 * (`apps/api/test/error-codes.test.ts` checks both rules).
 */
export const genericErrorCodes: readonly ErrorCode[] = [
  'VALIDATION',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INVALID_CREDENTIALS',
  'INVALID_OTP',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
];

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
