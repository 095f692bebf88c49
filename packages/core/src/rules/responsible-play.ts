/**
 * Responsible-play rules (issue 16; reliability-security section 3): the age check, deposit and stake limits
 * per day, week and month, time-outs and self-exclusion, and the reality-check intervals. The server decides
 * with them; the app uses the same functions for instant feedback. Messages live in `contract/play-messages`.
 */
import type { IsoDate } from './dates.ts';
import { addDays, isIsoDate, weekdayOf } from './dates.ts';

export const MIN_AGE = 18;

/** Whole years between a date of birth and `today` (a birthday counts from its own day). */
export function ageOn(dob: IsoDate, today: IsoDate): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** A real calendar date, not in the future, and at least MIN_AGE years before `today`. */
export function isOldEnough(dob: string, today: IsoDate): boolean {
  return isIsoDate(dob) && dob <= today && ageOn(dob, today) >= MIN_AGE;
}

export const limitKinds = ['deposit', 'stake'] as const;
export type LimitKind = (typeof limitKinds)[number];
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

/** Raising or removing a limit waits this long (UKGC RTS 12's cooling-off); lowering applies at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** The first day of the period that holds `today`, in the market time zone: weeks start on Monday. */
export function periodStart(period: LimitPeriod, today: IsoDate): IsoDate {
  if (period === 'day') return today;
  if (period === 'week') return addDays(today, -((weekdayOf(today) + 6) % 7));
  return `${today.slice(0, 8)}01`;
}

/**
 * Whether a requested limit (paise; null = no limit) may replace the one in force at once: only when it is
 * stricter. Anything looser (higher, or none at all) waits LIMIT_RAISE_DELAY_MS; the same value changes nothing.
 */
export function limitChange(current: number | null, requested: number | null): 'now' | 'later' | 'none' {
  if (current === requested) return 'none';
  if (requested === null) return 'later';
  if (current === null || requested < current) return 'now';
  return 'later';
}

/** The limit of one kind and period as the player set it, in paise. */
export interface PlayLimit {
  kind: LimitKind;
  period: LimitPeriod;
  /** In force now; null = none. */
  amount: number | null;
  /** A looser value waiting for its time (null amount = the limit goes away then). */
  pending: { amount: number | null; at: Date } | null;
}

/** What is left of a limit after what was used of its period: nothing once it is used up (or was lowered below). */
export function limitLeft(limit: number, used: number): number {
  return Math.max(0, limit - used);
}

/**
 * Whether a stake of `cost` takes a limit over. Twin of `gama_over_play_limit` (apps/api/src/db/functions/
 * rules.sql), which the bid function judges under the wallet lock; both answer `twinCases.stakeLimit`.
 */
export function overPlayLimit(cost: number, limit: number, used: number): boolean {
  return cost > limitLeft(limit, used);
}

/** How much more fits under each limit, given what was already used in each period: the tightest one wins. */
export function tightestLimit(
  limits: ReadonlyArray<{ period: LimitPeriod; amount: number | null }>,
  used: Readonly<Record<LimitPeriod, number>>,
): { period: LimitPeriod; amount: number; left: number } | null {
  let tightest: { period: LimitPeriod; amount: number; left: number } | null = null;
  for (const limit of limits) {
    if (limit.amount === null) continue;
    const left = limitLeft(limit.amount, used[limit.period]);
    if (tightest === null || left < tightest.left)
      tightest = { period: limit.period, amount: limit.amount, left };
  }
  return tightest;
}

export const breakKinds = ['timeout', 'exclusion'] as const;
export type BreakKind = (typeof breakKinds)[number];

/** The lengths offered: a time-out of 24 hours to 30 days (MGA), self-exclusion of 6 months or more (UKGC). */
export const breakOptions = {
  '24h': { kind: 'timeout', label: '24 hours', days: 1, months: 0 },
  '7d': { kind: 'timeout', label: '7 days', days: 7, months: 0 },
  '30d': { kind: 'timeout', label: '30 days', days: 30, months: 0 },
  '6m': { kind: 'exclusion', label: '6 months', days: 0, months: 6 },
  '1y': { kind: 'exclusion', label: '1 year', days: 0, months: 12 },
  '5y': { kind: 'exclusion', label: '5 years', days: 0, months: 60 },
} as const satisfies Record<string, { kind: BreakKind; label: string; days: number; months: number }>;
export type BreakOption = keyof typeof breakOptions;
export const breakOptionIds = Object.keys(breakOptions) as [BreakOption, ...BreakOption[]];

/** When a break taken at `start` ends: days are exact 24-hour days, months are calendar months (clamped). */
export function breakEnd(option: BreakOption, start: Date): Date {
  const { days, months } = breakOptions[option];
  if (months === 0) return new Date(start.getTime() + days * 86_400_000);
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

// The reality check's schedule is a module of its own (the signed-in frame reads it on every screen); these rules
// keep offering it under their old names.
export { nextRealityCheck, realityCheckDue, realityCheckIntervals } from './reality-check.ts';

/** The register form's rule: null when `dob` is a date of someone old enough on `today`, else the message. */
export function dobProblem(dob: string, today: IsoDate): 'missing' | 'invalid' | 'under-age' | null {
  if (dob.trim() === '') return 'missing';
  if (!isIsoDate(dob)) return 'invalid';
  return isOldEnough(dob, today) ? null : 'under-age';
}
