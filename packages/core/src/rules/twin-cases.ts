/**
 * The rules the server judges in both languages, as one table of cases each (decision 041). The TypeScript rule
 * and its SQL twin (apps/api/src/db/functions/rules.sql, and the settlement's win condition in
 * apps/api/src/modules/results/outcome-sql.ts) must both give every answer here: `apps/api/test/rule-twins.test.ts`
 * runs each case through both, on each engine. A case added here is checked in both languages at once.
 */
import type { ResultRevision, SettlementBid, SettlementOutcome } from './settlement.ts';

export interface PayoutCase {
  points: number;
  val1: number;
  val2: number;
  /** floor(points x 100 x val2 / val1). */
  paise: number;
}

export interface PlayLimitCase {
  /** Paise the slip costs. */
  cost: number;
  limit: number;
  /** Paise already staked in the limit's period. */
  used: number;
  over: boolean;
}

export interface WinCase {
  bid: SettlementBid;
  result: ResultRevision;
  outcome: SettlementOutcome;
}

const payout: readonly PayoutCase[] = [
  { points: 10, val1: 10, val2: 95, paise: 9_500 },
  { points: 13, val1: 9, val2: 95, paise: 13_722 },
  { points: 1, val1: 3, val2: 1, paise: 33 },
  { points: 7, val1: 3, val2: 1_000, paise: 233_333 },
  { points: 10, val1: 10, val2: 0, paise: 0 },
  { points: 100_000, val1: 1, val2: 10_000, paise: 100_000_000_000 },
  { points: 999_999_999, val1: 7, val2: 9_999, paise: 142_842_857_000_014 },
];

const playLimit: readonly PlayLimitCase[] = [
  { cost: 100, limit: 1_000, used: 0, over: false },
  { cost: 1_000, limit: 1_000, used: 0, over: false },
  { cost: 1_001, limit: 1_000, used: 0, over: true },
  { cost: 400, limit: 1_000, used: 600, over: false },
  { cost: 500, limit: 1_000, used: 600, over: true },
  { cost: 1, limit: 1_000, used: 1_000, over: true },
  // A limit lowered below what was already staked leaves nothing, not a negative allowance.
  { cost: 1, limit: 1_000, used: 1_500, over: true },
  { cost: 1_000_000, limit: 0, used: 0, over: true },
];

const main: ResultRevision = { group: 'main', openPana: '123', closePana: '456' };
const openOnly: ResultRevision = { group: 'main', openPana: '123', closePana: null };
const starline: ResultRevision = { group: 'starline', pana: '128' };
const gali: ResultRevision = { group: 'gali', result: '47' };

function bid(
  betType: SettlementBid['betType'],
  session: SettlementBid['session'],
  digits: string,
  closeDigits = '',
  points = 10,
  rate: [number, number] = [10, 95],
): SettlementBid {
  return { betType, session, digits, closeDigits, points, rateVal1: rate[0], rateVal2: rate[1] };
}

const won = (payoutPaise: number): SettlementOutcome => ({ outcome: 'won', payoutPaise });
const lost: SettlementOutcome = { outcome: 'lost' };

/** 123-65-456 on main markets (open ank 6, close ank 5), 128 on Starline (ank 1), 47 on Gali. */
const win: readonly WinCase[] = [
  { bid: bid('single_digit', 'open', '6'), result: main, outcome: won(9_500) },
  { bid: bid('single_digit', 'open', '5'), result: main, outcome: lost },
  { bid: bid('single_digit', 'close', '5', '', 15), result: main, outcome: won(14_250) },
  { bid: bid('single_digit', 'close', '6'), result: main, outcome: lost },
  { bid: bid('single_digit', 'open', '6', '', 13, [9, 95]), result: openOnly, outcome: won(13_722) },
  { bid: bid('jodi_digit', 'open', '65', '', 10, [10, 950]), result: main, outcome: won(95_000) },
  { bid: bid('jodi_digit', 'open', '56'), result: main, outcome: lost },
  { bid: bid('jodi_digit', 'open', '5'), result: main, outcome: lost },
  { bid: bid('single_pana', 'open', '123', '', 10, [10, 1_400]), result: main, outcome: won(140_000) },
  { bid: bid('single_pana', 'close', '123'), result: main, outcome: lost },
  { bid: bid('single_pana', 'close', '456', '', 7, [3, 1_000]), result: main, outcome: won(233_333) },
  { bid: bid('single_pana', 'open', '123'), result: openOnly, outcome: won(9_500) },
  { bid: bid('sp_motor', 'close', '456'), result: main, outcome: won(9_500) },
  { bid: bid('double_pana', 'open', '112'), result: main, outcome: lost },
  {
    bid: bid('half_sangam', 'open', '6', '456', 10, [10, 10_000]),
    result: main,
    outcome: won(1_000_000),
  },
  { bid: bid('half_sangam', 'close', '5', '123'), result: main, outcome: won(9_500) },
  { bid: bid('half_sangam', 'open', '6', '123'), result: main, outcome: lost },
  { bid: bid('half_sangam', 'close', '6', '123'), result: main, outcome: lost },
  { bid: bid('full_sangam', 'open', '123', '456'), result: main, outcome: won(9_500) },
  { bid: bid('full_sangam', 'open', '456', '123'), result: main, outcome: lost },
  { bid: bid('starline_single_digit', 'open', '1'), result: starline, outcome: won(9_500) },
  { bid: bid('starline_single_digit', 'open', '8'), result: starline, outcome: lost },
  { bid: bid('starline_single_pana', 'open', '128'), result: starline, outcome: won(9_500) },
  { bid: bid('starline_double_pana', 'open', '118'), result: starline, outcome: lost },
  { bid: bid('gali_left_digit', 'open', '4'), result: gali, outcome: won(9_500) },
  { bid: bid('gali_left_digit', 'open', '7'), result: gali, outcome: lost },
  { bid: bid('gali_right_digit', 'open', '7'), result: gali, outcome: won(9_500) },
  { bid: bid('gali_jodi_digit', 'open', '47', '', 11, [10, 900]), result: gali, outcome: won(99_000) },
  { bid: bid('gali_jodi_digit', 'open', '74'), result: gali, outcome: lost },
];

export const twinCases = { payout, playLimit, win } as const;
