/**
 * Deposit reconciliation (issue 15): the operator uploads the bank's or UPI app's statement export (CSV); each
 * credit line is matched to a deposit request by the UTR the player entered and the amount. Outcomes are worked
 * out whenever a statement is read, against the requests as they are then: `matched` (UTR and amount agree),
 * `mismatched` (a request has the UTR but another amount, or the UTR is on an earlier line too), `unmatched` (no
 * request has the UTR, or the line has none) and `skipped` (no money in: a debit, a failed payment). One action
 * approves the matched lines' pending requests, each through the deposit desk's idempotent, audited approval.
 * A file is known by its SHA-256: uploading it again answers the statement already stored and changes nothing.
 */
import { z } from 'zod';
import { STATEMENT_MAX_CHARS } from '../../reconciliation/statement.ts';
import { depositDecision, depositStatus } from '../deposits/index.ts';
import { endpoint } from '../define.ts';
import { isoTime, ok, paise } from '../paging.ts';

const domain = 'reconciliation';

export const reconciliationMessages = {
  notFound: 'No such statement',
  notMatched: (line: number) => `Line ${line} is not a matched line of this statement`,
} as const;

export const statementUploadBody = z.strictObject({
  /** The file's name, shown in the list (optional). */
  filename: z
    .string({ error: 'filename must be text' })
    .trim()
    .max(200, { error: 'filename is at most 200 characters' })
    .default(''),
  /** The CSV file's text as exported (UTF-8). */
  csv: z
    .string({ error: 'csv must be the text of the statement file' })
    .min(1, { error: 'The statement file is empty' })
    .max(STATEMENT_MAX_CHARS, {
      error: 'A statement file is at most 2,000,000 characters; export a shorter period',
    }),
});

const statementId = z.object({
  id: z.coerce
    .number({ error: reconciliationMessages.notFound })
    .int({ error: reconciliationMessages.notFound })
    .positive({ error: reconciliationMessages.notFound })
    .max(Number.MAX_SAFE_INTEGER, { error: reconciliationMessages.notFound }),
});

export const lineOutcome = z.enum(['matched', 'mismatched', 'unmatched', 'skipped']);

export const statementLine = z.strictObject({
  /** The line's number in the file (the header's line counted). */
  line_no: z.number().int(),
  utr: z.string().nullable(),
  reference: z.string(),
  /** Money in; null for a skipped line. */
  amount_paise: paise.nullable(),
  /** `YYYY-MM-DD` when the date could be read; `date_text` is the cell as written. */
  date: z.string().nullable(),
  date_text: z.string(),
  payer: z.string(),
  outcome: lineOutcome,
  /** In words: what was found, or why nothing was. */
  note: z.string(),
  /** The request holding the line's UTR, as it is now. */
  deposit: z
    .strictObject({
      id: z.number().int(),
      player: z.strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() }),
      amount_paise: paise,
      status: depositStatus,
    })
    .nullable(),
});

const counts = z.strictObject({
  lines: z.number().int(),
  matched: z.number().int(),
  /** Matched lines whose request is still pending: what the approve action would approve now. */
  to_approve: z.number().int(),
  mismatched: z.number().int(),
  unmatched: z.number().int(),
  skipped: z.number().int(),
});

export const statementSummary = z.strictObject({
  id: z.number().int(),
  filename: z.string(),
  /** Hex SHA-256 of the file's text. */
  sha256: z.string(),
  uploaded_at: isoTime,
  uploaded_by: z.strictObject({ id: z.number().int(), username: z.string() }).nullable(),
  /** The header names taken for each kind of column (null: none). */
  columns: z.record(z.string(), z.string().nullable()),
  header_line: z.number().int(),
  counts,
});

export const statementAnswer = z.strictObject({
  status: ok,
  /** true: this file was uploaded before; the stored statement is answered and nothing changed. */
  already_uploaded: z.boolean(),
  statement: statementSummary,
  lines: z.array(statementLine),
});

export const statementsAnswer = z.strictObject({ status: ok, statements: z.array(statementSummary) });

export const approveMatchedBody = z.strictObject({
  /** Only these lines (each must be a matched line of the statement); all matched lines when left out. */
  line_nos: z
    .array(
      z.number({ error: 'line_nos must be line numbers' }).int({ error: 'line_nos must be line numbers' }),
      {
        error: 'line_nos must be a list of line numbers',
      },
    )
    .min(1, { error: 'Send at least one line, or leave line_nos out to approve every matched line' })
    .max(5_000, { error: 'At most 5,000 lines at once' })
    .optional(),
});

export const approveMatchedAnswer = z.strictObject({
  status: ok,
  statement_id: z.number().int(),
  /** Newly approved now. */
  approved: z.number().int(),
  /** Already approved before (by anyone): nothing moved for them. */
  already_approved: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.union([
      z.strictObject({ line_no: z.number().int(), ok: z.literal(true), deposit: depositDecision }),
      z.strictObject({
        line_no: z.number().int(),
        ok: z.literal(false),
        deposit_id: z.number().int().nullable(),
        code: z.string(),
        msg: z.string(),
      }),
    ]),
  ),
});

export const reconciliationEndpoints = {
  statementUpload: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/reconciliation/statements',
    access: 'operator',
    permission: 'deposits.decide',
    summary:
      'Upload a bank or UPI statement export (CSV text): every line with its outcome; the same file again answers the stored statement (already_uploaded) and changes nothing',
    body: statementUploadBody,
    response: statementAnswer,
    errors: ['VALIDATION', 'STATEMENT_INVALID'],
    // Every character may arrive JSON-escaped as six bytes (\u0001); the text's own limit is what refuses.
    bodyLimit: STATEMENT_MAX_CHARS * 6 + 64 * 1024,
  }),
  statements: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/reconciliation/statements',
    access: 'operator',
    permission: 'deposits.read',
    summary: 'Uploaded statements, newest first, with their counts as of now',
    response: statementsAnswer,
    errors: [],
  }),
  statement: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/reconciliation/statements/:id',
    access: 'operator',
    permission: 'deposits.read',
    summary: "A statement's lines with their outcomes against the deposit requests as they are now",
    params: statementId,
    response: statementAnswer,
    errors: ['NOT_FOUND'],
  }),
  statementApprove: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/reconciliation/statements/:id/approve',
    access: 'operator',
    permission: 'deposits.decide',
    summary:
      "Approve the matched lines' pending deposit requests, each on its own, idempotent and audited; answers per line",
    params: statementId,
    body: approveMatchedBody,
    response: approveMatchedAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'STATEMENT_LINE_NOT_MATCHED'],
  }),
};

export type StatementAnswer = z.output<typeof statementAnswer>;
export type StatementLineRow = z.output<typeof statementLine>;
export type StatementSummary = z.output<typeof statementSummary>;
export type ApproveMatchedAnswer = z.output<typeof approveMatchedAnswer>;
