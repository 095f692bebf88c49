/**
 * The withdrawal queue and its decisions. The request's points were held when the player asked (withdraw_hold);
 * approving pays the hold out (withdraw_payout), rejecting returns it to the wallet (withdraw_release), each once,
 * under the request's row lock. Above the owner's two-person threshold the first approval only records who made
 * it, and a different operator's approval pays.
 */
import type { z } from 'zod';
import { RECENT_DAYS } from '@gama/core/endpoints/withdrawals/index';
import type {
  withdrawalDecision,
  WithdrawalRow,
  withdrawalsQuery,
} from '@gama/core/endpoints/withdrawals/index';
import { pointsToPaise } from '@gama/core/rules/money';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { faultPoint } from '../../lib/fault.ts';
import { SqlFilter, iso, isoOrNull, orderBy, pageWindow } from '../../lib/paging.ts';
import { audit } from '../audit/writer.ts';
import { systemAccount, walletAccountId } from '../ledger/accounts.ts';
import { repayDebts } from '../ledger/debt.ts';
import { once } from '../ledger/idempotency.ts';
import { postJournal } from '../ledger/post.ts';
import { withdrawalState } from '../players/admin-read.ts';
import type { QueueRequestSql, Who } from './admin-deposits.ts';
import { ownerSetting } from '../settings/owner-settings.ts';
import type { SoloPayoutBar } from '../limits/operator-limits.ts';
import { checkAllowance, lockOperator, recordMove, soloPayoutBars } from '../limits/operator-limits.ts';
import type { Role } from '@gama/core/operators/permissions';
import { withdrawalMessages } from '@gama/core/endpoints/withdrawals/index';
import { ledgerNotes } from '@gama/core/contract/ledger-notes';
import { addNotification } from '../notifications/service.ts';

export type WithdrawalDecision = z.output<typeof withdrawalDecision>;

/** The owner's threshold in points (`withdrawal_two_person_above`); null when 0, which means never. */
async function twoPersonAbove(db: Queryable): Promise<number | null> {
  const above = await ownerSetting(db, 'withdrawal_two_person_above');
  return above === 0 ? null : above;
}

const PAYOUT_APPS = { '2': 'Google Pay', '3': 'Paytm', '4': 'PhonePe' } as const;
const SORTS = {
  created_at: 'r.created_at',
  amount: 'r.amount',
  id: 'r.id',
  decided_at: 'r.decided_at',
} as const;
const DAY_MS = 86_400_000;

interface QueueSql extends QueueRequestSql {
  status: string;
  payment_method: '2' | '3' | '4';
  payout_number: string;
  approved_by_1: number | null;
  approved_by_1_name: string | null;
  approved_1_at: Date | null;
  payment_reference: string | null;
  receipt_url: string | null;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
  decided_by: number | null;
  decided_by_name: string | null;
  wallet: number;
  debt: number;
  deposits: number;
  withdrawals: number;
  stakes: number;
  wins: number;
  transfers_in: number;
  transfers_out: number;
  counterparties: CounterpartySql[] | null;
  hold_reason: string | null;
  held_at: Date | null;
  hold_cleared_by: number | null;
  hold_cleared_by_name: string | null;
  hold_cleared_at: Date | null;
  hold_clear_note: string | null;
}

interface CounterpartySql {
  direction: 'in' | 'out';
  player_id: number;
  user_name: string;
  mobile: string;
  count: number;
  amount: number;
}

/** The counterparties a queue row lists: enough to see where points went, not a ledger. */
const COUNTERPARTIES = 10;

const ref = (id: number | null, name: string | null) =>
  id === null ? null : { id, username: name ?? `operator ${id}` };

export async function withdrawalQueue(
  db: Queryable,
  q: z.output<typeof withdrawalsQuery>,
  timeZone: string,
  now: Date,
  viewer: { id: number; role: Role },
): Promise<{ rows: WithdrawalRow[]; total: number; threshold: number | null }> {
  const filter = new SqlFilter([new Date(now.getTime() - RECENT_DAYS * DAY_MS)]);
  const byStatus = {
    open: `r.status = '0'`,
    pending: `r.status = '0' AND r.approved_by_1 IS NULL`,
    awaiting_second_approval: `r.status = '0' AND r.approved_by_1 IS NOT NULL`,
    approved: `r.status = '2'`,
    rejected: `r.status = '1'`,
    all: 'true',
  } as const;
  filter.where(byStatus[q.status]);
  filter.playerSearch('p', q.q);
  if (q.player_id !== undefined) filter.where(`r.player_id = ${filter.param(q.player_id)}`);
  filter.dateRange('r.created_at', q, timeZone);
  const { limit, offset } = pageWindow(q);
  const [rows, count, threshold] = await Promise.all([
    db.query<QueueSql>(
      `SELECT r.id, r.player_id, p.user_name, p.mobile, r.amount, r.status, r.payment_method, r.payout_number,
              r.approved_by_1, o1.username AS approved_by_1_name, r.approved_1_at, r.payment_reference,
              r.receipt_url, r.reason, r.created_at, r.decided_at, r.decided_by, od.username AS decided_by_name,
              r.hold_reason, r.held_at, r.hold_cleared_by, oh.username AS hold_cleared_by_name, r.hold_cleared_at,
              r.hold_clear_note,
              w.balance AS wallet, -d.balance AS debt,
              (SELECT coalesce(sum(x.amount), 0)::bigint FROM deposit_requests x
                WHERE x.player_id = r.player_id AND x.status = 'approved' AND x.decided_at >= $1) AS deposits,
              (SELECT coalesce(sum(x.amount), 0)::bigint FROM withdraw_requests x
                WHERE x.player_id = r.player_id AND x.status = '2' AND x.decided_at >= $1) AS withdrawals,
              (SELECT coalesce(sum(b.amount), 0)::bigint FROM bids b
                WHERE b.player_id = r.player_id AND b.created_at >= $1) AS stakes,
              (SELECT coalesce(sum(e.amount), 0)::bigint FROM entries e JOIN journals j ON j.id = e.journal_id
                WHERE e.account_id = w.id AND j.kind = 'win' AND j.created_at >= $1) AS wins,
              (SELECT coalesce(sum(x.amount), 0)::bigint FROM transfers x
                WHERE x.to_player_id = r.player_id AND x.created_at >= $1) AS transfers_in,
              (SELECT coalesce(sum(x.amount), 0)::bigint FROM transfers x
                WHERE x.from_player_id = r.player_id AND x.created_at >= $1) AS transfers_out,
              (SELECT json_agg(c ORDER BY c.amount DESC, c.direction, c.player_id) FROM (
                 SELECT x.direction, cp.id AS player_id, cp.user_name, cp.mobile, count(*) AS count,
                        sum(x.amount)::bigint AS amount
                   FROM (SELECT 'in' AS direction, t.from_player_id AS other, t.amount FROM transfers t
                          WHERE t.to_player_id = r.player_id AND t.created_at >= $1
                         UNION ALL
                         SELECT 'out', t.to_player_id, t.amount FROM transfers t
                          WHERE t.from_player_id = r.player_id AND t.created_at >= $1) x
                   JOIN players cp ON cp.id = x.other
                  GROUP BY x.direction, cp.id, cp.user_name, cp.mobile
                  ORDER BY sum(x.amount) DESC, x.direction, cp.id
                  LIMIT ${COUNTERPARTIES}) c) AS counterparties
         FROM withdraw_requests r
         JOIN players p ON p.id = r.player_id
         JOIN accounts w ON w.player_id = r.player_id AND w.kind = 'wallet'
         JOIN accounts d ON d.player_id = r.player_id AND d.kind = 'debt'
         LEFT JOIN operators o1 ON o1.id = r.approved_by_1
         LEFT JOIN operators od ON od.id = r.decided_by
         LEFT JOIN operators oh ON oh.id = r.hold_cleared_by
        ${filter.sql}
        ${orderBy(SORTS[q.sort], 'r.id', q.dir)} LIMIT ${limit} OFFSET ${offset}`,
      filter.params,
    ),
    db.query<{ n: number }>(
      // $1 (the window start) is not used by the count; a cast keeps its type known to the server.
      `SELECT count(*) AS n FROM withdraw_requests r JOIN players p ON p.id = r.player_id
        ${filter.sql} AND $1::timestamptz IS NOT NULL`,
      filter.params,
    ),
    twoPersonAbove(db),
  ]);
  const bars = await viewerBars(
    db,
    viewer,
    rows.rows.map((r) => r.player_id),
    threshold,
    now,
  );
  return {
    threshold,
    total: count.rows[0]?.n ?? 0,
    rows: rows.rows.map((r) => ({
      id: r.id,
      player: { id: r.player_id, user_name: r.user_name, mobile: r.mobile },
      amount_paise: r.amount,
      state: withdrawalState(r.status, r.approved_by_1),
      payment_method: r.payment_method,
      payout_app: PAYOUT_APPS[r.payment_method],
      payout_number: r.payout_number,
      needs_two_approvals:
        r.approved_by_1 !== null || (r.status === '0' && (bars.get(r.player_id)?.(r.amount) ?? false)),
      approved_by_1: ref(r.approved_by_1, r.approved_by_1_name),
      approved_1_at: isoOrNull(r.approved_1_at),
      payment_reference: r.payment_reference,
      receipt_url: r.receipt_url,
      reason: r.reason,
      created_at: iso(r.created_at),
      decided_at: isoOrNull(r.decided_at),
      decided_by: ref(r.decided_by, r.decided_by_name),
      balance: { wallet_paise: r.wallet, debt_paise: r.debt },
      risk_hold:
        r.hold_reason === null || r.held_at === null
          ? null
          : {
              reason: r.hold_reason,
              held_at: iso(r.held_at),
              cleared_by: ref(r.hold_cleared_by, r.hold_cleared_by_name),
              cleared_at: isoOrNull(r.hold_cleared_at),
              note: r.hold_clear_note,
            },
      recent: {
        days: RECENT_DAYS,
        deposits_paise: r.deposits,
        wins_paise: r.wins,
        transfers_in_paise: r.transfers_in,
        withdrawals_paise: r.withdrawals,
        stakes_paise: r.stakes,
        transfers_out_paise: r.transfers_out,
        counterparties: (r.counterparties ?? []).map((c) => ({
          direction: c.direction,
          player: { id: Number(c.player_id), user_name: c.user_name, mobile: c.mobile },
          count: Number(c.count),
          amount_paise: Number(c.amount),
        })),
      },
    })),
  };
}

/**
 * For each player of a queue page: whether the viewing operator's approval of a withdrawal of so many paise
 * would only be a first approval (soloPayoutBars, read without locks: the approval itself decides).
 */
async function viewerBars(
  db: Queryable,
  viewer: { id: number; role: Role },
  playerIds: readonly number[],
  threshold: number | null,
  now: Date,
): Promise<Map<number, (amountPaise: number) => boolean>> {
  const windowDays = await ownerSetting(db, 'credit_payout_window_days');
  const [{ rows }, allowance] = await Promise.all([
    db.query<{ player_id: number; day_total: number; credited: boolean }>(
      `SELECT p.player_id,
              (SELECT coalesce(sum(x.amount), 0)::bigint FROM withdraw_requests x
                WHERE x.player_id = p.player_id AND (x.status = '0' OR (x.status = '2' AND x.decided_at > $2)))
                AS day_total,
              EXISTS (SELECT 1 FROM operator_money_moves m
                WHERE m.operator_id = $3 AND m.player_id = p.player_id AND m.kind = 'credit'
                  AND m.created_at > $4 AND $5::int > 0) AS credited
         FROM unnest($1::bigint[]) AS p(player_id)`,
      [
        [...new Set(playerIds)],
        new Date(now.getTime() - DAY_MS),
        viewer.id,
        new Date(now.getTime() - windowDays * DAY_MS),
        windowDays,
      ],
    ),
    checkAllowance(db, viewer, 'payout', 0, now),
  ]);
  const limitPaise = threshold === null ? null : pointsToPaise(threshold);
  const allowancePaise = allowance.allowancePoints === null ? null : pointsToPaise(allowance.allowancePoints);
  return new Map(
    rows.map((r) => [
      Number(r.player_id),
      (amount: number) =>
        (allowancePaise !== null && r.credited) ||
        (limitPaise !== null && Number(r.day_total) > limitPaise) ||
        (allowancePaise !== null && allowance.usedPaise + amount > allowancePaise),
    ]),
  );
}

interface LockedRow {
  player_id: number;
  amount: number;
  status: string;
  approved_by_1: number | null;
  approved_by_1_name: string | null;
  decided_at: Date | null;
  decided_by: number | null;
  decided_by_name: string | null;
  payment_reference: string | null;
  reason: string | null;
  /** The risk hold's reason while it is not cleared (decision 039). */
  held_for: string | null;
  /** Who cleared the risk hold, if one was. */
  hold_cleared_by: number | null;
}

async function lockRequest(tx: Queryable, requestId: number): Promise<LockedRow> {
  // Waits for a concurrent decision, then sees its outcome. The operators' names come from a statement of their
  // own: after waiting, PostgreSQL rechecks the locked row but not the rows joined to it.
  const { rows } = await tx.query<Omit<LockedRow, 'approved_by_1_name' | 'decided_by_name'>>(
    `SELECT player_id, amount, status, approved_by_1, decided_at, decided_by, payment_reference, reason,
            CASE WHEN hold_cleared_at IS NULL THEN hold_reason END AS held_for, hold_cleared_by
       FROM withdraw_requests WHERE id = $1 FOR UPDATE`,
    [requestId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', withdrawalMessages.notFound);
  const { rows: names } = await tx.query<{ id: number; username: string }>(
    'SELECT id, username FROM operators WHERE id = ANY($1::bigint[])',
    [[row.approved_by_1, row.decided_by].filter((id) => id !== null)],
  );
  const name = (id: number | null) => names.find((n) => n.id === id)?.username ?? null;
  return { ...row, approved_by_1_name: name(row.approved_by_1), decided_by_name: name(row.decided_by) };
}

function decisionOf(requestId: number, row: LockedRow, alreadyDecided: boolean): WithdrawalDecision {
  return {
    id: requestId,
    player_id: row.player_id,
    amount_paise: row.amount,
    state: withdrawalState(row.status, row.approved_by_1),
    approved_by_1: ref(row.approved_by_1, row.approved_by_1_name),
    decided_by: ref(row.decided_by, row.decided_by_name),
    decided_at: isoOrNull(row.decided_at),
    payment_reference: row.payment_reference,
    reason: row.reason,
    already_decided: alreadyDecided,
  };
}

/** Pays the hold out or returns it, and closes the request. */
async function settle(
  deps: Deps,
  tx: Queryable,
  who: Who,
  requestId: number,
  row: LockedRow,
  outcome:
    | { approved: true; reference: string; receiptUrl: string | undefined }
    | { approved: false; reason: string },
): Promise<LockedRow> {
  const now = deps.clock.now();
  const { operator } = who;
  const walletId = await walletAccountId(tx, row.player_id);
  const journalId = await postJournal(
    tx,
    {
      kind: outcome.approved ? 'withdraw_payout' : 'withdraw_release',
      actor: `operator:${operator.id}`,
      refType: 'withdraw_request',
      refId: requestId,
      note: outcome.approved ? ledgerNotes.withdrawalPaid : ledgerNotes.withdrawalReleased,
      at: now,
    },
    [
      { account: systemAccount('withdrawals_pending'), amount: -row.amount },
      outcome.approved
        ? { account: systemAccount('withdrawals_paid'), amount: row.amount }
        : { account: walletId, amount: row.amount },
    ],
  );
  if (outcome.approved) faultPoint('withdraw-approve-before-status');
  await tx.query(
    `UPDATE withdraw_requests SET status = $2, settle_journal_id = $3, decided_at = $4, decided_by = $5,
            payment_reference = $6, receipt_url = $7, reason = $8
      WHERE id = $1 AND status = '0'`,
    [
      requestId,
      outcome.approved ? '2' : '1',
      journalId,
      now,
      operator.id,
      outcome.approved ? outcome.reference : null,
      outcome.approved ? (outcome.receiptUrl ?? null) : null,
      outcome.approved ? null : outcome.reason,
    ],
  );
  if (!outcome.approved) await repayDebts(tx, [row.player_id], now);
  else {
    await recordMove(tx, {
      operatorId: operator.id,
      kind: 'payout',
      playerId: row.player_id,
      amountPaise: row.amount,
      solo: row.approved_by_1 === null,
      refType: 'withdraw_request',
      refId: requestId,
      at: now,
    });
  }
  await addNotification(tx, {
    playerId: row.player_id,
    kind: outcome.approved ? 'withdrawal_paid' : 'withdrawal_rejected',
    refId: requestId,
    amountPaise: row.amount,
    detail: outcome.approved ? null : outcome.reason,
    at: now,
  });
  const before = withdrawalState(row.status, row.approved_by_1);
  const after: LockedRow = {
    ...row,
    status: outcome.approved ? '2' : '1',
    decided_at: now,
    decided_by: operator.id,
    decided_by_name: operator.username,
    payment_reference: outcome.approved ? outcome.reference : null,
    reason: outcome.approved ? null : outcome.reason,
  };
  await audit(tx, {
    operatorId: operator.id,
    action: outcome.approved ? 'withdraw_approve' : 'withdraw_reject',
    targetType: 'withdraw_request',
    targetId: requestId,
    playerId: row.player_id,
    before: { state: before },
    after: { state: withdrawalState(after.status, after.approved_by_1), journal_id: journalId },
    detail: {
      amount_paise: row.amount,
      ...(outcome.approved
        ? { payment_reference: outcome.reference, receipt_url: outcome.receiptUrl ?? null }
        : { reason: outcome.reason }),
    },
    request: who.request,
    at: now,
  });
  return after;
}

/**
 * Approve. An approved request answers its decision again (a retry, a second operator's click); a rejected one
 * is a conflict. With the Idempotency-Key header a retry of a first approval gets its first answer back.
 */
export async function approveWithdrawal(
  deps: Deps,
  who: Who,
  requestId: number,
  input: { payment_reference?: string | undefined; receipt_url?: string | undefined },
  key: string | undefined,
): Promise<WithdrawalDecision> {
  const { db, clock } = deps;
  const { operator } = who;
  return db.transaction((tx) =>
    once(
      tx,
      {
        scope: `operator:${operator.id}`,
        key,
        endpoint: `withdraw-approve:${requestId}`,
        body: input,
        at: clock.now(),
      },
      async () => {
        const row = await lockRequest(tx, requestId);
        if (row.status === '2') return { response: decisionOf(requestId, row, true), journalId: null };
        if (row.status === '1') {
          throw new AppError(
            'WITHDRAWAL_DECIDED',
            withdrawalMessages.decidedOtherwise('rejected', row.decided_by_name),
          );
        }
        // A rejection stays open to a held request (it returns the points); paying waits for the review.
        if (row.held_for !== null)
          throw new AppError('WITHDRAWAL_HELD', withdrawalMessages.heldForReview(row.held_for));
        // A review and the payout it allows are two people's, or one cashier could flag-clear and pay alone.
        if (
          row.hold_cleared_by !== null &&
          Number(row.hold_cleared_by) === operator.id &&
          operator.role !== 'owner'
        )
          throw new AppError('CLEARED_OWN_HOLD', withdrawalMessages.clearedOwnHold);
        if (row.approved_by_1 === operator.id)
          throw new AppError('SAME_APPROVER', withdrawalMessages.sameApprover);
        const threshold = await twoPersonAbove(tx);
        let bars: SoloPayoutBar[] = [];
        if (row.approved_by_1 === null) {
          await lockOperator(tx, operator.id);
          bars = (
            await soloPayoutBars(
              tx,
              operator,
              { playerId: row.player_id, amountPaise: row.amount },
              threshold,
              clock.now(),
            )
          ).bars;
        }
        const firstOfTwo = bars.length > 0;
        if (firstOfTwo) {
          if (input.payment_reference !== undefined) {
            throw new AppError('PAYMENT_REFERENCE_TOO_EARLY', withdrawalMessages.referenceTooEarly);
          }
          const now = clock.now();
          await tx.query(
            'UPDATE withdraw_requests SET approved_by_1 = $2, approved_1_at = $3 WHERE id = $1',
            [requestId, operator.id, now],
          );
          await audit(tx, {
            operatorId: operator.id,
            action: 'withdraw_approve_first',
            targetType: 'withdraw_request',
            targetId: requestId,
            playerId: row.player_id,
            before: { state: 'pending' },
            after: { state: 'awaiting_second_approval' },
            detail: {
              amount_paise: row.amount,
              two_person_above_points: threshold,
              needs_second_because: bars,
            },
            request: who.request,
            at: now,
          });
          const after = { ...row, approved_by_1: operator.id, approved_by_1_name: operator.username };
          return { response: decisionOf(requestId, after, false), journalId: null };
        }
        if (input.payment_reference === undefined) {
          throw new AppError('PAYMENT_REFERENCE_REQUIRED', withdrawalMessages.referenceRequired);
        }
        const after = await settle(deps, tx, who, requestId, row, {
          approved: true,
          reference: input.payment_reference,
          receiptUrl: input.receipt_url,
        });
        return { response: decisionOf(requestId, after, false), journalId: null };
      },
    ),
  );
}

/** Reject with a reason: the hold goes back to the wallet once; a rejected request answers its decision again. */
export async function rejectWithdrawal(
  deps: Deps,
  who: Who,
  requestId: number,
  reason: string,
): Promise<WithdrawalDecision> {
  return deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, requestId);
    if (row.status === '1') return decisionOf(requestId, row, true);
    if (row.status === '2') {
      throw new AppError(
        'WITHDRAWAL_DECIDED',
        withdrawalMessages.decidedOtherwise('approved', row.decided_by_name),
      );
    }
    return decisionOf(
      requestId,
      await settle(deps, tx, who, requestId, row, { approved: false, reason }),
      false,
    );
  });
}
