/**
 * Statement reconciliation: a bank or UPI export is stored once (by the SHA-256 of its text) as payment lines;
 * each read matches the lines to the deposit requests as they are then, by the UTR the player entered and the
 * amount. Approving goes through the deposit desk's own decision (funds/admin-deposits.ts), one request per
 * transaction: idempotent by state, audited, a credit exactly once however often or concurrently it is asked.
 */
import type {
  ApproveMatchedAnswer,
  StatementAnswer,
  StatementLineRow,
  StatementSummary,
} from '@gama/core/endpoints/reconciliation/index';
import { formatPaise } from '@gama/core/rules/money';
import type { StatementLine } from '@gama/core/reconciliation/statement';
import { parseStatement } from '@gama/core/reconciliation/statement';
import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../audit/writer.ts';
import type { Who } from '../funds/admin-deposits.ts';
import { decideDeposit } from '../funds/admin-deposits.ts';
import { reconciliationMessages } from '@gama/core/endpoints/reconciliation/index';

/** Cells longer than this are cut when stored (a narration is a line of text, not a document). */
const CELL_MAX = 500;
const cut = (text: string) => (text.length > CELL_MAX ? text.slice(0, CELL_MAX) : text);

interface StatementSql {
  id: number;
  sha256: string;
  filename: string;
  columns: Record<string, string | null>;
  header_line: number;
  uploaded_at: Date;
  uploaded_by: number | null;
  username: string | null;
}

interface LineSql {
  line_no: number;
  utr: string | null;
  reference: string;
  amount: number | null;
  paid_on: string | null;
  date_text: string;
  payer: string;
  skip: string | null;
  deposit_id: number | null;
  player_id: number | null;
  user_name: string | null;
  mobile: string | null;
  deposit_amount: number | null;
  deposit_status: 'pending' | 'approved' | 'rejected' | null;
}

const points = (paise: number) => `${formatPaise(paise)} points`;

/** Each line's outcome, in file order (a UTR seen on an earlier line does not match again). */
function outcomes(rows: readonly LineSql[]): StatementLineRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((r) => {
    const deposit =
      r.deposit_id === null || r.deposit_amount === null || r.deposit_status === null
        ? null
        : {
            id: r.deposit_id,
            player: { id: r.player_id ?? 0, user_name: r.user_name ?? '', mobile: r.mobile ?? '' },
            amount_paise: r.deposit_amount,
            status: r.deposit_status,
          };
    const base = {
      line_no: r.line_no,
      utr: r.utr,
      reference: r.reference,
      amount_paise: r.amount,
      date: r.paid_on,
      date_text: r.date_text,
      payer: r.payer,
      deposit,
    };
    if (r.skip !== null || r.amount === null) {
      return { ...base, outcome: 'skipped' as const, note: r.skip ?? 'No amount' };
    }
    if (r.utr === null)
      return { ...base, outcome: 'unmatched' as const, note: 'No 12-digit UTR in this line' };
    const earlier = firstLine.get(r.utr);
    if (earlier !== undefined) {
      return { ...base, outcome: 'mismatched' as const, note: `The same UTR is on line ${earlier}` };
    }
    firstLine.set(r.utr, r.line_no);
    if (!deposit) return { ...base, outcome: 'unmatched' as const, note: 'No deposit request has this UTR' };
    if (deposit.amount_paise !== r.amount) {
      return {
        ...base,
        outcome: 'mismatched' as const,
        note: `Deposit #${deposit.id} is for ${points(deposit.amount_paise)}; the statement says ${points(r.amount)}`,
      };
    }
    const state = {
      pending: 'pending: approve it',
      approved: 'already approved',
      rejected: 'was rejected although the money came in; look at it on the deposit desk',
    }[deposit.status];
    return {
      ...base,
      outcome: 'matched' as const,
      note: `Deposit #${deposit.id} of ${points(deposit.amount_paise)} by ${deposit.player.user_name}, ${state}`,
    };
  });
}

async function statementRow(db: Queryable, id: number): Promise<StatementSql | undefined> {
  const { rows } = await db.query<StatementSql>(
    `SELECT s.id, s.sha256, s.filename, s.columns, s.header_line, s.uploaded_at, s.uploaded_by, o.username
       FROM bank_statements s LEFT JOIN operators o ON o.id = s.uploaded_by WHERE s.id = $1`,
    [id],
  );
  return rows[0];
}

async function linesOf(db: Queryable, id: number): Promise<StatementLineRow[]> {
  const { rows } = await db.query<LineSql>(
    `SELECT l.line_no, l.utr, l.reference, l.amount, to_char(l.paid_on, 'YYYY-MM-DD') AS paid_on, l.date_text,
            l.payer, l.skip, d.id AS deposit_id, d.player_id, p.user_name, p.mobile, d.amount AS deposit_amount,
            d.status AS deposit_status
       FROM bank_statement_lines l
       LEFT JOIN deposit_requests d ON d.utr = l.utr
       LEFT JOIN players p ON p.id = d.player_id
      WHERE l.statement_id = $1 ORDER BY l.line_no`,
    [id],
  );
  return outcomes(rows);
}

function summaryOf(s: StatementSql, lines: readonly StatementLineRow[]): StatementSummary {
  const count = (outcome: StatementLineRow['outcome']) => lines.filter((l) => l.outcome === outcome).length;
  return {
    id: s.id,
    filename: s.filename,
    sha256: s.sha256,
    uploaded_at: s.uploaded_at.toISOString(),
    uploaded_by: s.uploaded_by === null ? null : { id: s.uploaded_by, username: s.username ?? '' },
    columns: s.columns,
    header_line: s.header_line,
    counts: {
      lines: lines.length,
      matched: count('matched'),
      to_approve: lines.filter((l) => l.outcome === 'matched' && l.deposit?.status === 'pending').length,
      mismatched: count('mismatched'),
      unmatched: count('unmatched'),
      skipped: count('skipped'),
    },
  };
}

export async function readStatement(
  db: Queryable,
  id: number,
  alreadyUploaded = false,
): Promise<StatementAnswer> {
  const s = await statementRow(db, id);
  if (!s) throw new AppError('NOT_FOUND', reconciliationMessages.notFound);
  const lines = await linesOf(db, id);
  return { status: true, already_uploaded: alreadyUploaded, statement: summaryOf(s, lines), lines };
}

/**
 * The newest statements with their counts, worked out in one statement by the same rules as `outcomes` (a
 * test compares both on every statement): reading every line of a hundred statements would be the slow way.
 */
export async function listStatements(db: Queryable): Promise<StatementSummary[]> {
  const { rows } = await db.query<
    StatementSql & {
      lines: number;
      matched: number;
      to_approve: number;
      mismatched: number;
      unmatched: number;
      skipped: number;
    }
  >(
    `WITH s AS (
       SELECT s.id, s.sha256, s.filename, s.columns, s.header_line, s.uploaded_at, s.uploaded_by, o.username
         FROM bank_statements s LEFT JOIN operators o ON o.id = s.uploaded_by ORDER BY s.id DESC LIMIT 100
     ), l AS (
       SELECT l.statement_id, l.utr, l.amount, l.skip,
              CASE WHEN l.skip IS NULL AND l.utr IS NOT NULL
                   THEN row_number() OVER (PARTITION BY l.statement_id, l.utr, l.skip IS NULL ORDER BY l.line_no)
              END AS nth
         FROM bank_statement_lines l WHERE l.statement_id IN (SELECT id FROM s)
     ), o AS (
       SELECT l.statement_id,
              CASE WHEN l.skip IS NOT NULL THEN 'skipped'
                   WHEN l.utr IS NULL THEN 'unmatched'
                   WHEN l.nth > 1 THEN 'mismatched'
                   WHEN d.id IS NULL THEN 'unmatched'
                   WHEN d.amount <> l.amount THEN 'mismatched'
                   ELSE 'matched' END AS outcome,
              d.status
         FROM l LEFT JOIN deposit_requests d ON d.utr = l.utr
     )
     SELECT s.*,
            count(o.statement_id)::int AS lines,
            count(*) FILTER (WHERE o.outcome = 'matched')::int AS matched,
            count(*) FILTER (WHERE o.outcome = 'matched' AND o.status = 'pending')::int AS to_approve,
            count(*) FILTER (WHERE o.outcome = 'mismatched')::int AS mismatched,
            count(*) FILTER (WHERE o.outcome = 'unmatched')::int AS unmatched,
            count(*) FILTER (WHERE o.outcome = 'skipped')::int AS skipped
       FROM s LEFT JOIN o ON o.statement_id = s.id
      GROUP BY s.id, s.sha256, s.filename, s.columns, s.header_line, s.uploaded_at, s.uploaded_by, s.username
      ORDER BY s.id DESC`,
  );
  return rows.map((r) => ({
    ...summaryOf(r, []),
    counts: {
      lines: r.lines,
      matched: r.matched,
      to_approve: r.to_approve,
      mismatched: r.mismatched,
      unmatched: r.unmatched,
      skipped: r.skipped,
    },
  }));
}

async function insertLines(
  tx: Queryable,
  statementId: number,
  lines: readonly StatementLine[],
): Promise<void> {
  // In slices, so a 20,000-line file does not become one statement with 180,000 parameters.
  for (let i = 0; i < lines.length; i += 2_000) {
    const part = lines.slice(i, i + 2_000);
    await tx.query(
      `INSERT INTO bank_statement_lines (statement_id, line_no, utr, reference, amount, paid_on, date_text, payer, skip)
       SELECT $1, n, u, r, a, d::date, t, p, s
         FROM unnest($2::int[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[])
           AS x(n, u, r, a, d, t, p, s)`,
      [
        statementId,
        part.map((l) => l.line_no),
        part.map((l) => l.utr),
        part.map((l) => cut(l.reference)),
        part.map((l) => l.amount_paise),
        part.map((l) => l.date),
        part.map((l) => cut(l.date_text)),
        part.map((l) => cut(l.payer)),
        part.map((l) => l.skip),
      ],
    );
  }
}

/**
 * Stores a statement and answers it with its outcomes. The same file (same SHA-256) answers the statement
 * stored the first time, with `already_uploaded`, and writes nothing, even when two uploads race.
 */
export async function uploadStatement(
  deps: Deps,
  who: Who,
  input: { filename: string; csv: string },
): Promise<StatementAnswer> {
  const { db, clock } = deps;
  const sha256 = createHash('sha256').update(input.csv, 'utf8').digest('hex');
  const known = async () => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM bank_statements WHERE sha256 = $1', [
      sha256,
    ]);
    return rows[0]?.id;
  };
  const existing = await known();
  if (existing !== undefined) return readStatement(db, existing, true);
  const parsed = parseStatement(input.csv);
  if (!parsed.ok) throw new AppError('STATEMENT_INVALID', parsed.message);
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO bank_statements (sha256, filename, columns, header_line, uploaded_by, uploaded_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6) ON CONFLICT (sha256) DO NOTHING RETURNING id`,
      [sha256, input.filename, JSON.stringify(parsed.columns), parsed.header_line, who.operator.id, now],
    );
    const statementId = rows[0]?.id;
    // Another upload of the same file committed first.
    if (statementId === undefined) return undefined;
    await insertLines(tx, statementId, parsed.lines);
    await audit(tx, {
      operatorId: who.operator.id,
      action: 'statement_upload',
      targetType: 'bank_statement',
      targetId: statementId,
      after: { sha256, filename: input.filename, lines: parsed.lines.length, columns: parsed.columns },
      request: who.request,
      at: now,
    });
    return statementId;
  });
  if (id === undefined) return readStatement(db, (await known()) ?? 0, true);
  return readStatement(db, id);
}

/**
 * Approves the pending requests of the statement's matched lines (or of the given lines, each of which must be
 * matched), one by one in file order; a line that cannot be approved (its request rejected meanwhile, say) is
 * answered as failed and leaves the others standing.
 */
export async function approveMatched(
  deps: Deps,
  who: Who,
  statementId: number,
  lineNos: readonly number[] | undefined,
): Promise<ApproveMatchedAnswer> {
  const answer = await readStatement(deps.db, statementId);
  const matched = answer.lines.filter((l) => l.outcome === 'matched');
  let targets = matched;
  if (lineNos !== undefined) {
    const byLine = new Map(matched.map((l) => [l.line_no, l]));
    for (const n of lineNos) {
      if (!byLine.has(n))
        throw new AppError('STATEMENT_LINE_NOT_MATCHED', reconciliationMessages.notMatched(n));
    }
    const wanted = new Set(lineNos);
    targets = matched.filter((l) => wanted.has(l.line_no));
  }
  const results: ApproveMatchedAnswer['results'] = [];
  for (const line of targets) {
    const depositId = line.deposit?.id ?? null;
    if (depositId === null) continue;
    try {
      results.push({
        line_no: line.line_no,
        ok: true,
        deposit: await decideDeposit(deps, who, depositId, 'approved'),
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      results.push({
        line_no: line.line_no,
        ok: false,
        deposit_id: depositId,
        code: error.code,
        msg: error.message,
      });
    }
  }
  const approved = results.filter((r) => r.ok && !r.deposit.already_decided).length;
  const alreadyApproved = results.filter((r) => r.ok && r.deposit.already_decided).length;
  const failed = results.filter((r) => !r.ok).length;
  await audit(deps.db, {
    operatorId: who.operator.id,
    action: 'statement_approve',
    targetType: 'bank_statement',
    targetId: statementId,
    detail: { approved, already_approved: alreadyApproved, failed, lines: results.map((r) => r.line_no) },
    request: who.request,
    at: deps.clock.now(),
  });
  return {
    status: true,
    statement_id: statementId,
    approved,
    already_approved: alreadyApproved,
    failed,
    results,
  };
}
