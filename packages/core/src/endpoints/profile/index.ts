/** The signed-in player's profile, wallet and home list, and the one field a player may change (spec 01 section 3). */
import { z } from 'zod';
import {
  deleteAccountRequest,
  languageField,
  languageRequest,
  profileUpdateRequest,
} from '../../contract/accounts.ts';
import { bettingStatus } from '../auth/index.ts';
import { marketRow } from '../markets/index.ts';
import { endpoint } from '../define.ts';

const ok = z.literal(true);

/** `/api-user-wallet-balance`: the profile object of spec 01 section 3. */
export const profileAnswer = z.strictObject({
  status: ok,
  user_name: z.string(),
  mobile: z.string(),
  mobile_1: z.string(),
  betting_status: bettingStatus,
  /** Points as a display string, e.g. "95" or "142.50". */
  wallet_amt: z.string(),
  /** Outstanding debt from a corrected result (game-rules D7), as points; "0" when none. */
  debt_amt: z.string(),
  min_withdrawal: z.string(),
  withdraw_open_time: z.string(),
  withdraw_close_time: z.string(),
  /** The smallest transfer to another player, in points (owner setting transfer_min). */
  min_transfer: z.string(),
  /** The server clock (ISO 8601): the app decides open/closed by this, never by the phone's clock. */
  server_time: z.string(),
  /** The IANA time zone market times are in (MARKET_TIME_ZONE), so the app reads the server clock in it. */
  time_zone: z.string(),
  /** The main market list, as `/api-main-game` sends it. */
  result: z.array(marketRow),
});

export const profileUpdateAnswer = z.strictObject({ status: ok, msg: z.string(), user_name: z.string() });

export const languageAnswer = z.strictObject({ status: ok, msg: z.string(), language: languageField });

export const deleteAccountAnswer = z.strictObject({ status: ok, msg: z.string() });

const domain = 'profile';

export const profileEndpoints = {
  profile: endpoint({
    domain,
    method: 'POST',
    path: '/api-user-wallet-balance',
    access: 'player',
    polled: true,
    summary: 'Profile, wallet balance and debt, withdraw window, server clock and the main market list',
    response: profileAnswer,
    errors: [],
  }),
  profileUpdate: endpoint({
    domain,
    method: 'POST',
    path: '/api-profile-update',
    access: 'player',
    summary: 'Change the display name (the only field a player may change)',
    body: profileUpdateRequest,
    response: profileUpdateAnswer,
    errors: ['VALIDATION'],
  }),
  setLanguage: endpoint({
    domain,
    method: 'POST',
    path: '/api-user-language',
    access: 'player',
    summary: "Choose the language (English or Hindi) the player's SMS codes are written in",
    body: languageRequest,
    response: languageAnswer,
    errors: ['VALIDATION'],
  }),
  deleteAccount: endpoint({
    domain,
    method: 'POST',
    path: '/api-delete-account',
    access: 'player',
    summary:
      'Close the account (password and confirmation): refused while points, debt, a pending request or an open bid remain; the ledger is kept, the person removed',
    body: deleteAccountRequest,
    response: deleteAccountAnswer,
    errors: [
      'VALIDATION',
      'RATE_LIMITED',
      'CLOSE_BALANCE_LEFT',
      'INVALID_CREDENTIALS',
      'CLOSE_DEPOSIT_PENDING',
      'CLOSE_BIDS_OPEN',
      'CLOSE_DEBT_LEFT',
      'CLOSE_WITHDRAWAL_PENDING',
    ],
  }),
};

export type ProfileResponse = z.output<typeof profileAnswer>;
