/**
 * The audit log: every operator action and every sign-in (failed or not), with who, when, from where, what,
 * and the state before and after. Read with server-side paging, sorting and filters; with `format=csv` the
 * same filters download every row as CSV: `urlOf(endpoints.auditList, { ...filters, format: 'csv' })`.
 */
import { z } from 'zod';
import { isIsoDate } from '../../rules/dates.ts';
import { endpoint } from '../define.ts';

const ok = z.literal(true);
const domain = 'audit';

/** A day (`YYYY-MM-DD`, in the market time zone) or an instant (ISO 8601 with an offset). */
const dayOrInstant = (name: string) =>
  z
    .string()
    .refine(
      (v) =>
        isIsoDate(v) ||
        (z.iso.datetime({ offset: true }).safeParse(v).success && !Number.isNaN(Date.parse(v))),
      {
        error: `${name} must be a date (YYYY-MM-DD) or an ISO time with an offset`,
      },
    );

const optionalId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be positive` })
    .max(Number.MAX_SAFE_INTEGER)
    .optional();

export const auditSorts = ['-at', 'at', 'action', '-action', 'operator', '-operator'] as const;

/** Filters shared by the page and the CSV download. */
export const auditFilters = z.object({
  operator_id: optionalId('operator_id'),
  /** Exact action name (see `auditActions`). */
  action: z.string().trim().min(1).max(60).optional(),
  target_type: z.string().trim().min(1).max(40).optional(),
  target_id: z.string().trim().min(1).max(60).optional(),
  /** Rows about this player, directly or through their deposits, withdrawals and bids. */
  player_id: optionalId('player_id'),
  /** From this day (its start) or instant, inclusive. */
  from: dayOrInstant('from').optional(),
  /** To this day (its end) or instant, inclusive. */
  to: dayOrInstant('to').optional(),
  sort: z.enum(auditSorts, { error: `sort must be one of ${auditSorts.join(', ')}` }).default('-at'),
});

export const auditQuery = auditFilters.extend({
  /** `csv`: every matching row (up to AUDIT_EXPORT_MAX_ROWS) as a download, paging ignored. */
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  page: z.coerce
    .number({ error: 'page must be a whole number of at least 1' })
    .int({ error: 'page must be a whole number of at least 1' })
    .min(1, { error: 'page must be a whole number of at least 1' })
    .max(1_000_000, { error: 'page is at most 1,000,000' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a whole number from 1 to 200' })
    .int({ error: 'page_size must be a whole number from 1 to 200' })
    .min(1, { error: 'page_size must be a whole number from 1 to 200' })
    .max(200, { error: 'page_size must be a whole number from 1 to 200' })
    .default(50),
});

const json = z.unknown();

export const auditRow = z.strictObject({
  id: z.number().int(),
  at: z.string().describe('ISO 8601 time'),
  operator_id: z.number().int().nullable(),
  /** The operator's username then, or the name a failed sign-in tried. */
  username: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  player_id: z.number().int().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  before: json,
  after: json,
  detail: z.record(z.string(), json),
});

export const auditAnswer = z.strictObject({
  status: ok,
  rows: z.array(auditRow),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export const auditEndpoints = {
  auditList: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/audit',
    access: 'operator',
    permission: 'audit.read',
    summary: `Audit rows, filtered, sorted and paged by the server; with format=csv every matching row as CSV (at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')})`,
    query: auditQuery,
    response: auditAnswer,
    produces: 'text/csv',
    errors: ['VALIDATION'],
  }),
  auditActions: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/audit/actions',
    access: 'operator',
    permission: 'audit.read',
    summary: 'Every action name the log holds, for the filter',
    response: z.strictObject({ status: ok, actions: z.array(z.string()) }),
    errors: [],
  }),
};

export type AuditRow = z.output<typeof auditRow>;
export type AuditAnswer = z.output<typeof auditAnswer>;
