/** Request shapes of the operator API; the OpenAPI document is generated from these same schemas. */
import { z } from 'zod';

export const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const playersQuery = z.object({
  mobile: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'mobile must be up to 10 digits' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const adjustBody = z.object({
  points: z
    .number({ error: 'points must be a whole number' })
    .int({ error: 'points must be a whole number' })
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((n) => n !== 0, { error: 'points must not be zero' }),
  reason: z.string().trim().min(3, { error: 'a reason of at least 3 characters is required' }).max(500),
});

export const bettingStatusBody = z.object({ betting_status: z.enum(['0', '1']) });

export const statusQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const withdrawApproveBody = z
  .object({
    receipt_url: z
      .url({ protocol: /^https?$/, error: 'receipt_url must be an http(s) link' })
      .max(500)
      .optional(),
  })
  .default({});

const clockText = z.string().regex(/^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/, { error: 'times are like 03:45 PM' });
export const createMarketBody = z.object({
  group: z.enum(['main', 'starline', 'gali']),
  name: z.string().trim().min(1).max(60),
  open_time: clockText,
  close_time: clockText.optional(),
  days_off: z.array(z.number().int().min(0).max(6)).max(6).default([]),
  active: z.boolean().default(true),
});
