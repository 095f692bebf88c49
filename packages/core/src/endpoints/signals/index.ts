/**
 * Risk signals (issue 31 item 5, decision 039): players linked by a shared device, sign-in address, payout
 * number or UPI id, and transfers that form chains or bursts. Each flag says why in words that carry the
 * evidence; an operator dismisses or confirms it (audited). While a player has an open or confirmed flag, their
 * withdrawals wait in the withdrawal queue until an operator clears the hold.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';
import { isoTime, ok } from '../paging.ts';

const domain = 'signals';
const playerRef = z.strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() });
const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });

export const flagKinds = ['link', 'chain', 'burst_out', 'burst_in'] as const;
export const flagStatuses = ['open', 'dismissed', 'confirmed'] as const;

export const signalMessages = {
  flagNotFound: 'Risk flag not found',
  alreadyReviewed: (status: string, by: string | null) =>
    `This flag was already ${status}${by ? ` by ${by}` : ''}`,
  playerNotFound: 'Player not found',
} as const;

export const riskFlag = z.strictObject({
  id: z.number().int(),
  kind: z.enum(flagKinds),
  /** The player the flag is about first: a chain's first sender, a burst's sender or recipient, a link's newer player. */
  subject: playerRef,
  /** Every player the flag names (the subject among them); each one's withdrawals wait while it is open. */
  players: z.array(playerRef),
  /** Why, with the evidence: the shared values, the transfers with their amounts and minutes. */
  reason: z.string(),
  first_at: isoTime,
  last_at: isoTime,
  status: z.enum(flagStatuses),
  created_at: isoTime,
  reviewed_by: operatorRef.nullable(),
  reviewed_at: isoTime.nullable(),
  review_note: z.string().nullable(),
});
export type RiskFlag = z.output<typeof riskFlag>;

export const flagsQuery = z.object({
  status: z.enum([...flagStatuses, 'all']).default('open'),
});

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const note = z
  .string({ error: 'a note of at least 3 characters is required' })
  .trim()
  .min(3, { error: 'a note of at least 3 characters is required' })
  .max(500, { error: 'the note is at most 500 characters' });

export const flagReviewBody = z.object({
  decision: z.enum(['dismiss', 'confirm'], { error: 'decision must be dismiss or confirm' }),
  note,
});

export const holdClearBody = z.object({ note });

export const playerLink = z.strictObject({
  player: playerRef,
  /** Each a sentence such as "same device id d-1a2b" or "same UPI id ravi@ybl". */
  reasons: z.array(z.string()),
});

export const signalsEndpoints = {
  adminRiskFlags: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/risk-flags',
    access: 'operator',
    permission: 'signals.read',
    summary:
      'Risk flags (default: the open ones), oldest first, each with its reason and the players it names',
    query: flagsQuery,
    response: z.strictObject({ status: ok, flags: z.array(riskFlag), open: z.number().int() }),
    errors: ['VALIDATION'],
  }),
  adminRiskFlagReview: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/risk-flags/:id/review',
    access: 'operator',
    permission: 'signals.review',
    summary:
      'Dismiss or confirm a flag with a note (audited). A dismissal that leaves a player no open or confirmed flag clears the holds on their waiting withdrawals',
    params: idParams,
    body: flagReviewBody,
    response: z.strictObject({ status: ok, flag: riskFlag, holds_cleared: z.number().int() }),
    errors: ['NOT_FOUND', 'VALIDATION', 'SIGNAL_ALREADY_REVIEWED'],
  }),
  adminPlayerSignals: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/players/:id/signals',
    access: 'operator',
    permission: 'signals.read',
    summary: "A player's links to other players (with the reasons) and the flags that name them",
    params: idParams,
    response: z.strictObject({
      status: ok,
      window_days: z.number().int(),
      links: z.array(playerLink),
      flags: z.array(riskFlag),
    }),
    errors: ['NOT_FOUND'],
  }),
  adminWithdrawalClearHold: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/withdrawals/:id/clear-hold',
    access: 'operator',
    permission: 'withdrawals.decide',
    summary:
      'Clear the risk hold of a waiting withdrawal with a note (audited): it can then be approved. The flags stay as they are',
    params: idParams,
    body: holdClearBody,
    response: z.strictObject({
      status: ok,
      id: z.number().int(),
      cleared_at: isoTime,
      already_cleared: z.boolean(),
    }),
    errors: ['NOT_FOUND', 'VALIDATION', 'WITHDRAWAL_HOLD_OF_DECIDED', 'WITHDRAWAL_NOT_HELD'],
  }),
};
