/**
 * The withdrawal queue: the payout number and app, the player's balance and recent money in and out, approve
 * with the payment reference, reject with a reason. Above the owner's `withdrawal_two_person_above` (points) a
 * withdrawal needs two approvals by different operators; the second one pays. Money is integer paise.
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
} from '../paging.ts';

const domain = 'withdrawals';

export const withdrawalMessages = {
  notFound: 'Withdrawal request not found',
  decidedOtherwise: (state: string, by: string | null) =>
    `This withdrawal request was already ${state}${by ? ` by ${by}` : ''}`,
  referenceRequired: 'Enter the payment reference of the payout',
  referenceTooEarly:
    'This withdrawal needs a second approval before it is paid: approve without a payment reference, and the second approver enters it',
  sameApprover: 'A different operator must give the second approval',
  heldForReview: (reason: string) =>
    `This withdrawal is held for risk review: clear the hold first (${reason.length > 300 ? `${reason.slice(0, 299)}…` : reason})`,
  notHeld: 'This withdrawal is not held',
  clearedOwnHold: 'You cleared this withdrawal’s risk hold: another operator must approve it',
  holdOfDecided: 'This withdrawal was already decided: its hold no longer matters',
} as const;

/** Days of history in a queue row's `recent` figures. */
export const RECENT_DAYS = 30;

export const withdrawalState = z.enum(['pending', 'awaiting_second_approval', 'approved', 'rejected']);

const playerRef = z.strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() });
const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });

export const withdrawalRow = z.strictObject({
  id: z.number().int(),
  player: playerRef,
  amount_paise: paise,
  state: withdrawalState,
  /** The legacy method code: "2" Google Pay, "3" Paytm, "4" PhonePe. */
  payment_method: z.enum(['2', '3', '4']),
  payout_app: z.enum(['Google Pay', 'Paytm', 'PhonePe']),
  payout_number: z.string(),
  /** Above the two-person threshold when the request was listed. */
  needs_two_approvals: z.boolean(),
  approved_by_1: operatorRef.nullable(),
  approved_1_at: isoTime.nullable(),
  payment_reference: z.string().nullable(),
  receipt_url: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: isoTime,
  decided_at: isoTime.nullable(),
  decided_by: operatorRef.nullable(),
  balance: z.strictObject({ wallet_paise: paise, debt_paise: paise }),
  /**
   * Set when the player had an open or confirmed risk flag (decision 039): the request waits until an operator
   * clears the hold (`cleared_at`) or the flags are dismissed.
   */
  risk_hold: z
    .strictObject({
      reason: z.string(),
      held_at: isoTime,
      cleared_by: operatorRef.nullable(),
      cleared_at: isoTime.nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
  /**
   * The player's money over the last RECENT_DAYS days: in (deposits, wins, transfers received) and out
   * (withdrawals, stakes, transfers sent), with the players transfers went to and came from, largest first.
   */
  recent: z.strictObject({
    days: z.number().int(),
    deposits_paise: paise,
    wins_paise: paise,
    transfers_in_paise: paise,
    withdrawals_paise: paise,
    stakes_paise: paise,
    transfers_out_paise: paise,
    counterparties: z.array(
      z.strictObject({
        direction: z.enum(['in', 'out']),
        player: playerRef,
        count: z.number().int(),
        amount_paise: paise,
      }),
    ),
  }),
});
export type WithdrawalRow = z.output<typeof withdrawalRow>;

export const withdrawalsQuery = z.object({
  /** `open`: pending and awaiting a second approval. */
  status: z
    .enum(['open', 'pending', 'awaiting_second_approval', 'approved', 'rejected', 'all'])
    .default('open'),
  ...playerSearchField,
  player_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  ...dateRangeFields,
  ...pageQuery(['created_at', 'amount', 'id', 'decided_at'] as const, 'created_at', 'asc'),
  ...formatField,
});

export const withdrawalsAnswer = z.strictObject({
  status: ok,
  rows: z.array(withdrawalRow),
  ...pageAnswerFields,
  /** The owner setting in force: withdrawals above this many points need two approvals; null when off. */
  two_person_above_points: z.number().int().nullable(),
});

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const withdrawalDecision = z.strictObject({
  id: z.number().int(),
  player_id: z.number().int(),
  amount_paise: paise,
  state: withdrawalState,
  approved_by_1: operatorRef.nullable(),
  decided_by: operatorRef.nullable(),
  decided_at: isoTime.nullable(),
  payment_reference: z.string().nullable(),
  reason: z.string().nullable(),
  /** true when the request was already in this state (a retry, a second click): nothing moved now. */
  already_decided: z.boolean(),
});

export const withdrawalDecisionAnswer = z.strictObject({ status: ok, withdrawal: withdrawalDecision });

export const withdrawApproveBody = z.object({
  /**
   * The reference of the payout (UPI transaction id): required by the approval that pays, refused on the first
   * of two approvals (nobody pays before the second).
   */
  payment_reference: z.string().trim().min(4).max(100).optional(),
  /** Optional link to a receipt the player sees in the withdraw history. */
  receipt_url: z
    .url({ protocol: /^https?$/, error: 'receipt_url must be an http(s) link' })
    .max(500)
    .optional(),
});

export const withdrawRejectBody = z.object({
  reason: reasonText,
});

export const withdrawalsEndpoints = {
  adminWithdrawals: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/withdrawals',
    access: 'operator',
    permission: 'withdrawals.read',
    summary: 'The withdrawal queue with payout number, balance and 30-day money in and out; format=csv',
    query: withdrawalsQuery,
    response: withdrawalsAnswer,
    errors: ['VALIDATION', 'EXPORT_TOO_LARGE'],
    produces: 'text/csv',
  }),
  adminWithdrawalApprove: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/withdrawals/:id/approve',
    access: 'operator',
    permission: 'withdrawals.decide',
    summary:
      'Approve: pays once with the payment reference; above the two-person threshold the first approval only records the approver',
    params: idParams,
    body: withdrawApproveBody,
    response: withdrawalDecisionAnswer,
    errors: [
      'NOT_FOUND',
      'VALIDATION',
      'IDEMPOTENCY_MISMATCH',
      'WITHDRAWAL_HELD',
      'CLEARED_OWN_HOLD',
      'PAYMENT_REFERENCE_REQUIRED',
      'WITHDRAWAL_DECIDED',
      'PAYMENT_REFERENCE_TOO_EARLY',
      'SAME_APPROVER',
    ],
    idempotent: true,
  }),
  adminWithdrawalReject: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/withdrawals/:id/reject',
    access: 'operator',
    permission: 'withdrawals.decide',
    summary: 'Reject with a reason: the held points go back to the wallet once',
    params: idParams,
    body: withdrawRejectBody,
    response: withdrawalDecisionAnswer,
    errors: ['NOT_FOUND', 'WITHDRAWAL_DECIDED'],
  }),
};
