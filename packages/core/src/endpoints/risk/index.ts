/**
 * Per-number liability caps (issue 16): per group and rate field, the most the house may owe on one number of
 * one draw (the sum of stake x frozen rate over the draw's bids on it). A bid row that would pass its cap is
 * refused with `Limit reached for {number}`; the console sets the caps and the results desk shows each
 * number's exposure against its cap. Amounts are paise (whole numbers); the console shows points.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';
import { rateGroup } from '../rates/index.ts';

const ok = z.literal(true);
const domain = 'risk';

/** A cap is at most 10^15 paise (ten lakh crore points): far above a draw's, safe as a JS number. */
export const CAP_MAX_PAISE = 1_000_000_000_000_000;
const CAP = `A cap is a whole number of paise from 1 to ${CAP_MAX_PAISE}, or null to remove it`;

export const capsQuery = z.object({ group: rateGroup });

export const capsUpdateBody = z.strictObject({
  group: rateGroup,
  /** By rate field: the new cap in paise, or null to remove the cap. Fields not sent keep theirs. */
  caps: z
    .record(
      z.string(),
      z
        .number({ error: CAP })
        .int({ error: CAP })
        .min(1, { error: CAP })
        .max(CAP_MAX_PAISE, { error: CAP })
        .nullable(),
      { error: CAP },
    )
    .refine((r) => Object.keys(r).length > 0, { error: 'Send at least one cap to change' }),
});

export const capRow = z.strictObject({
  rate_field: z.string(),
  /** The name the player app shows for the bet type. */
  label: z.string(),
  /** null: no cap. */
  cap_paise: z.number().int().nullable(),
  updated_at: z.string().nullable().describe('ISO 8601 time'),
  username: z.string().nullable(),
});

export const capsAnswer = z.strictObject({ status: ok, group: rateGroup, caps: z.array(capRow) });

export const capExposureQuery = z.object({
  market_id: z.coerce
    .number({ error: 'market_id must be a number' })
    .int({ error: 'market_id must be a whole number' })
    .positive({ error: 'market_id must be positive' })
    .max(Number.MAX_SAFE_INTEGER),
  date: z.string().trim().min(1, { error: 'date is required' }).max(10),
  /** How many numbers to answer, those nearest their cap first. */
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int({ error: 'limit must be a whole number from 1 to 500' })
    .min(1, { error: 'limit must be a whole number from 1 to 500' })
    .max(500, { error: 'limit must be a whole number from 1 to 500' })
    .default(50),
});

export const capExposureRow = z.strictObject({
  rate_field: z.string(),
  label: z.string(),
  session: z.enum(['open', 'close']),
  /** The number as the refusal names it: digits, or `open-close` panas of a sangam. */
  number: z.string(),
  /** What the house would owe if this number came, paise. */
  payout_paise: z.number().int(),
  /** The cap in force for its group and rate field, paise; null: no cap. */
  cap_paise: z.number().int().nullable(),
  /** payout / cap in percent, rounded down; null without a cap. */
  used_percent: z.number().int().nullable(),
});

export const capExposureAnswer = z.strictObject({
  status: ok,
  rows: z.array(capExposureRow),
  /** Numbers of the draw with exposure (the rows are the first `limit`). */
  total: z.number().int(),
  /** Numbers at their cap: every further bid on them is refused. */
  at_cap: z.number().int(),
});

export const riskEndpoints = {
  capsRead: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/caps',
    access: 'operator',
    permission: 'markets.read',
    summary: "A group's per-number liability caps by rate field (null: none), with who set each and when",
    query: capsQuery,
    response: capsAnswer,
    errors: ['VALIDATION'],
  }),
  capsUpdate: endpoint({
    domain,
    method: 'PATCH',
    path: '/admin-api/caps',
    access: 'operator',
    permission: 'caps.manage',
    summary:
      'Set or remove per-number liability caps of a group (paise, by rate field); bids from then on are checked against them',
    body: capsUpdateBody,
    response: capsAnswer,
    errors: ['VALIDATION', 'CAP_FIELD_UNKNOWN', 'CAPS_UNCHANGED'],
  }),
  capExposure: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/caps/exposure',
    access: 'operator',
    permission: 'results.read',
    summary: "A draw's numbers with what the house would owe on each against its cap, nearest the cap first",
    query: capExposureQuery,
    response: capExposureAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'EXPOSURE_DATE_INVALID'],
  }),
};

export type CapsAnswer = z.output<typeof capsAnswer>;
export type CapRow = z.output<typeof capRow>;
export type CapExposureAnswer = z.output<typeof capExposureAnswer>;
export type CapExposureRow = z.output<typeof capExposureRow>;
