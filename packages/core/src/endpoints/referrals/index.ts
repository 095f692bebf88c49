/**
 * Referrals (issue 31 item 3, decision 038): a player's share code and what it has brought, the registration
 * field that takes a code, and the console's report of every referral with the review of held rewards.
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

const domain = 'referrals';

/** Eight letters and digits, without 0, O, 1 and I (migration 0065 keeps the same rule). */
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

/** The query parameter of a share link: `/register?ref=CODE`. */
export const REFERRAL_LINK_PARAM = 'ref';

// The registration field and its message sit below the catalogue, where the account contract reads them.
export { referralMessages } from '../../contract/referral-code.ts';

export const referralStates = ['waiting', 'paid', 'held', 'rejected', 'capped', 'lapsed'] as const;
export type ReferralState = (typeof referralStates)[number];

export const referralProgramAnswer = z.strictObject({
  status: ok,
  /** Whether registration takes a code now. */
  on: z.boolean(),
  /** What a new player gets with their first approved deposit, in paise (0: nothing). */
  new_player_reward_paise: paise,
});

export const myReferralsAnswer = z.strictObject({
  status: ok,
  on: z.boolean(),
  code: z.string(),
  /** Players who registered with the code. */
  brought: z.number().int().min(0),
  /** Rewards paid to the player, and their sum in paise. */
  rewarded: z.number().int().min(0),
  earned_paise: paise,
  /** Rewards whose first deposit was approved but wait for an operator's review. */
  in_review: z.number().int().min(0),
  /** What the next reward would pay the player, and the new player, in paise. */
  reward_paise: paise,
  new_player_reward_paise: paise,
});
export type MyReferralsAnswer = z.output<typeof myReferralsAnswer>;

const playerRef = z.strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() });
const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });

export const referralRow = z.strictObject({
  referred: playerRef,
  referrer: playerRef,
  registered_at: isoTime,
  state: z.enum(referralStates),
  /** When the first deposit was approved, and which it was. */
  qualified_at: isoTime.nullable(),
  deposit_request_id: z.number().int().nullable(),
  referrer_reward_paise: paise.nullable(),
  referred_reward_paise: paise.nullable(),
  /** Why a held reward was held: what the two accounts share. */
  link_reasons: z.array(z.string()),
  journal_id: z.number().int().nullable(),
  decided_by: operatorRef.nullable(),
  decided_at: isoTime.nullable(),
  decision_reason: z.string().nullable(),
});
export type ReferralRow = z.output<typeof referralRow>;

export const referralsQuery = z.object({
  ...playerSearchField,
  state: z.enum(referralStates, { error: `state must be one of ${referralStates.join(', ')}` }).optional(),
  referrer_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  ...dateRangeFields,
  ...pageQuery(['registered_at', 'qualified_at', 'referrer_reward'] as const, 'registered_at'),
  ...formatField,
});

export const referralsAnswer = z.strictObject({
  status: ok,
  rows: z.array(referralRow),
  /** Paise paid over every matching row: to referrers and to new players. */
  totals: z.strictObject({ referrer_paid_paise: paise, referred_paid_paise: paise, held: z.number().int() }),
  ...pageAnswerFields,
});

const referredParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const referralDecisionAnswer = z.strictObject({
  status: ok,
  referral: referralRow,
  /** True when it had already been decided this way: nothing moved. */
  already_decided: z.boolean(),
});

export const referralEndpoints = {
  referralProgram: endpoint({
    domain,
    method: 'POST',
    path: '/api-referral-program',
    access: 'public',
    summary: 'Whether registration takes a referral code now, and what a new player gets',
    response: referralProgramAnswer,
    errors: [],
  }),
  myReferrals: endpoint({
    domain,
    method: 'POST',
    path: '/api-my-referrals',
    access: 'player',
    summary:
      "The session player's referral code (made on first ask), how many players it brought and the rewards paid",
    response: myReferralsAnswer,
    errors: [],
  }),
  adminReferrals: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/referrals',
    access: 'operator',
    permission: 'reports.money.read',
    summary:
      'Every referral: referrer, referred player, dates, reward state and amounts, newest first; format=csv exports every match',
    query: referralsQuery,
    response: referralsAnswer,
    errors: ['VALIDATION', 'EXPORT_TOO_LARGE'],
    produces: 'text/csv',
  }),
  adminReferralApprove: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/referrals/:id/approve',
    access: 'operator',
    permission: 'wallet.adjust',
    summary: 'Pay a held referral reward (the referred player id names it); audited',
    params: referredParams,
    body: z.object({ reason: reasonText.optional() }),
    response: referralDecisionAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'REFERRAL_NOT_HELD', 'REFERRAL_PAST_ALLOWANCE'],
  }),
  adminReferralReject: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/referrals/:id/reject',
    access: 'operator',
    permission: 'wallet.adjust',
    summary: 'Close a held referral reward without paying it; audited with the reason',
    params: referredParams,
    body: z.object({ reason: reasonText }),
    response: referralDecisionAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'REFERRAL_NOT_HELD'],
  }),
};
