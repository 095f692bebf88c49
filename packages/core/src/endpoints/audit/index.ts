/**
 * The audit log: every operator action and every sign-in (failed or not), with who, when, from where, what,
 * and the state before and after. Read with server-side paging, sorting and filters; with `format=csv` the
 * same filters download every row as CSV: `urlOf(endpoints.auditList, { ...filters, format: 'csv' })`.
 */
import { z } from 'zod';
import { isIsoDate } from '../../rules/dates.ts';
import { endpoint } from '../define.ts';
import { pageQuery } from '../paging.ts';

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

/** The columns the log sorts by; `dir` says which way (newest first unless asked). */
export const auditSorts = ['at', 'action', 'operator'] as const;

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
});

export const auditQuery = auditFilters.extend({
  /** `csv`: every matching row (up to AUDIT_EXPORT_MAX_ROWS) as a download, paging ignored. */
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  ...pageQuery(auditSorts, 'at', 'desc'),
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

/** The chain check: how many rows hold, and the first that was edited, deleted or reordered (null: none). */
export const auditVerifyAnswer = z.strictObject({
  status: ok,
  rows_checked: z.number().int(),
  first_break: z
    .strictObject({
      problem: z.enum(['edited', 'deleted', 'reordered']),
      /** Chain position of the row found wrong (for a deleted tail, the last row left). */
      seq: z.number().int(),
      /** null when the rows after the last one are what is gone. */
      id: z.number().int().nullable(),
      description: z.string(),
    })
    .nullable(),
  /** When the check ran (server clock). */
  checked_at: z.string().describe('ISO 8601 time'),
});

/**
 * The last signed checkpoint of the chain (its position, head hash, time and key) and whether the log still
 * holds, at that position, the row and hash it signed; when not, the first row that differs from any checkpoint.
 */
export const auditCheckpointAnswer = z.strictObject({
  status: ok,
  last: z
    .strictObject({
      /** Rows the chain had: positions 1 to seq. */
      seq: z.number().int(),
      /** The hash of the row at seq (hex), which commits to every row before it. */
      head: z.string(),
      at: z.string().describe('ISO 8601 time the server signed it'),
      /** Which key signed it: the first 16 hex digits of SHA-256 over the public key. */
      key: z.string(),
    })
    .nullable(),
  /** null: no checkpoint yet. */
  matches: z.boolean().nullable(),
  first_mismatch: z
    .strictObject({
      seq: z.number().int(),
      id: z.number().int().nullable(),
      signed_id: z.number().int(),
      signed_at: z.string(),
      description: z.string(),
    })
    .nullable(),
  /** Rows added since the last checkpoint, not yet signed. */
  unsigned_rows: z.number().int(),
  /** Why the server last declined to sign (the chain no longer extends its last checkpoint), or null. */
  refusal: z.string().nullable(),
  /** Where checkpoints are appended (AUDIT_CHECKPOINT_FILE) and how often. */
  file: z.string(),
  every_ms: z.number().int(),
  /** HTTP witnesses and syslog destinations each checkpoint is sent to. */
  witnesses: z.number().int(),
  checked_at: z.string().describe('ISO 8601 time'),
});

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
    errors: ['VALIDATION', 'AUDIT_EXPORT_TOO_LARGE'],
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
  auditVerify: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/audit/verify',
    access: 'operator',
    permission: 'audit.verify',
    summary:
      'Walks the audit chain (each row hashes its content and the row before) and answers the first row edited, deleted or reordered',
    response: auditVerifyAnswer,
    errors: [],
  }),
  auditCheckpoint: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/audit/checkpoint',
    access: 'operator',
    permission: 'audit.verify',
    summary:
      'The last signed checkpoint of the audit chain (count, head hash, time, key) and whether the log still matches it',
    response: auditCheckpointAnswer,
    errors: [],
  }),
  auditCheckpointSign: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/audit/checkpoint',
    access: 'operator',
    permission: 'audit.verify',
    summary:
      'Signs a checkpoint now (audited) and writes it to the checkpoint file and witnesses; refused when the chain no longer extends the last one',
    response: auditCheckpointAnswer,
    errors: ['CHECKPOINT_REFUSED'],
  }),
};

export type AuditRow = z.output<typeof auditRow>;
export type AuditVerifyAnswer = z.output<typeof auditVerifyAnswer>;
export type AuditCheckpointAnswer = z.output<typeof auditCheckpointAnswer>;
