/**
 * Calendar dates as `YYYY-MM-DD` strings (no time, no zone) and the two legacy text formats:
 * bid dates `20-November-2026` and history ranges `11/20/2026`. Parsers return null for
 * anything malformed or not on the calendar (`31-November-2026`, `2/30/2026`).
 */

/** `YYYY-MM-DD`, a calendar day with no zone attached. */
export type IsoDate = string;
/** 0 = Sunday .. 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Weekday names by `Weekday` number, Sunday first. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The date of a real calendar day in years 1000..9999, or null. */
export function isoDateFromParts(year: number, month: number, day: number): IsoDate | null {
  if (![year, month, day].every(Number.isInteger) || year < 1000 || year > 9999) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parts(date: IsoDate): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(date);
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  if (!match || isoDateFromParts(year, month, day) !== date) throw new RangeError(`not a date: ${date}`);
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && isoDateFromParts(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parts(date);
  const shifted = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  const result = isoDateFromParts(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
  if (result === null) throw new RangeError(`date out of range: ${date} + ${days}`);
  return result;
}

export function weekdayOf(date: IsoDate): Weekday {
  const { year, month, day } = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() as Weekday;
}

/** `2026-11-20` -> `20-November-2026` (day not zero-padded, full English month name). */
export function formatBidDate(date: IsoDate): string {
  const { year, month, day } = parts(date);
  return `${day}-${MONTH_NAMES[month - 1]}-${year}`;
}

/** `20-November-2026` -> `2026-11-20`. A zero-padded day (`05-…`) is accepted; the month name must be exact. */
export function parseBidDate(text: string): IsoDate | null {
  const match = /^(\d{1,2})-([A-Za-z]+)-(\d{4})$/.exec(text);
  if (!match) return null;
  const month = MONTH_NAMES.findIndex((name) => name === match[2]) + 1;
  if (month === 0) return null;
  return isoDateFromParts(Number(match[3]), month, Number(match[1]));
}

/** `2026-11-20` -> `11/20/2026` (month/day/year, no zero padding). */
export function formatHistoryDate(date: IsoDate): string {
  const { year, month, day } = parts(date);
  return `${month}/${day}/${year}`;
}

/** `11/20/2026` -> `2026-11-20`. Zero-padded month or day (`01/05/2026`) is accepted. */
export function parseHistoryDate(text: string): IsoDate | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  return isoDateFromParts(Number(match[3]), Number(match[1]), Number(match[2]));
}
