import type { OperatorMarket } from '@gama/core/endpoints/markets/index';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { WEEKDAY_NAMES, type Weekday } from '@gama/core/rules/dates';
import type { MarketSchedule } from '@gama/core/rules/schedule';
import { formatClockTime, formatTime24, parseTime24 } from '@gama/core/rules/time';

export const marketGroups: ReadonlyArray<{ value: MarketGroup; label: string }> = [
  { value: 'main', label: 'Main markets' },
  { value: 'starline', label: 'Starline' },
  { value: 'gali', label: 'Gali Disawar' },
];

export const groupLabel = (group: MarketGroup) => marketGroups.find((g) => g.value === group)?.label ?? group;

/** What one market is called in its group: a Starline market is one slot of the day. */
export const unitOf = (group: MarketGroup) => (group === 'starline' ? 'slot' : 'market');

export const marketsKey = ['markets'] as const;
export const marketKey = (id: number) => ['market', id] as const;

/** A `<input type="time">` value ("15:45") as the API's 12-hour text ("03:45 PM"); null when blank or wrong. */
export function clockOf(value: string): string | null {
  const minutes = parseTime24(value);
  return minutes === null ? null : formatClockTime(minutes);
}

/** Minutes after midnight as a `<input type="time">` value. */
export const inputTime = (minutes: number) => formatTime24(minutes);

export const shortWeekday = (day: number) => (WEEKDAY_NAMES[day as Weekday] ?? '').slice(0, 3);

/** The weekly times in words: "10:00 AM – 12:00 PM (next day)" or, for one draw, "01:00 PM". */
export function timesText(group: MarketGroup, schedule: MarketSchedule): string {
  if (group !== 'main') return formatClockTime(schedule.openMinutes);
  const next = schedule.closeMinutes < schedule.openMinutes ? ' (next day)' : '';
  return `${formatClockTime(schedule.openMinutes)} – ${formatClockTime(schedule.closeMinutes)}${next}`;
}

/** The weekdays without a draw ("Sun, Sat"), or "none". */
export function daysOffText(schedule: MarketSchedule): string {
  const off = [0, 1, 2, 3, 4, 5, 6].filter((d) => !schedule.days[d as Weekday]?.active);
  return off.length === 0 ? 'None' : off.map(shortWeekday).join(', ');
}

/** Weekdays whose times differ from the every-day times. */
export function ownTimesCount(schedule: MarketSchedule): number {
  return Object.values(schedule.days).filter(
    (d) => d.active && (d.openMinutes !== undefined || d.closeMinutes !== undefined),
  ).length;
}

/** Upcoming off days (from `today`), earliest first. */
export function upcomingOffDays(schedule: MarketSchedule, today: string): Array<[string, string]> {
  return Object.entries(schedule.offDates ?? {})
    .filter(([date]) => date >= today)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

export function marketStatus(market: Pick<OperatorMarket, 'active'>) {
  return market.active
    ? ({ label: 'Active', tone: 'success' } as const)
    : ({ label: 'Switched off', tone: 'pending' } as const);
}

/**
 * The schedule as the core rules take it. The answer's `days` may leave a weekday out, which is a day off
 * (the catalogue's `marketSchedule`); the rules want all seven.
 */
export function scheduleOf(market: Pick<OperatorMarket, 'schedule'>): MarketSchedule {
  const days = {} as MarketSchedule['days'];
  for (let weekday = 0; weekday < 7; weekday++) {
    const key = String(weekday) as keyof OperatorMarket['schedule']['days'];
    const day = market.schedule.days[key];
    days[weekday as Weekday] = day
      ? {
          active: day.active,
          ...(day.openMinutes !== undefined ? { openMinutes: day.openMinutes } : {}),
          ...(day.closeMinutes !== undefined ? { closeMinutes: day.closeMinutes } : {}),
        }
      : { active: false };
  }
  const { offDates, firstDate, lastDate } = market.schedule;
  return {
    timeZone: market.schedule.timeZone,
    openMinutes: market.schedule.openMinutes,
    closeMinutes: market.schedule.closeMinutes,
    days,
    ...(offDates ? { offDates } : {}),
    ...(firstDate ? { firstDate } : {}),
    ...(lastDate ? { lastDate } : {}),
  };
}
