import { addDays, MONTH_NAMES, weekdayOf, type IsoDate } from '@gama/core/rules/dates';
import type { ChartDay } from './api.ts';

export const DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A chart cell: the day's declared values, or why there are none. */
export type ChartCell =
  | { kind: 'declared'; date: IsoDate; open: string | null; close: string | null }
  /** The draw day has come but nothing is declared yet: shown `**`. */
  | { kind: 'pending'; date: IsoDate }
  /** A day still to come: left blank. */
  | { kind: 'future'; date: IsoDate }
  /** A weekday the market does not draw (its day off): left blank. */
  | { kind: 'off'; date: IsoDate };

export interface ChartWeek {
  monday: IsoDate;
  cells: ChartCell[];
}

export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * Rows of Monday-to-Sunday weeks, oldest first as matka charts are read, from the week of the oldest
 * declared day to the current week. Days the server did not send have no declaration.
 */
export function chartWeeks(
  days: readonly ChartDay[],
  today: IsoDate,
  daysOff: readonly number[] = [],
): ChartWeek[] {
  if (days.length === 0) return [];
  const byDate = new Map(days.map((day) => [day.date, day]));
  const oldest = days.reduce((min, day) => (day.date < min ? day.date : min), today);
  const newest = days.reduce((max, day) => (day.date > max ? day.date : max), today);
  const weeks: ChartWeek[] = [];
  for (let monday = mondayOf(oldest); monday <= newest; monday = addDays(monday, 7)) {
    const cells = DAY_LABELS.map((_, index): ChartCell => {
      const date = addDays(monday, index);
      const day = byDate.get(date);
      if (day) return { kind: 'declared', date, open: day.open, close: day.close };
      if (daysOff.includes(weekdayOf(date))) return { kind: 'off', date };
      return date <= today ? { kind: 'pending', date } : { kind: 'future', date };
    });
    weeks.push({ monday, cells });
  }
  return weeks;
}

/** `16 Nov` */
export function shortDate(date: IsoDate): string {
  const [, month, day] = date.split('-');
  return `${Number(day)} ${MONTH_NAMES[Number(month) - 1]?.slice(0, 3) ?? ''}`;
}

/** A jodi or Gali pair whose two digits match: charts mark these red. */
export function isDouble(pair: string): boolean {
  return pair.length === 2 && pair[0] === pair[1] && pair[0] !== '*';
}
