/** Request shapes of the operator API; the OpenAPI document is generated from these same schemas. */
import { z } from 'zod';

const clockText = z.string().regex(/^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/, { error: 'times are like 03:45 PM' });
export const createMarketBody = z.object({
  group: z.enum(['main', 'starline', 'gali']),
  name: z.string().trim().min(1).max(60),
  open_time: clockText,
  close_time: clockText.optional(),
  days_off: z.array(z.number().int().min(0).max(6)).max(6).default([]),
  active: z.boolean().default(true),
});
