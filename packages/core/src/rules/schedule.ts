/**
 * Weekly market schedules, bid cut-offs and the list's `msg_status` (game-rules.md section 7,
 * decision D9). The server's clock is the only authority; cut-offs are strict `now < cut-off`
 * at minute granularity.
 */
import { getBetType, type BetType, type BetTypeId, type MarketGroup } from './bet-types.ts';
import { addDays, weekdayOf, type IsoDate, type Weekday } from './dates.ts';
import { bidMessages as m } from './messages.ts';
import type { Session } from './sessions.ts';
import { MINUTES_PER_DAY, zonedParts } from './time.ts';

/** One weekday's row: `active: false` is a day off; times given here override the defaults. */
export interface DaySchedule {
  active: boolean;
  openMinutes?: number;
  closeMinutes?: number;
}

/**
 * A market's weekly timetable; the API stores it as JSON, for example
 * `{"timeZone":"Asia/Kolkata","openMinutes":630,"closeMinutes":750,
 *   "days":{"0":{"active":false},"1":{"active":true},…,"6":{"active":true,"closeMinutes":720}}}`.
 * - Times are wall-clock minutes after midnight (0..1439) in `timeZone` (an IANA name).
 * - `days` has all seven keys, 0 = Sunday .. 6 = Saturday.
 * - A close earlier than the open means the close falls on the next calendar day; until then,
 *   instants after midnight still belong to the previous day's session (its bid date).
 * - Starline slots and Gali markets use only the open time; their closeMinutes is ignored.
 * - `offDates` are one-off days without a draw (holidays), each with the operator's note; `firstDate` and
 *   `lastDate` bound the days the market draws at all (a Starline slot added or removed from a date on).
 */
export interface MarketSchedule {
  timeZone: string;
  openMinutes: number;
  closeMinutes: number;
  days: Record<Weekday, DaySchedule>;
  offDates?: Record<IsoDate, string>;
  firstDate?: IsoDate;
  lastDate?: IsoDate;
}

/** Why a calendar day has no draw: its weekday is off, it is an off date, or it is outside the market's dates. */
export type NoDrawReason = 'day_off' | 'off_date' | 'before_first_date' | 'after_last_date';

/** The effective times of one weekday. */
export interface DayTimes {
  active: boolean;
  openMinutes: number;
  closeMinutes: number;
  /** Close earlier than open: the session ends after the next midnight. */
  closesNextDay: boolean;
}

/** Where an instant falls in a market's schedule. */
export interface MarketDay extends DayTimes {
  /** The calendar day whose session the instant belongs to: the bid date a bid must carry. */
  date: IsoDate;
  weekday: Weekday;
  /** The instant, in minutes after that day's midnight (1440 + m after midnight of an overnight session). */
  minutes: number;
}

export type BidWindowResult =
  | { ok: true; marketDate: IsoDate }
  | {
      ok: false;
      reason: 'market_closed_today' | 'open_session_closed' | 'close_session_closed' | 'betting_closed';
      message: string;
    };

const WEEKDAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/** A schedule with the same times every day, except the given days off. */
export function weeklySchedule(options: {
  timeZone: string;
  openMinutes: number;
  closeMinutes: number;
  daysOff?: readonly Weekday[];
}): MarketSchedule {
  const days = {} as Record<Weekday, DaySchedule>;
  for (const weekday of WEEKDAYS) days[weekday] = { active: !(options.daysOff ?? []).includes(weekday) };
  return {
    timeZone: options.timeZone,
    openMinutes: options.openMinutes,
    closeMinutes: options.closeMinutes,
    days,
  };
}

export function dayTimes(schedule: MarketSchedule, weekday: Weekday): DayTimes {
  // A weekday missing from stored JSON is treated as a day off rather than guessed.
  const day = schedule.days[weekday] ?? { active: false };
  const openMinutes = day.openMinutes ?? schedule.openMinutes;
  const closeMinutes = day.closeMinutes ?? schedule.closeMinutes;
  return { active: day.active, openMinutes, closeMinutes, closesNextDay: closeMinutes < openMinutes };
}

/** The times of one calendar day: its weekday's, switched off on an off date or outside the market's dates. */
export function dayOn(schedule: MarketSchedule, date: IsoDate): DayTimes {
  const day = dayTimes(schedule, weekdayOf(date));
  return noDrawReason(schedule, date) === null ? day : { ...day, active: false };
}

export function noDrawReason(schedule: MarketSchedule, date: IsoDate): NoDrawReason | null {
  if (schedule.firstDate !== undefined && date < schedule.firstDate) return 'before_first_date';
  if (schedule.lastDate !== undefined && date > schedule.lastDate) return 'after_last_date';
  if (schedule.offDates?.[date] !== undefined) return 'off_date';
  if (!dayTimes(schedule, weekdayOf(date)).active) return 'day_off';
  return null;
}

/** The close on the market-day scale: past 1440 for a session that closes after midnight. */
function closeAt(day: DayTimes): number {
  return day.closeMinutes + (day.closesNextDay ? MINUTES_PER_DAY : 0);
}

/**
 * When a draw takes place, in minutes after its market day's midnight: the close of a main market (past 1440
 * when it falls after midnight), the open time for the open half and for Starline and Gali draws.
 */
export function drawMinutesOf(day: DayTimes, half: 'open' | 'close' | 'single'): number {
  return half === 'close' ? closeAt(day) : day.openMinutes;
}

/**
 * The market day `now` belongs to. On main markets an instant after midnight belongs to the
 * previous day while that day's overnight session has not closed; Starline and Gali have one
 * time per day and never reach past midnight.
 */
export function marketDayAt(schedule: MarketSchedule, now: Date, group: MarketGroup = 'main'): MarketDay {
  const local = zonedParts(now, schedule.timeZone);
  if (group === 'main') {
    const previousDate = addDays(local.date, -1);
    const previousWeekday = ((local.weekday + 6) % 7) as Weekday;
    const previous = dayOn(schedule, previousDate);
    const minutes = local.minutes + MINUTES_PER_DAY;
    if (previous.active && previous.closesNextDay && minutes < closeAt(previous)) {
      return { ...previous, date: previousDate, weekday: previousWeekday, minutes };
    }
  }
  return {
    ...dayOn(schedule, local.date),
    date: local.date,
    weekday: local.weekday,
    minutes: local.minutes,
  };
}

/**
 * The last-plus-one minute (on the market-day scale) at which a bid of this type and session is
 * accepted: the open time for open-session bids, the timed tiles (Jodi, both Half Sangam forms,
 * Full Sangam) and every Starline and Gali bid; the close time for close-session main bids.
 */
export function cutoffMinutes(betType: BetType, session: Session, day: DayTimes): number {
  if (betType.group !== 'main' || betType.timed || session === 'open') return day.openMinutes;
  return closeAt(day);
}

/** Whether a bid may be placed at `now`, and the market date it belongs to. */
export function checkBidWindow(
  schedule: MarketSchedule,
  betTypeRef: BetTypeId | BetType,
  session: Session,
  now: Date,
): BidWindowResult {
  const betType = getBetType(betTypeRef);
  const day = marketDayAt(schedule, now, betType.group);
  if (!day.active) return { ok: false, reason: 'market_closed_today', message: m.bettingClosed };
  if (day.minutes < cutoffMinutes(betType, session, day)) return { ok: true, marketDate: day.date };

  if (betType.group !== 'main' || betType.timed) {
    return { ok: false, reason: 'betting_closed', message: m.bettingClosed };
  }
  if (session === 'open') return { ok: false, reason: 'open_session_closed', message: m.openSessionClosed };
  return { ok: false, reason: 'close_session_closed', message: m.closeSessionClosed };
}

/**
 * The market list's `msg_status`: 1 = open for today, 2 = closed. Main markets: active today and
 * now before the close. Starline and Gali: active today and now before the open time.
 */
export function msgStatus(schedule: MarketSchedule, group: MarketGroup, now: Date): 1 | 2 {
  const day = marketDayAt(schedule, now, group);
  if (!day.active) return 2;
  const until = group === 'main' ? closeAt(day) : day.openMinutes;
  return day.minutes < until ? 1 : 2;
}
