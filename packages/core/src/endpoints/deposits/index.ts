/**
 * Deposits with payment evidence: the player's UTR (and optional screenshot) after paying, and the operator's
 * queue with the player's history and flags, decided one by one or in bulk. Operator money is integer paise.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';
import {
  dateRangeFields,
  formatField,
  isoTime,
  ok,
  pageAnswerFields,
  pageQuery,
  paise,
  playerSearchField,
  reasonText,
  queryFlag,
} from '../paging.ts';
import { fundsMessages } from '../../contract/funds-messages.ts';

const domain = 'deposits';

export const depositMessages = {
  notFound: fundsMessages.depositNotFound,
  noScreenshot: 'This deposit request has no screenshot',
  decidedOtherwise: (status: string, by: string | null) =>
    `This deposit request was already ${status}${by ? ` by ${by}` : ''}`,
} as const;

/** The largest screenshot accepted, decoded. */
export const SCREENSHOT_MAX_BYTES = 1024 * 1024;
export const screenshotTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ScreenshotType = (typeof screenshotTypes)[number];

export const utrRule = z
  .string()
  .trim()
  .regex(/^\d{12}$/, { error: fundsMessages.utrInvalid });

export const fundRequestUtrBody = z.object({
  /** The deposit request's id, as /api-fund-request-add answered it. */
  request_id: z.coerce
    .number({ error: fundsMessages.depositNotFound })
    .int({ error: fundsMessages.depositNotFound })
    .positive({ error: fundsMessages.depositNotFound })
    .max(Number.MAX_SAFE_INTEGER, { error: fundsMessages.depositNotFound }),
  utr: z.string({ error: fundsMessages.utrInvalid }).pipe(utrRule),
  /**
   * Optional: a data URL (`data:image/png;base64,…`) of a PNG, JPEG or WebP image of at most 1 MB. Its size is
   * bounded by the route's body limit and checked, decoded, by the server.
   */
  screenshot: z.string({ error: fundsMessages.screenshotInvalid }).optional(),
});

export const fundRequestUtrAnswer = z.strictObject({
  status: ok,
  msg: z.string(),
  request_id: z.number().int(),
  utr: z.string(),
  screenshot: z.boolean(),
});

export const pendingDepositsAnswer = z.strictObject({
  status: ok,
  requests: z.array(
    z.strictObject({
      request_id: z.number().int(),
      /** Points, as the other player screens show money. */
      amount: z.string(),
      insert_date: z.string(),
      utr: z.string().nullable(),
      screenshot: z.boolean(),
    }),
  ),
});
export type PendingDeposit = z.output<typeof pendingDepositsAnswer>['requests'][number];

const playerRef = z.strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() });
const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });

export const depositStatus = z.enum(['pending', 'approved', 'rejected']);

export const depositRow = z.strictObject({
  id: z.number().int(),
  player: playerRef,
  amount_paise: paise,
  status: depositStatus,
  utr: z.string().nullable(),
  utr_at: isoTime.nullable(),
  has_screenshot: z.boolean(),
  created_at: isoTime,
  decided_at: isoTime.nullable(),
  decided_by: operatorRef.nullable(),
  reason: z.string().nullable(),
  /** The player's other deposit requests (this one left out), as decided so far. */
  history: z.strictObject({
    approved_count: z.number().int(),
    approved_paise: paise,
    rejected_count: z.number().int(),
    last_approved_at: isoTime.nullable(),
  }),
  flags: z.strictObject({
    /** A UTR entered for this request was already used elsewhere, or this request's UTR was entered again. */
    duplicate_utr_attempt: z.boolean(),
    /**
     * What raised `duplicate_utr_attempt`, oldest first: each refused entry of a UTR, on this request (a UTR
     * another request holds) or on another request (this request's UTR). `held_by` is the request that holds
     * the UTR now.
     */
    utr_attempts: z.array(
      z.strictObject({
        utr: z.string(),
        request_id: z.number().int(),
        player: playerRef,
        at: isoTime,
        held_by: z.number().int().nullable(),
      }),
    ),
    /**
     * The amount is more than 3 times, or less than a third of, the player's average approved deposit (with
     * at least 3 approved). The screenshot is not read by the server, so it is no statement of what was paid.
     */
    unusual_amount: z.boolean(),
  }),
});
export type DepositRow = z.output<typeof depositRow>;

export const depositsQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  ...playerSearchField,
  player_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  ...dateRangeFields,
  has_utr: queryFlag.optional(),
  flagged: queryFlag.optional(),
  ...pageQuery(['created_at', 'amount', 'id', 'decided_at'] as const, 'created_at', 'asc'),
  ...formatField,
});

export const depositsAnswer = z.strictObject({
  status: ok,
  rows: z.array(depositRow),
  ...pageAnswerFields,
});

const depositIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const depositDecision = z.strictObject({
  id: z.number().int(),
  player_id: z.number().int(),
  amount_paise: paise,
  status: z.enum(['approved', 'rejected']),
  decided_at: isoTime,
  decided_by: operatorRef,
  reason: z.string().nullable(),
  /** true when the request had already been decided so (a retry, a second click): nothing moved now. */
  already_decided: z.boolean(),
});

export const depositDecisionAnswer = z.strictObject({ status: ok, deposit: depositDecision });

export const depositsBulkBody = z
  .object({
    ids: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .min(1)
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'ids must not repeat' }),
    decision: z.enum(['approve', 'reject']),
    reason: reasonText.optional(),
  })
  .refine((b) => b.decision === 'approve' || b.reason !== undefined, {
    error: 'a reason of at least 3 characters is required',
    path: ['reason'],
  });

export const depositsBulkAnswer = z.strictObject({
  status: ok,
  results: z.array(
    z.union([
      z.strictObject({ id: z.number().int(), ok: z.literal(true), deposit: depositDecision }),
      z.strictObject({ id: z.number().int(), ok: z.literal(false), code: z.string(), msg: z.string() }),
    ]),
  ),
});

export const depositsEndpoints = {
  fundRequestUtr: endpoint({
    domain,
    method: 'POST',
    path: '/api-fund-request-utr',
    access: 'player',
    summary:
      'The UPI transaction reference (12 digits) of a pending deposit request, and optionally a screenshot',
    body: fundRequestUtrBody,
    response: fundRequestUtrAnswer,
    errors: [
      'VALIDATION',
      'NOT_FOUND',
      'UTR_ALREADY_ENTERED',
      'DEPOSIT_NOT_PENDING',
      'UTR_USED',
      'SCREENSHOT_INVALID',
      'SCREENSHOT_TOO_LARGE',
      'SCREENSHOT_TOO_MANY_PIXELS',
    ],
    bodyLimit: 2 * SCREENSHOT_MAX_BYTES,
  }),
  pendingDeposits: endpoint({
    domain,
    method: 'POST',
    path: '/api-fund-request-pending',
    access: 'player',
    summary: "The player's own deposit requests awaiting approval, newest first, with the UTR once entered",
    response: pendingDepositsAnswer,
    errors: [],
  }),
  adminDeposits: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/deposits',
    access: 'operator',
    permission: 'deposits.read',
    summary: 'The deposit queue: UTR, amount, player, history and flags; filters, paging, format=csv',
    query: depositsQuery,
    response: depositsAnswer,
    errors: ['VALIDATION', 'EXPORT_TOO_LARGE'],
    produces: 'text/csv',
  }),
  adminDepositScreenshot: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/deposits/:id/screenshot',
    access: 'operator',
    permission: 'deposits.read',
    summary: "The player's payment screenshot (PNG, JPEG or WebP)",
    params: depositIdParams,
    response: z.unknown(),
    errors: ['NOT_FOUND'],
    produces: 'image/*',
  }),
  adminDepositApprove: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/deposits/:id/approve',
    access: 'operator',
    permission: 'deposits.decide',
    summary:
      'Approve: one credit, however often it is sent; an approved request answers its decision again. Refused ' +
      "past the approver's 24-hour credit allowance (it stays for another operator)",
    params: depositIdParams,
    response: depositDecisionAnswer,
    errors: ['NOT_FOUND', 'DEPOSIT_DECIDED', 'DEPOSIT_PAST_ALLOWANCE'],
  }),
  adminDepositReject: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/deposits/:id/reject',
    access: 'operator',
    permission: 'deposits.decide',
    summary: 'Reject with a reason; a rejected request answers its decision again',
    params: depositIdParams,
    body: z.object({ reason: reasonText }),
    response: depositDecisionAnswer,
    errors: ['NOT_FOUND', 'DEPOSIT_DECIDED'],
  }),
  adminDepositsBulk: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/deposits/bulk',
    access: 'operator',
    permission: 'deposits.decide',
    summary: 'Approve or reject up to 100 requests, each on its own and idempotent; answers per id',
    body: depositsBulkBody,
    response: depositsBulkAnswer,
    errors: [],
  }),
};
