/**
 * The bid submission body of spec 02 section 3, for all three market groups, and the history calls.
 * Row fields are kept loose here (strings as typed); the game rules in `rules/validate-entry` judge them.
 */
import { z } from 'zod';
import { bidMessages } from '../rules/messages.ts';
import { numberOrText } from './numbers.ts';

const text = z.union([z.string().max(20), z.number()]).optional();

export const bidRowSchema = z.object({
  digits: text,
  closedigits: text,
  points: text,
  session: z.string().max(10).optional(),
  pana: z.string().max(30).optional(),
  closepana: text,
  /** SP DP TP check boxes, when a client sends the entry unexpanded. */
  lists: z.object({ single: z.boolean(), double: z.boolean(), triple: z.boolean() }).optional(),
});
export type BidRowBody = z.infer<typeof bidRowSchema>;

export const MAX_ROWS_PER_SUBMISSION = 200;

export const submitBidRequest = z.object({
  game_id: numberOrText('Market not found').pipe(
    z.coerce
      .number<string | number>({ error: 'Market not found' })
      .int()
      .positive()
      .max(Number.MAX_SAFE_INTEGER),
  ),
  new_result: z.object(
    {
      Gamename: z.string().max(100).optional(),
      totalbit: text,
      gameid: text,
      pana: z.string({ error: 'Please choose a game type' }).min(1).max(30),
      gametype: z.string().max(30).optional(),
      bid_date: z.string({ error: 'Bid date is required' }).max(40),
      session: z.string().max(10).optional(),
      result: z
        .array(bidRowSchema, { error: 'Please add at least one bid' })
        .min(1, { error: 'Please add at least one bid' })
        .max(MAX_ROWS_PER_SUBMISSION, { error: `At most ${MAX_ROWS_PER_SUBMISSION} bids per submission` }),
    },
    { error: 'Please add at least one bid' },
  ),
});
export type SubmitBidRequest = z.infer<typeof submitBidRequest>;

export const bidHistoryRequest = z.object({
  bid_from: z.string().max(20).optional(),
  bid_to: z.string().max(20).optional(),
});
export const winHistoryRequest = z.object({
  date_from: z.string().max(20).optional(),
  date_to: z.string().max(20).optional(),
});

/** What the server answers about a submission it cannot place (game-rules.md 8.3 wording where it has one). */
export const bidPlacementMessages = {
  totalMismatch: 'Total points do not match the bids',
  unknownGameType: 'Please choose a game type',
  marketNotFound: 'Market not found',
  bidPlaced: bidMessages.bidSubmitted,
} as const;

/** What the server answers about a history range it will not read. */
export const bidHistoryMessages = {
  badRange: 'Please choose a valid date range',
  rangeTooLong: 'Please choose at most 93 days',
} as const;
