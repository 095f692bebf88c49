/**
 * Held money actions (issue 27 item 1, decision 027): a manual credit past its maker's 24-hour allowance waits
 * here until an operator other than its maker approves it (the credit is then made) or rejects it.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';

const ok = z.literal(true);
const domain = 'holds';
const paise = z.number().int();
const isoTime = z.string().describe('ISO 8601 time');
const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });
const playerRef = z.strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() });

export const holdStates = ['pending_approval', 'approved', 'rejected'] as const;

export const moneyHold = z.strictObject({
  id: z.number().int(),
  kind: z.literal('credit'),
  player: playerRef,
  amount_paise: paise,
  reason: z.string(),
  state: z.enum(holdStates),
  maker: operatorRef,
  created_at: isoTime,
  /** The maker's allowance in points and what they had used of it when the credit was held. */
  allowance_points: z.number().int(),
  used_paise: paise,
  checker: operatorRef.nullable(),
  decided_at: isoTime.nullable(),
  decision_reason: z.string().nullable(),
  journal_id: z.number().int().nullable(),
});
export type MoneyHold = z.output<typeof moneyHold>;

export const holdsQuery = z.object({
  state: z.enum(['pending', 'all']).default('pending'),
});

const holdIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const holdAnswer = z.strictObject({ status: ok, hold: moneyHold });

export const holdsEndpoints = {
  adminHolds: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/money-holds',
    access: 'operator',
    permission: 'wallet.adjust',
    summary: 'Credits held for a second operator (default: the waiting ones), newest first',
    query: holdsQuery,
    response: z.strictObject({ status: ok, holds: z.array(moneyHold) }),
    errors: ['VALIDATION'],
  }),
  adminHoldApprove: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/money-holds/:id/approve',
    access: 'operator',
    permission: 'wallet.adjust',
    summary: "Approve a held credit (not its maker's): the credit is made once, however often it is sent",
    params: holdIdParams,
    response: holdAnswer,
    errors: ['NOT_FOUND', 'OWN_HOLD', 'HOLD_DECIDED'],
  }),
  adminHoldReject: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/money-holds/:id/reject',
    access: 'operator',
    permission: 'wallet.adjust',
    summary: 'Reject a held credit with a reason: nothing is credited',
    params: holdIdParams,
    body: z.object({
      reason: z
        .string({ error: 'a reason of at least 3 characters is required' })
        .trim()
        .min(3, { error: 'a reason of at least 3 characters is required' })
        .max(500),
    }),
    response: holdAnswer,
    errors: ['NOT_FOUND'],
  }),
};
