/**
 * Reverts under the two-person rule (issue 27 item 1): with `results_two_person` on, a revert is a proposal,
 * checked as a direct revert is (there must be a declared result to revert), stored with its maker, and made
 * only when an operator other than its maker approves it, exactly as a declaration is. One proposal waits per
 * market and date; the same maker repeating it gets it back.
 */
import type { RevertProposal } from '@gama/core/endpoints/results/index';
import { resultMessages } from '@gama/core/endpoints/results/index';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRow } from '../audit/writer.ts';
import type { MakerCheckerSql } from '../operators/maker-checker.ts';
import { checkerOf, makerCheckerJoins } from '../operators/maker-checker.ts';
import type { Operator } from '../operators/sessions.ts';
import { revertResult, revertTargets } from './service.ts';

interface ProposalSql extends MakerCheckerSql {
  id: number;
  market_id: number;
  market_name: string;
  grp: 'main' | 'starline' | 'gali';
  market_date: string;
  half: 'open' | 'close' | null;
  reason: string;
  state: RevertProposal['state'];
  decision_reason: string | null;
}

const PROPOSAL_SELECT = `SELECT r.id, r.market_id, m.name AS market_name, m.grp,
    to_char(r.market_date, 'YYYY-MM-DD') AS market_date, r.half, r.reason, r.state, r.maker_id,
    mk.username AS maker_username, r.created_at, r.checker_id, ck.username AS checker_username, r.decided_at,
    r.decision_reason
  FROM result_revert_proposals r
  JOIN markets m ON m.id = r.market_id
  ${makerCheckerJoins('r')}`;

function answer(r: ProposalSql): RevertProposal {
  return {
    proposal_id: Number(r.id),
    market_id: Number(r.market_id),
    market_name: r.market_name,
    group: r.grp,
    date: r.market_date,
    half: r.half,
    reason: r.reason,
    state: r.state,
    maker: { id: Number(r.maker_id), username: r.maker_username },
    created_at: r.created_at.toISOString(),
    checker: checkerOf(r),
    decided_at: r.decided_at === null ? null : r.decided_at.toISOString(),
    decision_reason: r.decision_reason,
  };
}

async function proposalById(db: Queryable, id: number): Promise<RevertProposal | undefined> {
  const { rows } = await db.query<ProposalSql>(`${PROPOSAL_SELECT} WHERE r.id = $1`, [id]);
  const row = rows[0];
  return row ? answer(row) : undefined;
}

async function pendingFor(
  db: Queryable,
  marketId: number,
  date: string,
): Promise<RevertProposal | undefined> {
  const { rows } = await db.query<ProposalSql>(
    `${PROPOSAL_SELECT} WHERE r.market_id = $1 AND r.market_date = $2::date AND r.state = 'pending_approval'`,
    [marketId, date],
  );
  const row = rows[0];
  return row ? answer(row) : undefined;
}

export async function listRevertProposals(
  db: Queryable,
  state: 'pending' | 'all',
): Promise<RevertProposal[]> {
  const { rows } = await db.query<ProposalSql>(
    `${PROPOSAL_SELECT} WHERE ($1::text IS NULL OR r.state = $1) ORDER BY r.id DESC LIMIT 200`,
    [state === 'pending' ? 'pending_approval' : null],
  );
  return rows.map(answer);
}

type RevertInput = { market_id: number; date: string; half?: 'open' | 'close' | undefined; reason: string };

/** Stores the revert as a proposal, after the checks a direct revert makes (revertPreview refuses alike). */
export async function proposeRevert(
  deps: Deps,
  operator: Operator,
  input: RevertInput,
  /** The revert's audit row: written with the proposal, or alone when it repeats one. */
  row?: AuditRow,
): Promise<RevertProposal> {
  const { db, clock } = deps;
  await revertTargets(deps, input);
  const same = (p: RevertProposal) =>
    p.maker.id === operator.id && p.half === (input.half ?? null) && p.reason === input.reason;
  const waiting = await pendingFor(db, input.market_id, input.date);
  if (waiting) {
    if (same(waiting)) {
      await row?.(db, { proposal_id: waiting.proposal_id, resumed: true });
      return waiting;
    }
    throw new AppError('REVERT_PENDING', resultMessages.revertPending(waiting.maker.username));
  }
  try {
    const id = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO result_revert_proposals (market_id, market_date, half, reason, state, maker_id, created_at)
         VALUES ($1, $2::date, $3, $4, 'pending_approval', $5, $6) RETURNING id`,
        [input.market_id, input.date, input.half ?? null, input.reason, operator.id, clock.now()],
      );
      const stored = Number(rows[0]?.id);
      await row?.(tx, { proposal_id: stored });
      return stored;
    });
    const made = await proposalById(db, id);
    if (!made) throw new Error('revert proposal vanished');
    return made;
  } catch (error) {
    // Another proposal of this draw was stored meanwhile.
    if (pgCode(error) !== '23505') throw error;
    const other = await pendingFor(db, input.market_id, input.date);
    if (!other) throw error;
    if (same(other)) {
      await row?.(db, { proposal_id: other.proposal_id, resumed: true });
      return other;
    }
    throw new AppError('REVERT_PENDING', resultMessages.revertPending(other.maker.username));
  }
}

/**
 * Approves another operator's proposal: it is marked reverted under its row lock (so two approvals at once
 * make one revert), then reverted as a direct revert is, by the approver. An approval of a proposal already
 * approved answers it again and reverts nothing more.
 */
export async function approveRevert(
  deps: Deps,
  operator: Operator,
  { proposal_id: proposalId }: { proposal_id: number },
  /** The approval's audit row: written as the proposal is marked, before anything is reversed. */
  row?: AuditRow,
): Promise<{ proposal: RevertProposal; reverted: Awaited<ReturnType<typeof revertResult>>['reverted'] }> {
  const { db, clock } = deps;
  const found = await proposalById(db, proposalId);
  if (!found) throw new AppError('NOT_FOUND', resultMessages.revertProposalNotFound);
  if (found.maker.id === operator.id) throw new AppError('OWN_REVERT', resultMessages.ownRevert);
  const input = {
    market_id: found.market_id,
    date: found.date,
    half: found.half ?? undefined,
    reason: found.reason,
  };
  // Checked before it is marked, so a proposal with nothing left to revert stays waiting for a rejection.
  if (found.state === 'pending_approval') await revertTargets(deps, input);
  const won = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ state: RevertProposal['state'] }>(
      'SELECT state FROM result_revert_proposals WHERE id = $1 FOR UPDATE',
      [proposalId],
    );
    const state = rows[0]?.state;
    if (state === 'rejected')
      throw new AppError('REVERT_PROPOSAL_REJECTED', resultMessages.revertProposalRejected);
    if (state !== 'pending_approval') return false;
    await tx.query(
      `UPDATE result_revert_proposals SET state = 'reverted', checker_id = $2, decided_at = $3 WHERE id = $1`,
      [proposalId, operator.id, clock.now()],
    );
    await row?.(tx);
    return true;
  });
  if (!won) await row?.(db, { resumed: true });
  const reverted = won ? (await revertResult(deps, operator.id, input)).reverted : [];
  const now = await proposalById(db, proposalId);
  if (!now) throw new AppError('NOT_FOUND', resultMessages.revertProposalNotFound);
  return { proposal: now, reverted };
}

export async function rejectRevert(
  deps: Deps,
  operator: Operator,
  input: { proposal_id: number; reason: string },
  /** The rejection's audit row: written with it, or alone when it repeats one. */
  row?: AuditRow,
): Promise<RevertProposal> {
  const { db, clock } = deps;
  let written = false;
  const state = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ state: RevertProposal['state'] }>(
      'SELECT state FROM result_revert_proposals WHERE id = $1 FOR UPDATE',
      [input.proposal_id],
    );
    const was = rows[0]?.state;
    if (was !== 'pending_approval') return was;
    await tx.query(
      `UPDATE result_revert_proposals SET state = 'rejected', checker_id = $2, decided_at = $3,
              decision_reason = $4 WHERE id = $1`,
      [input.proposal_id, operator.id, clock.now(), input.reason],
    );
    await row?.(tx);
    written = true;
    return 'rejected';
  });
  if (state === undefined) throw new AppError('NOT_FOUND', resultMessages.revertProposalNotFound);
  if (state === 'reverted')
    throw new AppError('REVERT_PROPOSAL_APPROVED', resultMessages.revertProposalApproved);
  if (!written) await row?.(db, { resumed: true });
  const now = await proposalById(db, input.proposal_id);
  if (!now) throw new AppError('NOT_FOUND', resultMessages.revertProposalNotFound);
  return now;
}
