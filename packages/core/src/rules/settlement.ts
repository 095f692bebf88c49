/**
 * Settlement of one bid against one result revision (game-rules.md section 3, decisions D4, D5,
 * D8). This is the oracle the server's set-based SQL is tested against, so every rule is spelled
 * out plainly: which declared values a bet compares, and whether they are declared yet.
 */
import { getBetType, type BetTypeId, type MarketGroup } from './bet-types.ts';
import { payoutPaise } from './money.ts';
import { ankOf } from './panas.ts';
import { assertGaliResult, assertMainResult, assertStarlineResult } from './results.ts';
import type { Session } from './sessions.ts';

export interface SettlementBid {
  betType: BetTypeId;
  /** Canonical session; decides the half for two-session types, ignored by the others. */
  session: Session;
  digits: string;
  closeDigits: string;
  points: number;
  /** The rate frozen on the bid row when it was placed (D6). */
  rateVal1: number;
  rateVal2: number;
}

export type ResultRevision =
  | { group: 'main'; openPana: string | null; closePana: string | null }
  | { group: 'starline'; pana: string | null }
  | { group: 'gali'; result: string | null };

export type SettlementOutcome =
  { outcome: 'won'; payoutPaise: number } | { outcome: 'lost' } | { outcome: 'pending' };

/**
 * Which declaration decides a bid: on main markets open-session single-half bets settle at the open,
 * everything else at the close; Starline and Gali have one declaration, reported as 'open'.
 */
export function settlingHalf(betType: BetTypeId, session: Session): 'open' | 'close' {
  if (getBetType(betType).group !== 'main') return 'open';
  if (betType === 'jodi_digit' || betType === 'half_sangam' || betType === 'full_sangam') return 'close';
  return session;
}

/** null = the value the bet needs is not declared yet; otherwise whether it wins. */
function mainWins(bid: SettlementBid, open: string | null, close: string | null): boolean | null {
  const ank = (pana: string) => String(ankOf(pana));
  // A single-half bet compares only the pana of its own session, never the other one.
  const sessionPana = bid.session === 'open' ? open : close;
  switch (bid.betType) {
    case 'single_digit':
      return sessionPana === null ? null : ank(sessionPana) === bid.digits;
    case 'single_pana':
    case 'double_pana':
    case 'triple_pana':
    case 'sp_motor':
    case 'dp_motor':
    case 'sp_dp_tp':
      return sessionPana === null ? null : sessionPana === bid.digits;
    case 'jodi_digit':
      if (open === null || close === null) return null;
      return ank(open) + ank(close) === bid.digits;
    case 'half_sangam':
      if (open === null || close === null) return null;
      // Open form: open digit + close pana. Close form: close digit + open pana (D4).
      if (bid.session === 'open') return ank(open) === bid.digits && close === bid.closeDigits;
      return ank(close) === bid.digits && open === bid.closeDigits;
    case 'full_sangam':
      if (open === null || close === null) return null;
      return open === bid.digits && close === bid.closeDigits;
    default:
      throw new RangeError(`not a main-market bet type: ${bid.betType}`);
  }
}

function starlineWins(bid: SettlementBid, pana: string | null): boolean | null {
  if (pana === null) return null;
  switch (bid.betType) {
    case 'starline_single_digit':
      return String(ankOf(pana)) === bid.digits;
    case 'starline_single_pana':
    case 'starline_double_pana':
    case 'starline_triple_pana':
      return pana === bid.digits;
    default:
      throw new RangeError(`not a Starline bet type: ${bid.betType}`);
  }
}

function galiWins(bid: SettlementBid, result: string | null): boolean | null {
  if (result === null) return null;
  switch (bid.betType) {
    case 'gali_left_digit':
      return result[0] === bid.digits;
    case 'gali_right_digit':
      return result[1] === bid.digits;
    case 'gali_jodi_digit':
      return result === bid.digits;
    default:
      throw new RangeError(`not a Gali bet type: ${bid.betType}`);
  }
}

/**
 * Won (with the payout in paise at the bid's frozen rate), lost, or pending while the half it
 * needs is undeclared. Digits are compared as exact strings: jodi `'5'` never equals `'05'`.
 */
export function evaluateBid(bid: SettlementBid, result: ResultRevision): SettlementOutcome {
  const group: MarketGroup = getBetType(bid.betType).group;
  if (group !== result.group)
    throw new RangeError(`${bid.betType} bid cannot settle on a ${result.group} result`);

  let wins: boolean | null;
  if (result.group === 'main') {
    assertMainResult(result);
    wins = mainWins(bid, result.openPana, result.closePana);
  } else if (result.group === 'starline') {
    assertStarlineResult(result.pana);
    wins = starlineWins(bid, result.pana);
  } else {
    assertGaliResult(result.result);
    wins = galiWins(bid, result.result);
  }

  if (wins === null) return { outcome: 'pending' };
  if (!wins) return { outcome: 'lost' };
  return { outcome: 'won', payoutPaise: payoutPaise(bid.points, bid.rateVal1, bid.rateVal2) };
}
