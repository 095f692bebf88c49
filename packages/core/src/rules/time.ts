/**
 * Wall-clock times as minutes after midnight (0..1439) and instants seen in a market's zone.
 * Every function that looks at an instant takes the IANA zone explicitly; conversion uses
 * Intl only, so the same code runs in Node and in the browser without a timezone library.
 */
import { isoDateFromParts, weekdayOf, type IsoDate, type Weekday } from './dates.ts';

/** The market zone unless configured otherwise (decision D9). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
export const MINUTES_PER_DAY = 1440;

function isMinuteOfDay(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= 0 && minutes < MINUTES_PER_DAY;
}

/** `"10:30 AM"` -> 630, `"12:00 AM"` -> 0, `"12:30 PM"` -> 750, `"1:05 pm"` -> 785; null if malformed. */
export function parseClockTime(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2}) ?([AaPp][Mm])$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = match[3]?.toUpperCase() === 'PM';
  // 12 AM is midnight and 12 PM is noon: the hour 12 counts as 0 before the AM/PM shift.
  return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
}

/** 1265 -> `"09:05 PM"`; 0 -> `"12:00 AM"`. */
export function formatClockTime(minutes: number): string {
  if (!isMinuteOfDay(minutes)) throw new RangeError(`not a minute of the day: ${minutes}`);
  const hour24 = Math.floor(minutes / 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const suffix = hour24 < 12 ? 'AM' : 'PM';
  return `${String(hour12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
}

/** `"13:05"` -> 785; null if malformed. */
export function parseTime24(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? hour * 60 + minute : null;
}

/** 785 -> `"13:05"`. */
export function formatTime24(minutes: number): string {
  if (!isMinuteOfDay(minutes)) throw new RangeError(`not a minute of the day: ${minutes}`);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface ZonedParts {
  date: IsoDate;
  weekday: Weekday;
  /** Minutes after local midnight, seconds dropped (cut-offs are at minute granularity, D9). */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The last answer per zone, by whole second: a request asks the same instant several times (each bid row's
 * cut-off, the market day), and Intl's formatToParts is the dear part. Within one second the answer cannot
 * change (it drops the seconds).
 */
const lastParts = new Map<string, { second: number; parts: Readonly<ZonedParts> }>();

/** The wall-clock date, weekday and minute of `instant` in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('invalid Date');
  const second = Math.floor(ms / 1000);
  const last = lastParts.get(timeZone);
  if (last?.second === second) return { ...last.parts };
  const parts = computeZonedParts(instant, timeZone);
  lastParts.set(timeZone, { second, parts });
  return { ...parts };
}

function computeZonedParts(instant: Date, timeZone: string): ZonedParts {
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const date = isoDateFromParts(values.year ?? NaN, values.month ?? NaN, values.day ?? NaN);
  const hour = values.hour ?? NaN;
  const minute = values.minute ?? NaN;
  if (date === null || !isMinuteOfDay(hour * 60 + minute)) {
    throw new RangeError(`cannot read wall-clock time of ${instant.toISOString()} in ${timeZone}`);
  }
  return { date, weekday: weekdayOf(date), minutes: hour * 60 + minute };
}
