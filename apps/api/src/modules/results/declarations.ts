/**
 * The two-person rule for results (issue 14). With `results_two_person` on, a declaration is a request: it is
 * stored with what it would pay and moves no money until an operator other than its maker approves it. The
 * approval writes the result revision and settles it; every later approval, retried or racing, finds the
 * declaration approved and only continues the same revision's settlement, which is keyed by the revision
 * (settle.ts), so the draw is paid exactly once.
 *
 * Locks are taken in one order everywhere (the market row, then the declaration row) so a direct declare, an
 * approval and a new declaration of the same draw cannot deadlock.
 */
import type { Declaration } from '@gama/core/endpoints/results/index';
import { resultMessages } from '@gama/core/endpoints/results/index';
import { isIsoDate } from '@gama/core/rules/dates';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRow } from '../audit/writer.ts';
import type { Operator } from '../operators/sessions.ts';
import type { MakerCheckerSql } from '../operators/maker-checker.ts';
import { makerCheckerJoins } from '../operators/maker-checker.ts';
import { marketById } from '../markets/repository.ts';
import { noteDeclarationRejected, noteDeclarationWaiting } from '../inbox/inbox.ts';
import type { Half, Target } from './service.ts';
import {
  checkDrawTime,
  checkValue,
  declareResult,
  formatPreview,
  liveResults,
  lockMarketForDeclare,
  paramsFor,
  previewFigures,
  resolveTarget,
  resultById,
  settleResult,
  writeResult,
} from './service.ts';

export type DeclarationState = 'pending_approval' | 'declared' | 'rejected' | 'superseded';

interface DeclarationRow extends MakerCheckerSql {
  id: number;
  market_id: number;
  market_name: string;
  grp: 'main' | 'starline' | 'gali';
  market_date: string;
  half: Half;
  value: string;
  state: DeclarationState;
  preview_bids: number;
  preview_winners: number;
  preview_payout: number;
  preview_stakes: number;
  reason: string | null;
  result_id: number | null;
}

const DECLARATION_SELECT = `SELECT d.id, d.market_id, m.name AS market_name, m.grp,
    to_char(d.market_date, 'YYYY-MM-DD') AS market_date, d.half, d.value, d.state, d.maker_id,
    mk.username AS maker_username, d.created_at, d.preview_bids, d.preview_winners, d.preview_payout,
    d.preview_stakes, d.checker_id, ck.username AS checker_username, d.decided_at, d.reason, d.result_id
  FROM result_declarations d
  JOIN markets m ON m.id = d.market_id
  ${makerCheckerJoins('d')}`;

async function declarationById(db: Queryable, id: number): Promise<DeclarationRow | undefined> {
  const { rows } = await db.query<DeclarationRow>(`${DECLARATION_SELECT} WHERE d.id = $1`, [id]);
  return rows[0];
}

async function pendingFor(db: Queryable, target: Target): Promise<DeclarationRow | undefined> {
  const { rows } = await db.query<DeclarationRow>(
    `${DECLARATION_SELECT}
      WHERE d.market_id = $1 AND d.market_date = $2::date AND d.half = $3 AND d.state = 'pending_approval'`,
    [target.market.id, target.date, target.half],
  );
  return rows[0];
}

export function declarationAnswer(d: DeclarationRow): Declaration {
  return {
    declaration_id: d.id,
    market_id: d.market_id,
    market_name: d.market_name,
    group: d.grp,
    date: d.market_date,
    half: d.half,
    value: d.value,
    state: d.state,
    maker: { id: d.maker_id, username: d.maker_username },
    created_at: d.created_at.toISOString(),
    preview: formatPreview({
      bids: d.preview_bids,
      winners: d.preview_winners,
      payout: d.preview_payout,
      stakes: d.preview_stakes,
    }),
    checker:
      d.checker_id === null
        ? null
        : { id: d.checker_id, username: d.checker_username ?? String(d.checker_id) },
    decided_at: d.decided_at === null ? null : d.decided_at.toISOString(),
    reason: d.reason,
    result_id: d.result_id,
  };
}

function refusePending(pending: DeclarationRow): never {
  throw new AppError(
    'DECLARATION_PENDING',
    resultMessages.declarationPending(pending.value, pending.maker_username),
  );
}

export type DeclareOutcome =
  | { state: 'declared'; result_id: number; settled: number; wins: number; resumed: boolean }
  | {
      state: 'pending_approval';
      declaration_id: number;
      resumed: boolean;
      preview: Declaration['preview'];
    };

/**
 * A declare under the two-person rule: checked exactly as a direct declare is (value, half, draw time, open
 * before close), then stored as waiting. The same maker repeating the same value gets the same declaration
 * back; anything else while one waits is refused. A draw already declared with this value answers as a
 * direct declare would (a retry after the approval), with another value it is refused.
 */
export async function requestDeclaration(
  deps: Deps,
  operator: Operator,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined; value: string },
  /** The declare's audit row: written with the stored declaration, or alone when it is a repeat. */
  row?: AuditRow,
): Promise<DeclareOutcome> {
  const { db, clock } = deps;
  const target = await resolveTarget(deps, input);
  checkValue(target.market.grp, input.value);
  const live = await liveResults(db, target.market.id, target.date);
  const params = paramsFor(target.market.grp, target.half, input.value, live);
  checkDrawTime(target, clock.now());
  const declared = live.get(target.half);
  if (declared) {
    if (declared.value !== input.value)
      throw new AppError('RESULT_ALREADY_DECLARED', resultMessages.alreadyDeclared);
    return { state: 'declared', ...(await declareResult(deps, operator.id, input, row)) };
  }
  const sameRequest = (p: DeclarationRow) => p.maker_id === operator.id && p.value === input.value;
  const waiting = await pendingFor(db, target);
  if (waiting) {
    if (!sameRequest(waiting)) refusePending(waiting);
    await row?.(db, { declaration_id: waiting.id, resumed: true });
    return {
      state: 'pending_approval',
      declaration_id: waiting.id,
      resumed: true,
      preview: answerOf(waiting),
    };
  }
  const figures = await previewFigures(db, target, params);
  try {
    const id = await db.transaction(async (tx) => {
      // NO KEY UPDATE: serializes with declarations and approvals of this market without waiting for bids.
      await tx.query('SELECT 1 FROM markets WHERE id = $1 FOR NO KEY UPDATE', [target.market.id]);
      const now = await liveResults(tx, target.market.id, target.date);
      if (now.has(target.half)) throw new AppError('RESULT_ALREADY_DECLARED', resultMessages.alreadyDeclared);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO result_declarations (market_id, market_date, half, value, state, maker_id, created_at,
           preview_bids, preview_winners, preview_payout, preview_stakes)
         VALUES ($1, $2::date, $3, $4, 'pending_approval', $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          target.market.id,
          target.date,
          target.half,
          input.value,
          operator.id,
          clock.now(),
          figures.bids,
          figures.winners,
          figures.payout,
          figures.stakes,
        ],
      );
      const stored = rows[0]?.id ?? 0;
      await noteDeclarationWaiting(tx, stored, operator.id, clock.now());
      await row?.(tx, { declaration_id: stored });
      return stored;
    });
    return { state: 'pending_approval', declaration_id: id, resumed: false, preview: formatPreview(figures) };
  } catch (error) {
    // Another declaration of this draw was stored meanwhile.
    if (pgCode(error) !== '23505') throw error;
    const other = await pendingFor(db, target);
    if (!other) throw error;
    if (!sameRequest(other)) refusePending(other);
    await row?.(db, { declaration_id: other.id, resumed: true });
    return { state: 'pending_approval', declaration_id: other.id, resumed: true, preview: answerOf(other) };
  }
}

const answerOf = (d: DeclarationRow) => declarationAnswer(d).preview;

/**
 * Approves a waiting declaration: the result revision is written and the declaration marked declared in one
 * transaction (under the market lock, as a direct declare), then settled. Approving it again, at once or
 * later, settles from the same revision's cursor: nothing is paid twice.
 */
export async function approveDeclaration(
  deps: Deps,
  operator: Operator,
  { declaration_id: declarationId }: { declaration_id: number },
  /** The approval's audit row: written with the revision it makes, or alone (before settling) on a repeat. */
  row?: AuditRow,
): Promise<{
  state: 'declared';
  declaration_id: number;
  result_id: number;
  settled: number;
  wins: number;
  resumed: boolean;
}> {
  const { db, clock } = deps;
  const found = await declarationById(db, declarationId);
  if (!found) throw new AppError('NOT_FOUND', resultMessages.declarationNotFound);
  if (found.maker_id === operator.id) throw new AppError('OWN_DECLARATION', resultMessages.ownDeclaration);
  const market = await marketById(db, found.market_id);
  if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
  const target: Target = { market, date: found.market_date, half: found.half };

  let resumed = true;
  if (found.state === 'pending_approval') {
    // A close waits for its open (the open may have been reverted since the declaration was made).
    paramsFor(market.grp, target.half, found.value, await liveResults(db, market.id, target.date));
    const step = await db.transaction(async (tx) => {
      await lockMarketForDeclare(tx, market.id);
      const { rows } = await tx.query<{ state: DeclarationState }>(
        'SELECT state FROM result_declarations WHERE id = $1 FOR UPDATE',
        [declarationId],
      );
      const state = rows[0]?.state;
      if (state !== 'pending_approval') return { state };
      const now = clock.now();
      const other = (await liveResults(tx, market.id, target.date)).get(target.half);
      if (other) {
        await tx.query(
          `UPDATE result_declarations SET state = 'superseded', decided_at = $2,
                  reason = 'Declared another way (' || $3 || ') while it waited' WHERE id = $1`,
          [declarationId, now, other.value],
        );
        return { state: 'superseded' as const };
      }
      const resultId = await writeResult(tx, target, found.value, found.maker_id, now);
      await tx.query(
        `UPDATE result_declarations SET state = 'declared', checker_id = $2, decided_at = $3, result_id = $4
          WHERE id = $1`,
        [declarationId, operator.id, now, resultId],
      );
      await row?.(tx, { result_id: resultId });
      return { state: 'declared' as const, approved: true };
    });
    if ('approved' in step) resumed = false;
    else if (step.state === 'superseded')
      throw new AppError('DECLARATION_SUPERSEDED', resultMessages.declarationSuperseded);
  }
  const current = await declarationById(db, declarationId);
  if (!current) throw new AppError('NOT_FOUND', resultMessages.declarationNotFound);
  if (current.state === 'rejected')
    throw new AppError('DECLARATION_REJECTED', resultMessages.declarationRejected);
  if (current.state === 'superseded')
    throw new AppError('DECLARATION_SUPERSEDED', resultMessages.declarationSuperseded);
  if (current.state !== 'declared' || current.result_id === null) throw new Error('declaration not decided');
  const result = await resultById(db, current.result_id);
  if (!result) throw new Error('approved result not found');
  if (resumed) await row?.(db, { result_id: result.id, resumed });
  // A revision reverted since is left alone: settle() stops at its revert mark and pays nothing.
  const outcome = result.revert_started_at
    ? { settled: 0, wins: 0 }
    : await settleResult(deps, target, result);
  return {
    state: 'declared',
    declaration_id: declarationId,
    result_id: result.id,
    settled: outcome.settled,
    wins: outcome.wins,
    resumed,
  };
}

/** Closes a waiting declaration without paying; repeating it answers the same. */
export async function rejectDeclaration(
  deps: Deps,
  operator: Operator,
  input: { declaration_id: number; reason: string },
  /** The rejection's audit row: written with it, or alone when it repeats one. */
  row?: AuditRow,
): Promise<{ state: 'rejected'; declaration_id: number }> {
  const { db, clock } = deps;
  let written = false;
  const state = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ state: DeclarationState; maker_id: number }>(
      'SELECT state, maker_id FROM result_declarations WHERE id = $1 FOR UPDATE',
      [input.declaration_id],
    );
    const was = rows[0];
    if (was?.state !== 'pending_approval') return was?.state;
    const now = clock.now();
    await tx.query(
      `UPDATE result_declarations SET state = 'rejected', checker_id = $2, decided_at = $3, reason = $4
        WHERE id = $1`,
      [input.declaration_id, operator.id, now, input.reason],
    );
    await noteDeclarationRejected(tx, input.declaration_id, Number(was.maker_id), now);
    await row?.(tx);
    written = true;
    return 'rejected';
  });
  if (state === undefined) throw new AppError('NOT_FOUND', resultMessages.declarationNotFound);
  if (state === 'declared') throw new AppError('DECLARATION_APPROVED', resultMessages.declarationApproved);
  if (state === 'superseded')
    throw new AppError('DECLARATION_SUPERSEDED', resultMessages.declarationSuperseded);
  if (!written) await row?.(db, { resumed: true });
  return { state: 'rejected', declaration_id: input.declaration_id };
}

export async function listDeclarations(
  db: Queryable,
  query: {
    state: 'pending' | DeclarationState | 'all';
    market_id?: number | undefined;
    date?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ total: number; declarations: Declaration[] }> {
  if (query.date !== undefined && !isIsoDate(query.date))
    throw new AppError('RESULT_DATE_INVALID', resultMessages.badDate);
  const state = query.state === 'pending' ? 'pending_approval' : query.state === 'all' ? null : query.state;
  const where = `WHERE ($1::text IS NULL OR d.state = $1) AND ($2::bigint IS NULL OR d.market_id = $2)
      AND ($3::date IS NULL OR d.market_date = $3::date)`;
  const params = [state, query.market_id ?? null, query.date ?? null];
  const { rows: count } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM result_declarations d ${where}`,
    params,
  );
  const { rows } = await db.query<DeclarationRow>(
    `${DECLARATION_SELECT} ${where} ORDER BY d.id DESC LIMIT $4 OFFSET $5`,
    [...params, query.limit, query.offset],
  );
  return { total: count[0]?.n ?? 0, declarations: rows.map(declarationAnswer) };
}
