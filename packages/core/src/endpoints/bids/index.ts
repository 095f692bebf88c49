/**
 * Bid submission and the bid and win histories of the three market groups (spec 02 sections 2, 3 and 7). One
 * implementation serves all three; each group keeps its legacy paths.
 */
import { z } from 'zod';
import { bidHistoryRequest, submitBidRequest, winHistoryRequest } from '../../contract/bids.ts';
import type { MarketGroup } from '../../rules/bet-types.ts';
import { endpoint } from '../define.ts';
import { paise } from '../paging.ts';

const ok = z.literal(true);

export const submitBidAnswer = z.strictObject({
  status: ok,
  msg: z.string(),
  /** The wallet after this submission, as display points. */
  wallet_amt: z.string(),
  /** Stored rows: motors and SP DP TP count each expanded pana. */
  bid_count: z.number().int(),
  /** Whole points staked (stakes are whole points); Gama's own field, kept for the readers it has. */
  total_points: z.number().int(),
  /** Paise staked: the amount in the wire format of decision 046, what the player app adds up. */
  total_paise: paise,
  /**
   * Rows left out because their number reached its liability cap (`Limit reached for {number}`); absent when
   * every row was placed. `bid_count`, `total_points` and `total_paise` count only the placed rows.
   */
  refused: z
    .array(
      z.strictObject({
        session: z.string(),
        digits: z.string(),
        closedigits: z.string(),
        points: z.number().int(),
        msg: z.string(),
      }),
    )
    .optional(),
});

export const bidRecord = z.strictObject({
  /** Gama's own field beside the spec's: the bid "Ask about this" names to support. */
  bid_id: z.number().int().positive(),
  pana: z.string(),
  game_name: z.string(),
  session: z.string(),
  digits: z.string(),
  closedigits: z.string(),
  bid_date: z.string(),
  points: z.string(),
});
export const winRecord = z.strictObject({
  pana: z.string(),
  game_name: z.string(),
  session: z.string(),
  digits: z.string(),
  closedigits: z.string(),
  wining_date: z.string(),
  amount: z.string(),
});

export const bidHistoryAnswer = z.strictObject({ status: ok, bid_data: z.array(bidRecord) });
export const winHistoryAnswer = z.strictObject({ status: ok, win_data: z.array(winRecord) });

const domain = 'bids';
const names: Record<MarketGroup, string> = { main: 'main', starline: 'Starline', gali: 'Gali Disawar' };

function groupEndpoints(group: MarketGroup, paths: { submit: string; bids: string; wins: string }) {
  return {
    submit: endpoint({
      domain,
      method: 'POST',
      path: paths.submit,
      access: 'betting',
      summary: `Place bids on a ${names[group]} market: one bet type, one or more rows, one journal`,
      body: submitBidRequest,
      response: submitBidAnswer,
      // Each refusal of a slip has a code of its own (contract/errors.ts, the bids' block).
      errors: [
        'VALIDATION',
        'ACCOUNT_BLOCKED',
        'BID_UNKNOWN_GAME',
        'BID_INVALID_ROW',
        'BID_TOTAL_MISMATCH',
        'BID_MARKET_NOT_FOUND',
        'BID_CLOSED',
        'BID_CUT_OFF',
        'BID_BACK_DATE',
        'BID_SCHEDULE_CHANGED',
        'BID_INSUFFICIENT_BALANCE',
        'BID_LIMIT_REACHED',
        'BID_PLAY_LIMIT',
        'BID_ON_BREAK',
        'BID_DEBT',
        'IDEMPOTENCY_MISMATCH',
        'IDEMPOTENCY_IN_PROGRESS',
      ],
      idempotent: true,
    }),
    // Histories always belong to the session's player; ids or phones in the body select nothing.
    bids: endpoint({
      domain,
      method: 'POST',
      path: paths.bids,
      access: 'betting',
      summary: `The session player's ${names[group]} bids between two dates (at most 93 days)`,
      body: bidHistoryRequest,
      response: bidHistoryAnswer,
      errors: ['VALIDATION', 'BID_HISTORY_BAD_RANGE', 'BID_HISTORY_RANGE_TOO_LONG'],
    }),
    wins: endpoint({
      domain,
      method: 'POST',
      path: paths.wins,
      access: 'betting',
      summary: `The session player's winning ${names[group]} bids between two dates (at most 93 days)`,
      body: winHistoryRequest,
      response: winHistoryAnswer,
      errors: ['VALIDATION', 'BID_HISTORY_BAD_RANGE', 'BID_HISTORY_RANGE_TOO_LONG'],
    }),
  };
}

/** The entries of each group, for code that serves or calls all three alike. */
export const bidEndpointsOf = {
  main: groupEndpoints('main', {
    submit: '/api-submit-bid',
    bids: '/api-bid-history-data',
    wins: '/api-wining-history-data',
  }),
  starline: groupEndpoints('starline', {
    submit: '/api-starline-submit-bid',
    bids: '/api-starline-bid-history-data',
    wins: '/api-starline-wining-history-data',
  }),
  gali: groupEndpoints('gali', {
    submit: '/api-galidisawar-submit-bid',
    bids: '/api-galidisawar-bid-history-data',
    wins: '/api-galidisawar-wining-history-data',
  }),
} as const;

export const bidEndpoints = {
  submitBid: bidEndpointsOf.main.submit,
  bidHistory: bidEndpointsOf.main.bids,
  winHistory: bidEndpointsOf.main.wins,
  starlineSubmitBid: bidEndpointsOf.starline.submit,
  starlineBidHistory: bidEndpointsOf.starline.bids,
  starlineWinHistory: bidEndpointsOf.starline.wins,
  galiSubmitBid: bidEndpointsOf.gali.submit,
  galiBidHistory: bidEndpointsOf.gali.bids,
  galiWinHistory: bidEndpointsOf.gali.wins,
};

export type SubmitBidResponse = z.output<typeof submitBidAnswer>;
export type BidRecord = z.output<typeof bidRecord>;
export type WinRecord = z.output<typeof winRecord>;
