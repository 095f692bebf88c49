/**
 * The deposit queue and its decisions. A decision is idempotent by state (decision 004): only a pending request
 * moves, under its row lock, so approve twice credits once and approve racing reject has one winner; asking
 * again for the decision a request already has answers that decision and moves nothing.
 */
import type { z } from 'zod';
import type { depositDecision, DepositRow, depositsQuery } from '@gama/core/endpoints/deposits/index';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { SqlFilter, iso, isoOrNull, orderBy, pageWindow } from '../../lib/paging.ts';
import type { Operator } from '../operators/sessions.ts';
import { audit } from '../audit/writer.ts';
import { systemAccount, walletAccountId } from '../ledger/accounts.ts';
import { repayDebts } from '../ledger/debt.ts';
import { postJournal } from '../ledger/post.ts';
import { limitMessages } from '@gama/core/operators/limits';
import { checkAllowance, lockOperator, recordMove } from '../limits/operator-limits.ts';
import { addNotification } from '../notifications/service.ts';
import { rewardFirstDeposit } from '../referrals/rewards.ts';
import { depositMessages } from '@gama/core/endpoints/deposits/index';
import { ledgerNotes } from '@gama/core/contract/ledger-notes';

export type DepositDecision = z.output<typeof depositDecision>;

/** A player needs this many approved deposits before an amount can look unusual next to them. */
const UNUSUAL_AFTER = 3;
/** Unusual: more than this many times the player's average approved deposit, or less than its inverse. */
const UNUSUAL_FACTOR = 3;

/** What a row of either money queue (deposits, withdrawals) starts with: the request and its player. */
export interface QueueRequestSql {
  id: number;
  player_id: number;
  user_name: string;
  mobile: string;
  amount: number;
}

interface QueueSql extends QueueRequestSql {
  status: 'pending' | 'approved' | 'rejected';
  utr: string | null;
  utr_at: Date | null;
  has_screenshot: boolean;
  created_at: Date;
  decided_at: Date | null;
  decided_by: number | null;
  decided_by_name: string | null;
  reason: string | null;
  approved_count: number;
  approved_paise: number;
  rejected_count: number;
  last_approved_at: Date | null;
  duplicate_utr_attempt: boolean;
  utr_attempts: UtrAttemptSql[] | null;
  unusual_amount: boolean;
}

/** One refused UTR entry as `json_build_object` gives it: its time is text in the session's zone. */
interface UtrAttemptSql {
  utr: string;
  request_id: number;
  player_id: number;
  user_name: string;
  mobile: string;
  at: string;
  held_by: number | null;
}

const SORTS = {
  created_at: 'x.created_at',
  amount: 'x.amount',
  id: 'x.id',
  decided_at: 'x.decided_at',
} as const;

/**
 * The queue as one statement. `base` is the filtered set; the history is summed once per player (not once per
 * row: a player with thousands of requests made that quadratic) and each row takes its own request back out.
 * Without the `flagged` filter only the page's players are summed; with it, every filtered row needs its flags.
 * The sums are materialized: planned from estimates (PGlite's tables may have no statistics yet) they were
 * otherwise recomputed once per row of the page.
 */
function queueSql(where: string, window: { order: string; limit: number; offset: number } | null): string {
  const rows = window === null ? 'base' : 'page';
  return `
    WITH base AS (
      SELECT r.id, r.player_id, p.user_name, p.mobile, r.amount, r.status, r.utr, r.utr_at, r.created_at,
             r.decided_at, r.decided_by, r.reason
        FROM deposit_requests r JOIN players p ON p.id = r.player_id
       ${where}
    ), ${
      window === null
        ? ''
        : `page AS (SELECT * FROM base x ${window.order} LIMIT ${window.limit} OFFSET ${window.offset}),`
    }
    agg AS MATERIALIZED (
      SELECT d.player_id,
             count(*) FILTER (WHERE d.status = 'approved') AS approved_count,
             coalesce(sum(d.amount) FILTER (WHERE d.status = 'approved'), 0)::bigint AS approved_paise,
             count(*) FILTER (WHERE d.status = 'rejected') AS rejected_count,
             (array_agg(d.id ORDER BY d.decided_at DESC, d.id DESC) FILTER (WHERE d.status = 'approved'))[1:2]
               AS last_ids,
             (array_agg(d.decided_at ORDER BY d.decided_at DESC, d.id DESC) FILTER (WHERE d.status = 'approved'))[1:2]
               AS last_times
        FROM deposit_requests d
       WHERE d.player_id IN (SELECT player_id FROM ${rows})
       GROUP BY d.player_id
    ), history AS (
      SELECT b.*, o.username AS decided_by_name,
             EXISTS (SELECT 1 FROM deposit_screenshots s WHERE s.deposit_request_id = b.id) AS has_screenshot,
             a.approved_count - (b.status = 'approved')::int AS approved_count,
             a.approved_paise - CASE WHEN b.status = 'approved' THEN b.amount ELSE 0 END AS approved_paise,
             a.rejected_count - (b.status = 'rejected')::int AS rejected_count,
             CASE WHEN a.last_ids[1] = b.id THEN a.last_times[2] ELSE a.last_times[1] END AS last_approved_at,
             (EXISTS (SELECT 1 FROM utr_attempts t WHERE t.deposit_request_id = b.id)
               OR (b.utr IS NOT NULL AND EXISTS (SELECT 1 FROM utr_attempts t WHERE t.utr = b.utr)))
               AS duplicate_utr_attempt,
             (SELECT json_agg(json_build_object(
                       'utr', t.utr, 'request_id', t.deposit_request_id, 'player_id', t.player_id,
                       'user_name', tp.user_name, 'mobile', tp.mobile, 'at', t.created_at,
                       'held_by', (SELECT h.id FROM deposit_requests h WHERE h.utr = t.utr))
                     ORDER BY t.created_at, t.id)
                FROM utr_attempts t JOIN players tp ON tp.id = t.player_id
               WHERE t.deposit_request_id = b.id OR (b.utr IS NOT NULL AND t.utr = b.utr)) AS utr_attempts
        FROM ${rows} b
        JOIN agg a ON a.player_id = b.player_id
        LEFT JOIN operators o ON o.id = b.decided_by
    )
    SELECT x.*,
           (x.approved_count >= ${UNUSUAL_AFTER} AND (
              x.amount * x.approved_count > ${UNUSUAL_FACTOR} * x.approved_paise OR
              x.amount * x.approved_count * ${UNUSUAL_FACTOR} < x.approved_paise)) AS unusual_amount
      FROM history x`;
}

function rowOf(r: QueueSql): DepositRow {
  return {
    id: r.id,
    player: { id: r.player_id, user_name: r.user_name, mobile: r.mobile },
    amount_paise: r.amount,
    status: r.status,
    utr: r.utr,
    utr_at: isoOrNull(r.utr_at),
    has_screenshot: r.has_screenshot,
    created_at: iso(r.created_at),
    decided_at: isoOrNull(r.decided_at),
    decided_by:
      r.decided_by === null
        ? null
        : { id: r.decided_by, username: r.decided_by_name ?? `operator ${r.decided_by}` },
    reason: r.reason,
    history: {
      approved_count: r.approved_count,
      approved_paise: r.approved_paise,
      rejected_count: r.rejected_count,
      last_approved_at: isoOrNull(r.last_approved_at),
    },
    flags: {
      duplicate_utr_attempt: r.duplicate_utr_attempt,
      utr_attempts: (r.utr_attempts ?? []).map((a) => ({
        utr: a.utr,
        request_id: Number(a.request_id),
        player: { id: Number(a.player_id), user_name: a.user_name, mobile: a.mobile },
        at: iso(new Date(a.at)),
        held_by: a.held_by === null ? null : Number(a.held_by),
      })),
      unusual_amount: r.unusual_amount,
    },
  };
}

export async function depositQueue(
  db: Queryable,
  q: z.output<typeof depositsQuery>,
  timeZone: string,
): Promise<{ rows: DepositRow[]; total: number }> {
  const filter = new SqlFilter();
  if (q.status !== 'all') filter.where(`r.status = ${filter.param(q.status)}`);
  filter.playerSearch('p', q.q);
  if (q.player_id !== undefined) filter.where(`r.player_id = ${filter.param(q.player_id)}`);
  filter.dateRange('r.created_at', q, timeZone);
  if (q.has_utr !== undefined) filter.where(q.has_utr ? 'r.utr IS NOT NULL' : 'r.utr IS NULL');
  const order = orderBy(SORTS[q.sort], 'x.id', q.dir);
  const { limit, offset } = pageWindow(q);
  if (q.flagged === undefined) {
    const [rows, count] = await Promise.all([
      db.query<QueueSql>(`${queueSql(filter.sql, { order, limit, offset })} ${order}`, filter.params),
      db.query<{ n: number }>(
        `SELECT count(*) AS n FROM deposit_requests r JOIN players p ON p.id = r.player_id ${filter.sql}`,
        filter.params,
      ),
    ]);
    return { rows: rows.rows.map(rowOf), total: count.rows[0]?.n ?? 0 };
  }
  const flagged = `(x.duplicate_utr_attempt OR x.unusual_amount) = ${q.flagged ? 'true' : 'false'}`;
  const sql = `SELECT * FROM (${queueSql(filter.sql, null)}) x WHERE ${flagged}`;
  const [rows, count] = await Promise.all([
    db.query<QueueSql>(`${sql} ${order} LIMIT ${limit} OFFSET ${offset}`, filter.params),
    db.query<{ n: number }>(`SELECT count(*) AS n FROM (${sql}) y`, filter.params),
  ]);
  return { rows: rows.rows.map(rowOf), total: count.rows[0]?.n ?? 0 };
}

export async function depositScreenshot(
  db: Queryable,
  id: number,
): Promise<{ type: string; image: Buffer } | undefined> {
  const { rows } = await db.query<{ content_type: string; image: Buffer | Uint8Array }>(
    'SELECT content_type, image FROM deposit_screenshots WHERE deposit_request_id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { type: row.content_type, image: Buffer.from(row.image) } : undefined;
}

export async function operatorRef(db: Queryable, id: number): Promise<{ id: number; username: string }> {
  const { rows } = await db.query<{ username: string }>('SELECT username FROM operators WHERE id = $1', [id]);
  return { id, username: rows[0]?.username ?? `operator ${id}` };
}

export interface Who {
  operator: Operator;
  request: FastifyRequest;
}

export async function decideDeposit(
  deps: Deps,
  who: Who,
  requestId: number,
  decision: 'approved' | 'rejected',
  reason?: string,
): Promise<DepositDecision> {
  const { db, clock } = deps;
  const { operator } = who;
  return db.transaction(async (tx) => {
    // Waits for a concurrent decision, then sees its outcome: only a pending request can be decided. (No join
    // here: after waiting, PostgreSQL rechecks the locked row but not the rows joined to it.)
    const { rows } = await tx.query<{
      player_id: number;
      amount: number;
      status: 'pending' | 'approved' | 'rejected';
      utr: string | null;
      decided_at: Date | null;
      decided_by: number | null;
      reason: string | null;
    }>(
      `SELECT player_id, amount, status, utr, decided_at, decided_by, reason
         FROM deposit_requests WHERE id = $1 FOR UPDATE`,
      [requestId],
    );
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', depositMessages.notFound);
    if (row.status !== 'pending') {
      const by = row.decided_by === null ? null : await operatorRef(tx, row.decided_by);
      if (row.status !== decision || row.decided_at === null || by === null) {
        throw new AppError(
          'DEPOSIT_DECIDED',
          depositMessages.decidedOtherwise(row.status, by?.username ?? null),
        );
      }
      return {
        id: requestId,
        player_id: row.player_id,
        amount_paise: row.amount,
        status: decision,
        decided_at: iso(row.decided_at),
        decided_by: by,
        reason: row.reason,
        already_decided: true,
      };
    }
    const now = clock.now();
    let journalId: number | null = null;
    if (decision === 'approved') {
      await lockOperator(tx, operator.id);
      const allowance = await checkAllowance(tx, operator, 'credit', row.amount, now);
      if (!allowance.fits && allowance.allowancePoints !== null) {
        throw new AppError(
          'DEPOSIT_PAST_ALLOWANCE',
          limitMessages.depositPastAllowance(allowance.allowancePoints, allowance.usedPaise),
        );
      }
      await recordMove(tx, {
        operatorId: operator.id,
        kind: 'credit',
        playerId: row.player_id,
        amountPaise: row.amount,
        solo: true,
        refType: 'deposit_request',
        refId: requestId,
        at: now,
      });
      // A referred player's first approved deposit decides the referral's reward in this same transaction.
      await rewardFirstDeposit(tx, {
        playerId: row.player_id,
        depositRequestId: requestId,
        now,
        timeZone: deps.config.MARKET_TIME_ZONE,
      });
      const walletId = await walletAccountId(tx, row.player_id);
      journalId = await postJournal(
        tx,
        {
          kind: 'deposit',
          actor: `operator:${operator.id}`,
          refType: 'deposit_request',
          refId: requestId,
          note: ledgerNotes.depositApproved,
          at: now,
        },
        [
          { account: walletId, amount: row.amount },
          { account: systemAccount('deposits'), amount: -row.amount },
        ],
      );
    }
    await tx.query(
      `UPDATE deposit_requests SET status = $2, journal_id = $3, decided_at = $4, decided_by = $5, reason = $6
        WHERE id = $1 AND status = 'pending'`,
      [requestId, decision, journalId, now, operator.id, reason ?? null],
    );
    if (journalId !== null) await repayDebts(tx, [row.player_id], now);
    await addNotification(tx, {
      playerId: row.player_id,
      kind: decision === 'approved' ? 'deposit_approved' : 'deposit_rejected',
      refId: requestId,
      amountPaise: row.amount,
      detail: reason ?? null,
      at: now,
    });
    await audit(tx, {
      operatorId: operator.id,
      action: decision === 'approved' ? 'deposit_approve' : 'deposit_reject',
      targetType: 'deposit_request',
      targetId: requestId,
      playerId: row.player_id,
      before: { status: 'pending' },
      after: { status: decision, journal_id: journalId },
      detail: { amount_paise: row.amount, utr: row.utr, ...(reason === undefined ? {} : { reason }) },
      request: who.request,
      at: now,
    });
    return {
      id: requestId,
      player_id: row.player_id,
      amount_paise: row.amount,
      status: decision,
      decided_at: iso(now),
      decided_by: { id: operator.id, username: operator.username },
      reason: reason ?? null,
      already_decided: false,
    };
  });
}

export type BulkResult =
  { id: number; ok: true; deposit: DepositDecision } | { id: number; ok: false; code: string; msg: string };

/**
 * Decides each request in its own transaction, in the order given, so one that cannot be decided (already
 * decided otherwise, missing) leaves the others' decisions standing; the answer says what became of each.
 */
export async function decideDeposits(
  deps: Deps,
  who: Who,
  ids: readonly number[],
  decision: 'approved' | 'rejected',
  reason?: string,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      results.push({ id, ok: true, deposit: await decideDeposit(deps, who, id, decision, reason) });
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      results.push({ id, ok: false, code: error.code, msg: error.message });
    }
  }
  return results;
}
