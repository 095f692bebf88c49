/**
 * The one module for money. The ledger's unit is the paisa, 1/100 of a point (decision D5).
 * Amounts are JS numbers that must always be safe integers: every helper checks its inputs and
 * its result and throws a RangeError instead of silently losing precision.
 * Stakes, deposits, withdrawals and transfers are whole points; only payouts carry paise.
 */

export const PAISE_PER_POINT = 100;
/** The smallest stake of one bid row, in points (spec 02 section 9). */
export const MIN_BID_POINTS = 10;
/** The largest number of points any single user input may carry. */
export const MAX_POINTS = 1_000_000_000;

export type PointsError = 'missing' | 'malformed' | 'zero' | 'too_large';
export type ParsePointsResult = { ok: true; points: number } | { ok: false; reason: PointsError };

export interface ParsePointsOptions {
  /** Accept 0 (default false: a stake, deposit or transfer of nothing is an input error). */
  allowZero?: boolean;
  /** Upper bound in points, inclusive; defaults to MAX_POINTS. */
  max?: number;
}

const DIGITS_ONLY = /^\d+$/;

/**
 * Parses whole points from user input: a non-negative safe integer number, or a string of ASCII
 * digits only. Signs, decimals, exponents, spaces and every other type are `malformed`;
 * `undefined`, `null` and `""` are `missing`.
 */
export function parsePoints(input: unknown, options: ParsePointsOptions = {}): ParsePointsResult {
  const max = options.max ?? MAX_POINTS;
  if (input === undefined || input === null || input === '') return { ok: false, reason: 'missing' };

  let points: number;
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input) || input < 0) return { ok: false, reason: 'malformed' };
    points = input === 0 ? 0 : input; // folds -0 into 0
  } else if (typeof input === 'string') {
    if (!DIGITS_ONLY.test(input)) return { ok: false, reason: 'malformed' };
    // Compare lengths before converting so a thousand-digit string cannot round to something small.
    const significant = input.replace(/^0+/, '');
    if (significant.length > String(max).length) return { ok: false, reason: 'too_large' };
    points = significant === '' ? 0 : Number(significant);
  } else {
    return { ok: false, reason: 'malformed' };
  }

  if (points === 0 && !options.allowZero) return { ok: false, reason: 'zero' };
  if (points > max) return { ok: false, reason: 'too_large' };
  return { ok: true, points };
}

/** Throws unless `value` is a safe integer; returns it for chaining. */
export function assertSafeInteger(value: number, what = 'amount'): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is not a safe integer: ${value}`);
  return value;
}

export function pointsToPaise(points: number): number {
  assertSafeInteger(points, 'points');
  return assertSafeInteger(points * PAISE_PER_POINT, 'paise');
}

export function addPaise(...amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) total = assertSafeInteger(total + assertSafeInteger(amount), 'sum');
  return total;
}

export function subtractPaise(from: number, amount: number): number {
  assertSafeInteger(from);
  assertSafeInteger(amount);
  return assertSafeInteger(from - amount, 'difference');
}

export function multiplyPaise(amount: number, factor: number): number {
  assertSafeInteger(amount);
  assertSafeInteger(factor, 'factor');
  return assertSafeInteger(amount * factor, 'product');
}

/** What an entry costs: every generated row is a bid of `points` (decision D11). */
export function stakePaise(points: number, rows = 1): number {
  return multiplyPaise(pointsToPaise(points), rows);
}

/**
 * Payout of a winning bid in paise: floor(points x 100 x val2 / val1) (decision D5).
 * Worked in BigInt so no intermediate product is ever rounded. Twin of `gama_payout`
 * (apps/api/src/db/functions/rules.sql); both answer `twinCases.payout`.
 * A rate `val1-val2` means a stake of val1 points returns val2 points.
 */
export function payoutPaise(points: number, val1: number, val2: number): number {
  if (!Number.isSafeInteger(points) || points < 0) throw new RangeError(`invalid points: ${points}`);
  if (!Number.isSafeInteger(val1) || val1 <= 0) throw new RangeError(`invalid rate val_1: ${val1}`);
  if (!Number.isSafeInteger(val2) || val2 < 0) throw new RangeError(`invalid rate val_2: ${val2}`);
  // BigInt division truncates toward zero, which is floor for these non-negative operands.
  const paise = (BigInt(points) * BigInt(PAISE_PER_POINT) * BigInt(val2)) / BigInt(val1);
  if (paise > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('payout is not a safe integer');
  return Number(paise);
}

/** Points for people: `14250` -> `"142.50"`, `9500` -> `"95"`, `-5` -> `"-0.05"`. The legacy contract's form. */
export function formatPaise(paise: number): string {
  assertSafeInteger(paise);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / PAISE_PER_POINT);
  const rest = abs % PAISE_PER_POINT;
  if (rest === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(rest).padStart(2, '0')}`;
}

/** Points with two decimals and no grouping, as a spreadsheet or a UPI link reads a number: 123456 -> "1234.56". */
export function formatPaiseDecimal(paise: number): string {
  assertSafeInteger(paise);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / PAISE_PER_POINT)}.${String(abs % PAISE_PER_POINT).padStart(2, '0')}`;
}

const POINTS_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Points written as text ("95", "142.5", "-3.05", the legacy contract's and a statement's form) in paise; null
 * when the text is not an amount. Worked on the digits, never through a float, so "0.29" stays 29 paise.
 */
export function parsePaiseText(text: string | null | undefined): number | null {
  const match = POINTS_TEXT.exec(text?.trim() ?? '');
  if (!match) return null;
  const whole = Number(match[2]);
  const fraction = Number((match[3] ?? '0').padEnd(2, '0'));
  const paise = whole * PAISE_PER_POINT + fraction;
  if (!Number.isSafeInteger(paise)) return null;
  return match[1] === '-' && paise !== 0 ? -paise : paise;
}

/**
 * Paise that are whole points, as a count of points: for the fields that carry whole points by their nature (a
 * limit, a stake total, an adjustment). Throws on a paisa left over rather than pass a fraction on.
 */
export function wholePointsOf(paise: number): number {
  assertSafeInteger(paise);
  if (paise % PAISE_PER_POINT !== 0) throw new RangeError(`not whole points: ${paise} paise`);
  return paise / PAISE_PER_POINT;
}

/** 1234567 → "12,34,567": the last three digits, then groups of two. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}`;
}

export interface FormatPointsOptions {
  /**
   * `always` (the console: 1,00,000.00), `when-needed` (the player app: 1,00,000 and 142.50) or `none` (whole
   * points, the paise dropped: a count in a sentence).
   */
  decimals?: 'always' | 'when-needed' | 'none';
  /** Show a + on money in (credits), as a passbook does. */
  signed?: boolean;
}

/**
 * Paise (a number, a bigint, or the legacy contract's text such as "142.50") as points the way people read
 * them: Indian digit grouping (1,00,000.00), paise as two decimals. Text that is not an amount is shown as it is.
 */
export function formatPoints(amount: number | bigint | string, options: FormatPointsOptions = {}): string {
  const paise = typeof amount === 'string' ? parsePaiseText(amount) : amount;
  if (paise === null) return amount as string;
  if (typeof paise === 'number') assertSafeInteger(paise);
  const big = BigInt(paise);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const per = BigInt(PAISE_PER_POINT);
  const whole = groupIndian((abs / per).toString());
  const rest = abs % per;
  const fraction =
    options.decimals === 'none' || (options.decimals === 'when-needed' && rest === 0n)
      ? ''
      : `.${rest.toString().padStart(2, '0')}`;
  const sign = negative ? '-' : options.signed && abs > 0n ? '+' : '';
  return `${sign}${whole}${fraction}`;
}

/** Whole points (a count typed by an operator or a player) as grouped text: 1000 → "1,000". */
export function formatWholePoints(points: number): string {
  // A half-typed field may hold a fraction for a moment: shown truncated, never thrown on while rendering.
  return formatPoints(BigInt(Math.trunc(points)) * BigInt(PAISE_PER_POINT), { decimals: 'when-needed' });
}

const compactPoints = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Paise as a chart's axis tick in points, the Indian way: 950, 1.5K, 1.2L, 1.5Cr. The one place an amount
 * becomes a float, for a label that is rounded to a digit anyway; nothing reads it back.
 */
export function formatPointsCompact(paise: number): string {
  assertSafeInteger(paise);
  return compactPoints.format(paise / PAISE_PER_POINT);
}
