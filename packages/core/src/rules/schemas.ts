/**
 * zod schemas over the rules, for request bodies and for schedules read back from JSON.
 * Kept apart so the other rule modules stay free of zod for the player app's bundle.
 */
import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { parsePoints } from './money.ts';
import { isPana } from './panas.ts';
import type { MarketSchedule } from './schedule.ts';
import { parseSession } from './sessions.ts';
import { isValidTimeZone, MINUTES_PER_DAY } from './time.ts';

/** Whole points (number or digit string) -> number; zero, decimals, signs and junk are issues. */
export const pointsSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const parsed = parsePoints(value);
  if (parsed.ok) return parsed.points;
  ctx.addIssue({ code: 'custom', message: `points ${parsed.reason.replace('_', ' ')}` });
  return z.NEVER;
});

/** Any D10 spelling -> 'open' | 'close'. */
export const sessionSchema = z.string().transform((value, ctx) => {
  const session = parseSession(value);
  if (session !== null) return session;
  ctx.addIssue({ code: 'custom', message: 'Session is not valid' });
  return z.NEVER;
});

/** One of the 220 panas, as a string. */
export const panaSchema = z.string().refine(isPana, { message: 'not a pana' });

/** A Gali result `00`..`99`. */
export const galiResultSchema = z.string().regex(/^\d{2}$/);

const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(MINUTES_PER_DAY - 1);

const daySchema = z.object({
  active: z.boolean(),
  openMinutes: minuteOfDay.optional(),
  closeMinutes: minuteOfDay.optional(),
});

/** A stored MarketSchedule: a valid zone, minutes 0..1439, all seven weekdays present. */
export const marketScheduleSchema: z.ZodType<MarketSchedule> = z.object({
  timeZone: z.string().refine(isValidTimeZone, { message: 'unknown time zone' }),
  openMinutes: minuteOfDay,
  closeMinutes: minuteOfDay,
  days: z.object({
    0: daySchema,
    1: daySchema,
    2: daySchema,
    3: daySchema,
    4: daySchema,
    5: daySchema,
    6: daySchema,
  }),
  offDates: z.record(z.string().refine(isIsoDate), z.string()).optional(),
  firstDate: z.string().refine(isIsoDate).optional(),
  lastDate: z.string().refine(isIsoDate).optional(),
});
