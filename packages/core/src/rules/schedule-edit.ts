/**
 * Editing a market's schedule (issue 15): the operator's weekly timetable, off dates and first and last
 * days turned into a `MarketSchedule`, with the rules written once for the server and the console.
 *
 * A change applies from the next draw. A day whose draws already have bids or a result, and are not all
 * declared yet, keeps its times: a change that would move or cancel them is refused with a message that
 * says which day and what would change. The server decides which days are held that way (it sees the bids);
 * this module only compares the day before and after.
 */
import type { MarketGroup } from './bet-types.ts';
import {
  addDays,
  formatBidDate,
  isIsoDate,
  WEEKDAY_NAMES,
  weekdayOf,
  type IsoDate,
  type Weekday,
} from './dates.ts';
import type { DaySchedule, MarketSchedule, NoDrawReason } from './schedule.ts';
import { dayOn, noDrawReason } from './schedule.ts';
import { formatClockTime, parseClockTime } from './time.ts';

/** An off day's note is shown to operators only; it says why (a holiday's name). */
export const OFF_DATE_NOTE_MAX = 60;
/** Off days kept ahead at most: a year of holidays for a market is far less. */
export const OFF_DATES_MAX = 120;

export const scheduleMessages = {
  stale: 'Someone changed this market meanwhile. Reload it and make your change again.',
  notFound: 'Market not found',
  nameTaken: 'A market with this name already exists in the group',
  closeNeeded: 'A main market needs a close time',
  sameTimes: (where: string) => `${where}: the close cannot be at the open time`,
  badTime: (where: string) => `${where}: times are like 03:45 PM`,
  noDay: 'Keep at least one weekday with a draw; to stop the market, switch it off',
  sevenDays: 'Send the seven weekdays, Sunday first',
  badDate: 'Dates are like 2026-11-24',
  offDatePast: (today: IsoDate) => `An off day must be today (${formatBidDate(today)}) or later`,
  offDateTaken: (date: IsoDate) => `${formatBidDate(date)} is already an off day`,
  offDateMissing: (date: IsoDate) => `${formatBidDate(date)} is not an off day`,
  tooManyOffDates: `A market keeps at most ${OFF_DATES_MAX} off days`,
  datesOrder: 'The last day cannot be before the first day',
  nothingToChange: 'Send at least one thing to change',
  unchanged: 'This is the schedule in force already; nothing changed',
  held: (market: string, date: IsoDate, has: 'bids' | 'a result', before: string, after: string) =>
    `${market}: the draws of ${formatBidDate(date)} already have ${has}, so they keep their times ` +
    `(${before}; this change would make it ${after}). Make the change once that day's results are declared.`,
  /** A bid checked against a schedule that an operator changed before the bid was written. */
  scheduleChanged: "This market's timings have just changed. Check them and place your bid again.",
} as const;

/** One weekday of the timetable as the operator enters it: 12-hour times, or none to use the defaults. */
export interface TimetableDayInput {
  active: boolean;
  open_time?: string | undefined;
  close_time?: string | undefined;
}

export interface TimetableInput {
  /** The times of every weekday that does not give its own. */
  open_time: string;
  /** Main markets only; Starline slots and Gali markets draw at their open time. */
  close_time?: string | undefined;
  /** Seven weekdays, Sunday first. */
  days: readonly TimetableDayInput[];
}

export type Edit = { ok: true; schedule: MarketSchedule } | { ok: false; message: string };

const minutesOf = (text: string | undefined): number | null | undefined =>
  text === undefined || text === '' ? undefined : parseClockTime(text);

/**
 * The schedule with this weekly timetable, keeping its zone, off dates and first and last days. A weekday's
 * times are stored only where they differ from the defaults, so changing the defaults moves every day
 * that follows them.
 */
export function applyTimetable(group: MarketGroup, base: MarketSchedule, input: TimetableInput): Edit {
  const main = group === 'main';
  const open = minutesOf(input.open_time);
  if (open === null || open === undefined)
    return { ok: false, message: scheduleMessages.badTime('Every day') };
  const close = main ? minutesOf(input.close_time) : open;
  if (close === null) return { ok: false, message: scheduleMessages.badTime('Every day') };
  if (close === undefined) return { ok: false, message: scheduleMessages.closeNeeded };
  if (main && close === open) return { ok: false, message: scheduleMessages.sameTimes('Every day') };
  if (input.days.length !== 7) return { ok: false, message: scheduleMessages.sevenDays };

  const days = {} as Record<Weekday, DaySchedule>;
  for (const [index, day] of input.days.entries()) {
    const weekday = index as Weekday;
    const where = WEEKDAY_NAMES[weekday];
    const dayOpen = minutesOf(day.open_time);
    const dayClose = main ? minutesOf(day.close_time) : undefined;
    if (dayOpen === null || dayClose === null) return { ok: false, message: scheduleMessages.badTime(where) };
    const entry: DaySchedule = { active: day.active };
    if (dayOpen !== undefined && dayOpen !== open) entry.openMinutes = dayOpen;
    if (dayClose !== undefined && dayClose !== close) entry.closeMinutes = dayClose;
    if (main && (dayOpen ?? open) === (dayClose ?? close))
      return { ok: false, message: scheduleMessages.sameTimes(where) };
    days[weekday] = entry;
  }
  if (!Object.values(days).some((d) => d.active)) return { ok: false, message: scheduleMessages.noDay };
  return { ok: true, schedule: { ...base, openMinutes: open, closeMinutes: close, days } };
}

/** The timetable form's values for a schedule: every weekday with its own times filled in. */
export function timetableOf(group: MarketGroup, schedule: MarketSchedule): TimetableInput {
  const main = group === 'main';
  const days: TimetableDayInput[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = schedule.days[weekday as Weekday] ?? { active: false };
    days.push({
      active: day.active,
      open_time: formatClockTime(day.openMinutes ?? schedule.openMinutes),
      ...(main ? { close_time: formatClockTime(day.closeMinutes ?? schedule.closeMinutes) } : {}),
    });
  }
  return {
    open_time: formatClockTime(schedule.openMinutes),
    ...(main ? { close_time: formatClockTime(schedule.closeMinutes) } : {}),
    days,
  };
}

/** Marks a day (today or later) as having no draw. Past off days are dropped: they can no longer matter. */
export function addOffDate(schedule: MarketSchedule, date: IsoDate, note: string, today: IsoDate): Edit {
  if (!isIsoDate(date)) return { ok: false, message: scheduleMessages.badDate };
  if (date < today) return { ok: false, message: scheduleMessages.offDatePast(today) };
  const kept = Object.entries(schedule.offDates ?? {}).filter(([d]) => d >= today);
  if (kept.some(([d]) => d === date)) return { ok: false, message: scheduleMessages.offDateTaken(date) };
  if (kept.length >= OFF_DATES_MAX) return { ok: false, message: scheduleMessages.tooManyOffDates };
  const entries: [IsoDate, string][] = [...kept, [date, note.trim()]];
  const offDates = Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
  return { ok: true, schedule: { ...schedule, offDates } };
}

export function removeOffDate(schedule: MarketSchedule, date: IsoDate): Edit {
  if (schedule.offDates?.[date] === undefined)
    return { ok: false, message: scheduleMessages.offDateMissing(date) };
  const offDates = Object.fromEntries(Object.entries(schedule.offDates).filter(([d]) => d !== date));
  return { ok: true, schedule: { ...schedule, offDates } };
}

/** The first and last days the market draws on (null: no bound). */
export function setMarketDates(
  schedule: MarketSchedule,
  dates: { first?: IsoDate | null | undefined; last?: IsoDate | null | undefined },
): Edit {
  for (const value of [dates.first, dates.last])
    if (typeof value === 'string' && !isIsoDate(value))
      return { ok: false, message: scheduleMessages.badDate };
  const { firstDate, lastDate, ...rest } = schedule;
  const first = dates.first === undefined ? firstDate : (dates.first ?? undefined);
  const last = dates.last === undefined ? lastDate : (dates.last ?? undefined);
  const next: MarketSchedule = {
    ...rest,
    ...(first !== undefined ? { firstDate: first } : {}),
    ...(last !== undefined ? { lastDate: last } : {}),
  };
  if (next.firstDate !== undefined && next.lastDate !== undefined && next.lastDate < next.firstDate)
    return { ok: false, message: scheduleMessages.datesOrder };
  return { ok: true, schedule: next };
}

/** What a day's draws look like, in words: "open 10:00 AM, close 12:00 PM", "draw 01:00 PM" or "no draw". */
export function describeDay(
  group: MarketGroup,
  market: { schedule: MarketSchedule; active: boolean },
  date: IsoDate,
): string {
  const day = dayOn(market.schedule, date);
  if (!market.active || !day.active) return 'no draw';
  if (group !== 'main') return `draw ${formatClockTime(day.openMinutes)}`;
  const next = day.closesNextDay ? ' (next day)' : '';
  return `open ${formatClockTime(day.openMinutes)}, close ${formatClockTime(day.closeMinutes)}${next}`;
}

/** A market day the server found with bids or a result whose draws are not all declared. */
export interface HeldDay {
  date: IsoDate;
  has: 'bids' | 'a result';
}

/**
 * The refusal for a change that would move or cancel the draws of a held day, or null when every held day
 * keeps its times.
 */
export function heldDayConflict(
  group: MarketGroup,
  name: string,
  before: { schedule: MarketSchedule; active: boolean },
  after: { schedule: MarketSchedule; active: boolean },
  held: readonly HeldDay[],
): string | null {
  for (const day of held) {
    const was = describeDay(group, before, day.date);
    const will = describeDay(group, after, day.date);
    if (was !== will) return scheduleMessages.held(name, day.date, day.has, was, will);
  }
  return null;
}

/** One day ahead as the market will draw on it. */
export interface DayAhead {
  date: IsoDate;
  weekday: Weekday;
  /** null: the market draws that day. */
  no_draw: NoDrawReason | 'market_off' | null;
  /** The off day's note, when it is one. */
  note: string | null;
  /** The draws in words, as describeDay says them. */
  draws: string;
}

/** The market's next days from `from`, as the console lists them (and previews them before a change). */
export function daysAhead(
  group: MarketGroup,
  market: { schedule: MarketSchedule; active: boolean },
  from: IsoDate,
  count: number,
): DayAhead[] {
  const out: DayAhead[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(from, i);
    out.push({
      date,
      weekday: weekdayOf(date),
      no_draw: market.active ? noDrawReason(market.schedule, date) : 'market_off',
      note: market.schedule.offDates?.[date] ?? null,
      draws: describeDay(group, market, date),
    });
  }
  return out;
}
