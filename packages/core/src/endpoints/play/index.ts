/**
 * Responsible play (issue 16): the player's limits, time-out and self-exclusion, reality check and monthly
 * statement, and the operator's view of them on the player page. Limits are whole points here; the server
 * keeps paise.
 */
import { z } from 'zod';
import { playMessages as m } from '../../contract/play-messages.ts';
import { MAX_POINTS } from '../../rules/money.ts';
import {
  breakKinds,
  breakOptionIds,
  limitKinds,
  limitPeriods,
  realityCheckIntervals,
} from '../../rules/responsible-play.ts';
import { endpoint } from '../define.ts';
import { isoTime, ok } from '../paging.ts';
import { playerIdParams } from '../players/index.ts';

const domain = 'play';

/** One limit field of the form: whole points, or empty for none. */
const limitPoints = z
  .string({ error: m.limitInvalid })
  .trim()
  .max(10, { error: m.limitInvalid })
  .regex(/^\d*$/, { error: m.limitInvalid })
  .transform((text) => (text === '' ? null : Number(text)))
  .refine((points) => points === null || (points >= 1 && points <= MAX_POINTS), { error: m.limitInvalid });

export const limitsRequest = z.object({
  kind: z.enum(limitKinds),
  day: limitPoints,
  week: limitPoints,
  month: limitPoints,
});

export const limitView = z.strictObject({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  /** Points in force now; null = no limit. */
  points: z.number().int().nullable(),
  /** A looser value waiting 24 hours (null points = the limit goes away at `at`). */
  pending: z.strictObject({ points: z.number().int().nullable(), at: isoTime }).nullable(),
});

export const breakView = z.strictObject({ kind: z.enum(breakKinds), until: isoTime });

const settingsFields = {
  status: ok,
  /** Every kind and period, in catalogue order, set or not. */
  limits: z.array(limitView),
  /** The running time-out or self-exclusion; null when none runs. */
  break: breakView.nullable(),
  reality_check_minutes: z.number().int(),
};
export const playSettingsAnswer = z.strictObject(settingsFields);
export const playChangeAnswer = z.strictObject({ ...settingsFields, msg: z.string() });

const realityMinutes = z.enum(realityCheckIntervals.map(String) as ['0', '15', '30', '60']);

export const realityCheckAnswer = z.strictObject({
  status: ok,
  /** When this session signed in, and the server's clock now (ISO 8601). */
  signed_in_at: isoTime,
  server_time: isoTime,
  interval_minutes: z.number().int(),
  /** Winnings minus stakes since sign-in, in points as display text with its sign ("-120", "+45.50", "0"). */
  net: z.string(),
});

export const statementRow = z.strictObject({
  date: z.string(),
  type: z.string(),
  details: z.string(),
  /** Points as display text; "" when the row is the other way. */
  credit: z.string(),
  debit: z.string(),
  balance: z.string(),
});

export const statementAnswer = z.strictObject({
  status: ok,
  month: z.string(),
  opening: z.string(),
  closing: z.string(),
  rows: z.array(statementRow),
});

export const operatorPlayAnswer = z.strictObject({
  status: ok,
  /** `YYYY-MM-DD`; null for players who registered before the age check. */
  dob: z.string().nullable(),
  limits: z.array(limitView),
  break: breakView.nullable(),
  /** The last break taken, running or over. */
  last_break: breakView.nullable(),
  reality_check_minutes: z.number().int(),
  /** Every responsible-play change the player made, newest first. */
  history: z.array(
    z.strictObject({
      at: isoTime,
      action: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      detail: z.unknown(),
    }),
  ),
});

export const playEndpoints = {
  playSettings: endpoint({
    domain,
    method: 'POST',
    path: '/api-play-settings',
    access: 'player',
    summary: 'The player’s limits, running break and reality-check interval',
    response: playSettingsAnswer,
    errors: [],
  }),
  playLimits: endpoint({
    domain,
    method: 'POST',
    path: '/api-play-limits',
    access: 'player',
    summary:
      'Set the deposit or stake limit per day, week and month: lower at once, higher or none after 24 hours',
    body: limitsRequest,
    response: playChangeAnswer,
    errors: ['VALIDATION'],
  }),
  playBreak: endpoint({
    domain,
    method: 'POST',
    path: '/api-play-break',
    access: 'player',
    summary: 'Start a time-out (24h, 7d, 30d) or self-exclusion (6m, 1y, 5y); it cannot be ended early',
    body: z.object({ option: z.enum(breakOptionIds) }),
    response: playChangeAnswer,
    errors: ['VALIDATION'],
  }),
  realityCheckInterval: endpoint({
    domain,
    method: 'POST',
    path: '/api-reality-check-interval',
    access: 'player',
    summary: 'Choose the reality-check interval in minutes (0 = off)',
    body: z.object({ minutes: realityMinutes }),
    response: playChangeAnswer,
    errors: ['VALIDATION'],
  }),
  realityCheck: endpoint({
    domain,
    method: 'POST',
    path: '/api-reality-check',
    access: 'player',
    summary: 'Time and net result since this session signed in',
    response: realityCheckAnswer,
    errors: [],
  }),
  accountStatement: endpoint({
    domain,
    method: 'POST',
    path: '/api-account-statement',
    access: 'player',
    summary: 'Every wallet movement of one month (YYYY-MM) with running balance; format=csv downloads it',
    body: z.object({
      month: z.string({ error: m.statementMonthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
        error: m.statementMonthInvalid,
      }),
      format: z.enum(['json', 'csv']).default('json'),
    }),
    response: statementAnswer,
    errors: ['VALIDATION'],
    produces: 'text/csv',
  }),
  adminPlayerPlay: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/players/:id/play',
    access: 'operator',
    permission: 'players.read',
    summary: 'The player’s date of birth, limits, breaks, reality check and the history of their changes',
    params: playerIdParams,
    response: operatorPlayAnswer,
    errors: ['NOT_FOUND'],
  }),
};
