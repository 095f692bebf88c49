/**
 * Players in the operator console: search, the player page with its sub-lists, and the actions support and
 * cashiers take (credit/debit, betting, transfers, block, force sign-out, a password-reset code). Money is
 * integer paise; times are ISO 8601 text.
 */
import { z } from 'zod';
import { moneyHold } from '../holds/index.ts';
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

const domain = 'players';

export const playerMessages = { notFound: 'Player not found' } as const;

export const playerIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const playerRow = z.strictObject({
  id: z.number().int(),
  user_name: z.string(),
  mobile: z.string(),
  betting_status: z.enum(['0', '1']),
  transfer_allowed: z.boolean(),
  blocked: z.boolean(),
  /** A time-out or self-exclusion still running: neither the player nor an operator can end it early. */
  break: z.strictObject({ kind: z.enum(['timeout', 'exclusion']), until: isoTime }).nullable(),
  wallet_paise: paise,
  debt_paise: paise,
  created_at: isoTime,
  /** The latest activity of any of the player's sessions; null when never signed in. */
  last_seen_at: isoTime.nullable(),
});
export type PlayerRow = z.output<typeof playerRow>;

export const playersQuery = z.object({
  ...playerSearchField,
  betting_status: z.enum(['0', '1']).optional(),
  blocked: queryFlag.optional(),
  ...pageQuery(['id', 'user_name', 'mobile', 'created_at', 'wallet'] as const, 'id'),
  ...formatField,
});

export const playersAnswer = z.strictObject({
  status: ok,
  rows: z.array(playerRow),
  ...pageAnswerFields,
});

export const playerPageAnswer = z.strictObject({
  status: ok,
  player: playerRow.extend({
    blocked_at: isoTime.nullable(),
    blocked_reason: z.string().nullable(),
    password_changed_at: isoTime,
  }),
  counts: z.strictObject({
    bids: z.number().int(),
    wins: z.number().int(),
    deposits: z.number().int(),
    deposits_pending: z.number().int(),
    withdrawals: z.number().int(),
    withdrawals_pending: z.number().int(),
    transfers_out: z.number().int(),
    transfers_in: z.number().int(),
    live_sessions: z.number().int(),
    payout_methods: z.number().int(),
  }),
  /** Lifetime money of the player: approved deposits, paid withdrawals, stakes and win credits. */
  totals: z.strictObject({
    deposited_paise: paise,
    withdrawn_paise: paise,
    staked_paise: paise,
    won_paise: paise,
  }),
});

const subListQuery = z.object({
  ...pageQuery(['id'] as const, 'id'),
  ...dateRangeFields,
});

export const passbookRow = z.strictObject({
  entry_id: z.number().int(),
  journal_id: z.number().int(),
  kind: z.string(),
  note: z.string(),
  /** Signed: positive into the wallet. */
  amount_paise: paise,
  /** The wallet after this entry. */
  balance_paise: paise,
  /** The journal's actor as stored (`player:12`, `operator:3`, `system`). */
  actor: z.string(),
  /** The actor by name: an operator's username, a player's name and mobile; the stored actor otherwise. */
  actor_name: z.string(),
  /** A transfer's other player, in full (the player's own passbook masks them). */
  counterparty: z
    .strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() })
    .nullable(),
  created_at: isoTime,
});

const group = z.enum(['main', 'starline', 'gali']);

export const bidRow = z.strictObject({
  id: z.number().int(),
  group,
  market_id: z.number().int(),
  market_name: z.string(),
  market_date: z.string(),
  bet_type: z.string(),
  session: z.enum(['open', 'close']),
  digits: z.string(),
  close_digits: z.string(),
  amount_paise: paise,
  status: z.enum(['pending', 'won', 'lost']),
  payout_paise: paise.nullable(),
  created_at: isoTime,
});

export const bidsQuery = subListQuery.extend({
  group: group.optional(),
  status: z.enum(['pending', 'won', 'lost']).optional(),
});
export const winsQuery = subListQuery.extend({ group: group.optional() });

export const playerDepositRow = z.strictObject({
  id: z.number().int(),
  amount_paise: paise,
  status: z.enum(['pending', 'approved', 'rejected']),
  utr: z.string().nullable(),
  has_screenshot: z.boolean(),
  reason: z.string().nullable(),
  created_at: isoTime,
  decided_at: isoTime.nullable(),
  decided_by: z.string().nullable(),
});

export const playerWithdrawalRow = z.strictObject({
  id: z.number().int(),
  amount_paise: paise,
  state: z.enum(['pending', 'awaiting_second_approval', 'approved', 'rejected']),
  payment_method: z.enum(['2', '3', '4']),
  payout_number: z.string(),
  payment_reference: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: isoTime,
  decided_at: isoTime.nullable(),
});

export const transferRow = z.strictObject({
  id: z.number().int(),
  direction: z.enum(['out', 'in']),
  other: z.strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() }),
  amount_paise: paise,
  created_at: isoTime,
});

export const sessionRow = z.strictObject({
  created_at: isoTime,
  last_seen_at: isoTime,
  revoked_at: isoTime.nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  live: z.boolean(),
});

export const payoutMethodRow = z.strictObject({
  upi_type: z.enum(['1', '2', '3']),
  app: z.enum(['Paytm', 'Google Pay', 'PhonePe']),
  number: z.string(),
  verified_at: isoTime,
});

const listAnswer = <T extends z.ZodType>(row: T) =>
  z.strictObject({ status: ok, rows: z.array(row), ...pageAnswerFields });

export const adjustBody = z.object({
  points: z
    .number({ error: 'points must be a whole number' })
    .int({ error: 'points must be a whole number' })
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((n) => n !== 0, { error: 'points must not be zero' }),
  reason: reasonText,
});

export const adjustAnswer = z.union([
  z.strictObject({
    status: ok,
    journal_id: z.number().int(),
    wallet_paise: paise,
    debt_paise: paise,
  }),
  /** A credit past the maker's 24-hour allowance: nothing moved yet, a second operator approves it. */
  z.strictObject({ status: ok, held: moneyHold, msg: z.string() }),
]);

export const reasonBody = z.object({
  reason: reasonText,
});

export const flagsAnswer = z.strictObject({
  status: ok,
  player_id: z.number().int(),
  betting_status: z.enum(['0', '1']),
  transfer_allowed: z.boolean(),
  blocked: z.boolean(),
  /** false when the player already had this value (nothing changed, nothing audited). */
  changed: z.boolean(),
});

const params = playerIdParams;
function sub<Q extends z.ZodType, R extends z.ZodType>(name: string, summary: string, query: Q, row: R) {
  return endpoint({
    domain,
    method: 'GET',
    path: `/admin-api/players/:id/${name}`,
    access: 'operator',
    permission: 'players.read',
    summary,
    params,
    query,
    response: listAnswer(row),
    errors: ['NOT_FOUND'],
  });
}

export const playersEndpoints = {
  adminPlayers: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/players',
    access: 'operator',
    permission: 'players.read',
    summary: 'Players by phone, name or id (q), paged and sorted; format=csv exports every match',
    query: playersQuery,
    response: playersAnswer,
    errors: ['VALIDATION', 'EXPORT_TOO_LARGE'],
    produces: 'text/csv',
  }),
  adminPlayer: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/players/:id',
    access: 'operator',
    permission: 'players.read',
    summary: 'The player page: profile, wallet and debt, flags, counts and lifetime totals',
    params,
    response: playerPageAnswer,
    errors: ['NOT_FOUND'],
  }),
  adminPlayerPassbook: sub(
    'passbook',
    'Wallet entries, newest first, with the balance after each',
    subListQuery,
    passbookRow,
  ),
  adminPlayerBids: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/players/:id/bids',
    access: 'operator',
    permission: 'players.read',
    summary: 'Bids of all three groups with their outcome',
    params,
    query: bidsQuery,
    response: listAnswer(bidRow),
    errors: ['NOT_FOUND'],
  }),
  adminPlayerWins: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/players/:id/wins',
    access: 'operator',
    permission: 'players.read',
    summary: 'Winning bids of all three groups with their payout',
    params,
    query: winsQuery,
    response: listAnswer(bidRow),
    errors: ['NOT_FOUND'],
  }),
  adminPlayerDeposits: sub(
    'deposits',
    'Deposit requests with UTR and decision',
    subListQuery,
    playerDepositRow,
  ),
  adminPlayerWithdrawals: sub(
    'withdrawals',
    'Withdrawal requests with their state',
    subListQuery,
    playerWithdrawalRow,
  ),
  adminPlayerTransfers: sub('transfers', 'Point transfers sent and received', subListQuery, transferRow),
  adminPlayerSessions: sub('sessions', 'Sign-ins, live and ended', subListQuery, sessionRow),
  adminPlayerPayoutMethods: sub('payout-methods', 'Saved payout numbers', subListQuery, payoutMethodRow),
  adminAdjust: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/players/:id/adjust',
    access: 'operator',
    permission: 'wallet.adjust',
    summary:
      'Credit (positive points) or debit (negative) a wallet with a reason; limited per role. A credit past the ' +
      "maker's 24-hour allowance is held for a second operator's approval",
    params,
    body: adjustBody,
    response: adjustAnswer,
    errors: ['NOT_FOUND', 'IDEMPOTENCY_MISMATCH', 'ADJUSTMENT_PAST_LIMIT', 'ADJUSTMENT_OVER_BALANCE'],
    idempotent: true,
  }),
  adminBettingStatus: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/players/:id/betting-status',
    access: 'operator',
    permission: 'players.betting',
    summary: 'Switch betting on ("1") or off ("0"); bids in flight are refused once it is off',
    params,
    body: z.object({ betting_status: z.enum(['0', '1']) }),
    response: flagsAnswer,
    errors: ['NOT_FOUND'],
  }),
  adminTransferStatus: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/players/:id/transfer-status',
    access: 'operator',
    permission: 'players.transfer',
    summary: 'Allow or stop point transfers from this player',
    params,
    body: z.object({ transfer_allowed: z.boolean() }),
    response: flagsAnswer,
    errors: ['NOT_FOUND'],
  }),
  adminBlock: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/players/:id/block',
    access: 'operator',
    permission: 'players.block',
    summary: 'Block: no sign-in, every session ends, money calls in flight are refused',
    params,
    body: reasonBody,
    response: flagsAnswer,
    errors: ['NOT_FOUND'],
  }),
  adminUnblock: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/players/:id/unblock',
    access: 'operator',
    permission: 'players.block',
    summary: 'Unblock: the player may sign in again',
    params,
    response: flagsAnswer,
    errors: ['NOT_FOUND'],
  }),
  adminSignOut: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/players/:id/sign-out',
    access: 'operator',
    permission: 'players.signout',
    summary: 'End every session of the player, in every server process',
    params,
    response: z.strictObject({ status: ok, sessions_ended: z.number().int() }),
    errors: ['NOT_FOUND'],
  }),
  adminResetCode: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/players/:id/reset-code',
    access: 'operator',
    permission: 'players.reset_password',
    summary: 'Text the player a password-reset code, as Forgot Password in the app does',
    params,
    response: z.strictObject({ status: ok, mobile: z.string() }),
    errors: ['NOT_FOUND', 'RATE_LIMITED', 'UNAVAILABLE'],
  }),
};

export type PlayerPageAnswer = z.output<typeof playerPageAnswer>;
