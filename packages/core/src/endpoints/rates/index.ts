/**
 * Game rates, versioned (issue 15): the rates in force for a group and every earlier version with who set it
 * and when; a change is a new version. Bids keep the rate they were placed at, so a change never alters a
 * placed bid's payout. Pairs are `[val_1, val_2]` as the player app shows them (`<field>_val_1/_val_2`).
 */
import { z } from 'zod';
import type { RateField } from '../../rules/bet-types.ts';
import type { RatePair } from '../../rules/rates.ts';
import { RATE_FIELDS_OF, rateFieldLabel, rateProblem } from '../../rules/rates.ts';
import { endpoint } from '../define.ts';

const ok = z.literal(true);
const domain = 'rates';

export const rateMessages = {
  unchanged: 'These rates are already in force; nothing changed',
  stale: (version: number) =>
    `The rates were changed by someone else since you opened them (now version ${version}); reload and try again`,
  concurrent: 'The rates were being changed by someone else at the same moment; reload and try again',
  missing: (label: string) => `Set a rate for ${label}: every bet type of the group needs one`,
} as const;

export const rateGroup = z.enum(['main', 'starline', 'gali'], {
  error: 'group must be main, starline or gali',
});

const PAIR = 'Each rate is a pair [val_1, val_2] of whole numbers';

export const ratesQuery = z.object({
  group: rateGroup,
  /** How many versions of the history to answer, newest first. */
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int({ error: 'limit must be a whole number from 1 to 500' })
    .min(1, { error: 'limit must be a whole number from 1 to 500' })
    .max(500, { error: 'limit must be a whole number from 1 to 500' })
    .default(50),
});

export const ratesUpdateBody = z
  .strictObject({
    group: rateGroup,
    /** Only the fields sent change; the new version holds the whole set. */
    rates: z
      .record(z.string(), z.array(z.number({ error: PAIR }), { error: PAIR }), { error: PAIR })
      .refine((r) => Object.keys(r).length > 0, { error: 'Send at least one rate to change' }),
    /**
     * The version the operator was looking at: when another change came in between, the change is refused
     * (409) instead of silently overwriting it.
     */
    base_version: z
      .number({ error: 'base_version must be a whole number' })
      .int({ error: 'base_version must be a whole number' })
      .min(0, { error: 'base_version must be 0 or more' })
      .optional(),
  })
  .superRefine((body, ctx) => {
    for (const [field, value] of Object.entries(body.rates)) {
      const problem = rateProblem(body.group, field, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['rates', field] });
    }
  })
  .transform((body) => ({
    ...body,
    rates: body.rates as Partial<Record<RateField, RatePair>>,
  }));

const pair = z.tuple([z.number().int(), z.number().int()]);

export const rateVersion = z.strictObject({
  version: z.number().int(),
  /** The whole set in force from this version on, by rate field. */
  rates: z.record(z.string(), pair),
  /** The fields this version changed (every field for the first version). */
  changed: z.array(z.string()),
  at: z.string().describe('ISO 8601 time'),
  /** null: set by the system (install or seed), not by an operator. */
  operator_id: z.number().int().nullable(),
  username: z.string().nullable(),
});

export const ratesAnswer = z.strictObject({
  status: ok,
  group: rateGroup,
  /** The group's rate fields in the player app's order, with the name it shows. */
  fields: z.array(z.strictObject({ field: z.string(), label: z.string() })),
  /** The rates in force now (what a bid placed now is frozen at); version 0 when none is recorded. */
  current: z.strictObject({ version: z.number().int(), rates: z.record(z.string(), pair) }),
  /** Newest first, the current version included. */
  history: z.array(rateVersion),
  total_versions: z.number().int(),
});

export const rateChangeAnswer = z.strictObject({
  status: ok,
  group: rateGroup,
  version: rateVersion,
});

/** The fields of a group with the names the player app shows (for the console's form). */
export function rateFieldsOf(group: z.output<typeof rateGroup>): { field: RateField; label: string }[] {
  return RATE_FIELDS_OF[group].map((field) => ({ field, label: rateFieldLabel(group, field) }));
}

export const rateEndpoints = {
  ratesRead: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/rates',
    access: 'operator',
    permission: 'markets.read',
    summary: "A group's rates in force and their history (who changed what, when), newest first",
    query: ratesQuery,
    response: ratesAnswer,
    errors: ['VALIDATION'],
  }),
  ratesUpdate: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/rates',
    access: 'operator',
    permission: 'rates.manage',
    summary:
      'Change some rates of a group: a new version holding the whole set; placed bids keep their rate. 409 when base_version is not the version in force',
    body: ratesUpdateBody,
    response: rateChangeAnswer,
    errors: ['VALIDATION', 'RATES_UNCHANGED', 'RATES_STALE', 'RATES_CHANGED_MEANWHILE', 'RATE_MISSING'],
  }),
};

export type RatesAnswer = z.output<typeof ratesAnswer>;
export type RateVersion = z.output<typeof rateVersion>;
