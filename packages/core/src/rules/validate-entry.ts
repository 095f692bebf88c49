/**
 * One validator per bet type, shared by the bid screen (which passes the displayed balance) and
 * the server (which checks the balance in SQL and omits it). Guard order follows the spec: the
 * digit error first, then the second field, then points, then balance; one message at a time.
 */
import { getBetType, rateFieldForRow, type BetType, type BetTypeId, type RateField } from './bet-types.ts';
import { dpMotorPanas, spDpTpPanas, spMotorPanas, type SpDpTpChoice } from './expansions.ts';
import { bidMessages as m } from './messages.ts';
import { MIN_BID_POINTS, parsePoints, stakePaise } from './money.ts';
import { isInNumberSet, type NumberSetId } from './number-sets.ts';
import { parseSession, type Session } from './sessions.ts';

export interface BidEntryInput {
  /** Digit, jodi, pana, motor digits or (Full Sangam) open pana, exactly as typed. */
  digit: unknown;
  /** Half Sangam pana / Full Sangam close pana. */
  closeDigit?: unknown;
  /** Whole points, as a number or a string of digits. */
  points: unknown;
  /** Any D10 spelling; may be omitted for bet types that have only one session. */
  session?: unknown;
  /** The balance the screen shows; omit on the server. */
  balancePaise?: number;
  /** SP DP TP check boxes; all three when omitted. */
  lists?: SpDpTpChoice;
  /** Minimum points per row; MIN_BID_POINTS when omitted. */
  minPoints?: number;
}

/** One stored bid: `digits` / `closedigits` of the legacy row and the rate that pays it. */
export interface BidRow {
  digits: string;
  closeDigits: string;
  rateField: RateField;
}

export interface ValidBidEntry {
  ok: true;
  betType: BetTypeId;
  session: Session;
  /** The entry as typed (for motors the entered digits, for SP DP TP the digit). */
  digits: string;
  closeDigits: string;
  points: number;
  /** What gets stored and settled: one row per generated pana for motors and SP DP TP. */
  rows: BidRow[];
  /** points x 100 x rows.length */
  costPaise: number;
}

export interface BidFailure {
  ok: false;
  message: string;
}

export type BidEntryResult = ValidBidEntry | BidFailure;

type Checked<T> = { ok: true; value: T } | BidFailure;

const fail = (message: string): BidFailure => ({ ok: false, message });
const MOTOR_MAX_LENGTH = 10;
const DIGITS = /^\d+$/;

function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || raw === '';
}

function checkSession(betType: BetType, raw: unknown): Checked<Session> {
  if (raw === undefined) {
    const [only] = betType.sessions;
    if (betType.sessions.length === 1 && only) return { ok: true, value: only };
    return fail(m.selectSession);
  }
  const session = parseSession(raw);
  if (session === null || !betType.sessions.includes(session)) return fail(m.invalidSession);
  return { ok: true, value: session };
}

function checkInSet(set: NumberSetId, raw: unknown): Checked<string> {
  if (isBlank(raw)) return fail(m.enterNumber);
  if (typeof raw !== 'string' || !isInNumberSet(set, raw)) return fail(m.numberNotValid(String(raw)));
  return { ok: true, value: raw };
}

function checkMotorDigits(betType: BetType, raw: unknown): Checked<string> {
  if (isBlank(raw)) return fail(m.enterNumber);
  const text = String(raw);
  if (betType.expansion === 'sp_motor' && text.length < 3) return fail(m.digitNotValid);
  if (typeof raw !== 'string' || !DIGITS.test(text) || text.length < 2 || text.length > MOTOR_MAX_LENGTH) {
    return fail(m.numberNotValid(text));
  }
  return { ok: true, value: text };
}

/** Spec 02 section 5: the Starline Single Pana screen words the balance message with a comma. */
function insufficientFor(betType: BetType): string {
  return betType.id === 'starline_single_pana' ? m.insufficientBalanceComma : m.insufficientBalance;
}

function checkPoints(raw: unknown, minPoints: number): Checked<number> {
  const parsed = parsePoints(raw, { allowZero: true });
  if (!parsed.ok) {
    if (parsed.reason === 'missing') return fail(m.enterPoints);
    if (parsed.reason === 'too_large') return fail(m.maximumBid);
    return fail(m.invalidPoints);
  }
  if (parsed.points < minPoints) return fail(m.minimumBidOf(minPoints));
  return { ok: true, value: parsed.points };
}

function expand(betType: BetType, digits: string, lists: SpDpTpChoice): Checked<string[]> {
  switch (betType.expansion) {
    case 'sp_motor': {
      const rows = spMotorPanas(digits);
      return rows.length > 0 ? { ok: true, value: rows } : fail(m.noCombination);
    }
    case 'dp_motor': {
      const rows = dpMotorPanas(digits);
      return rows.length > 0 ? { ok: true, value: rows } : fail(m.validDpMotorPana);
    }
    case 'sp_dp_tp': {
      const rows = spDpTpPanas(digits, lists);
      return rows.length > 0 ? { ok: true, value: rows } : fail(m.noCombination);
    }
    case 'none':
      return { ok: true, value: [digits] };
  }
}

/** Validates one screen entry and expands it into the rows to store. */
export function validateBidEntry(betTypeRef: BetTypeId | BetType, input: BidEntryInput): BidEntryResult {
  const betType = getBetType(betTypeRef);

  // A malformed session comes from a broken client, not from a person typing: refuse it first.
  const session = checkSession(betType, input.session);
  if (!session.ok) return session;

  const digit =
    betType.digitInput === 'motor_digits'
      ? checkMotorDigits(betType, input.digit)
      : checkInSet(betType.digitInput, input.digit);
  if (!digit.ok) return digit;

  let closeDigits = '';
  if (betType.closeDigitInput !== null) {
    const close = checkInSet(betType.closeDigitInput, input.closeDigit);
    if (!close.ok) return close;
    closeDigits = close.value;
  }

  const expanded = expand(betType, digit.value, input.lists ?? { single: true, double: true, triple: true });
  if (!expanded.ok) return expanded;

  const points = checkPoints(input.points, input.minPoints ?? MIN_BID_POINTS);
  if (!points.ok) return points;

  const rows = expanded.value.map((digits) => ({
    digits,
    closeDigits,
    rateField: rateFieldForRow(betType, digits),
  }));
  const costPaise = stakePaise(points.value, rows.length);
  if (input.balancePaise !== undefined && costPaise > input.balancePaise)
    return fail(insufficientFor(betType));

  return {
    ok: true,
    betType: betType.id,
    session: session.value,
    digits: digit.value,
    closeDigits,
    points: points.value,
    rows,
    costPaise,
  };
}

export interface BidRowInput {
  digits: unknown;
  closeDigits?: unknown;
  points: unknown;
  session?: unknown;
  balancePaise?: number;
  minPoints?: number;
}

export interface ValidBidRow extends BidRow {
  ok: true;
  betType: BetTypeId;
  session: Session;
  points: number;
  costPaise: number;
}

/**
 * Validates one already-expanded row, as legacy clients send motors and SP DP TP (one row per
 * pana): the row's digits must be in the bet type's row set, e.g. an `SP Motor` row must be a
 * single pana. For the other bet types this is the same check as `validateBidEntry`.
 */
export function validateBidRow(
  betTypeRef: BetTypeId | BetType,
  input: BidRowInput,
): ValidBidRow | BidFailure {
  const betType = getBetType(betTypeRef);

  const session = checkSession(betType, input.session);
  if (!session.ok) return session;

  const digit = checkInSet(betType.rowDigits, input.digits);
  if (!digit.ok) return digit;

  let closeDigits = '';
  if (betType.closeDigitInput !== null) {
    const close = checkInSet(betType.closeDigitInput, input.closeDigits);
    if (!close.ok) return close;
    closeDigits = close.value;
  }

  const points = checkPoints(input.points, input.minPoints ?? MIN_BID_POINTS);
  if (!points.ok) return points;

  const costPaise = stakePaise(points.value, 1);
  if (input.balancePaise !== undefined && costPaise > input.balancePaise)
    return fail(insufficientFor(betType));

  return {
    ok: true,
    betType: betType.id,
    session: session.value,
    digits: digit.value,
    closeDigits,
    rateField: rateFieldForRow(betType, digit.value),
    points: points.value,
    costPaise,
  };
}
