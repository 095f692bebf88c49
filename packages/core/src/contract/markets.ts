/** Request shapes of the operator's market calls. */
import { z } from 'zod';
import { isIsoDate } from '../rules/dates.ts';
import { scheduleMessages } from '../rules/schedule-edit.ts';

const clockText = z.string().regex(/^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/, { error: 'times are like 03:45 PM' });

export const createMarketBody = z.object({
  group: z.enum(['main', 'starline', 'gali']),
  name: z.string().trim().min(1).max(60),
  /** 12-hour market time, e.g. "03:45 PM"; Starline and Gali draw at their open time. */
  open_time: clockText,
  close_time: clockText.optional(),
  /** Weekdays without a draw, 0 Sunday to 6 Saturday. */
  days_off: z.array(z.number().int().min(0).max(6)).max(6).default([]),
  active: z.boolean().default(true),
  /** The first day it draws (a Starline slot added from a date on); without it, from today. */
  first_date: z
    .string({ error: scheduleMessages.badDate })
    .refine(isIsoDate, { error: scheduleMessages.badDate })
    .optional(),
});
