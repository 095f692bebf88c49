/**
 * The operator actions on results, each audited by the service that performs it (decision 045): a preview, a
 * declaration or its approval, a revert or its approval, an import. A result's action is several transactions
 * (the decision is written, then settled in chunks that resume after a crash; a revert reverses revision after
 * revision), so the services below write the action's row in the first of them, the one that commits the
 * operator's decision (`AuditRow`): a crash in the settlement or the reversal that follows still leaves it. A
 * preview decides nothing and writes its row alone; an import, many declarations, writes its row once they are
 * done, with what each line did. A refusal is written by `auditRefusals` (audit/refusals.ts) from the route,
 * the one place every refusal passes.
 */
import type { ImportResponse } from '@gama/core/endpoints/results/index';
import { importCsvMessages } from '@gama/core/endpoints/results/index';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor, AuditRow } from '../audit/writer.ts';
import { auditRow } from '../audit/writer.ts';
import type { Operator } from '../operators/sessions.ts';
import { ownerSetting } from '../settings/owner-settings.ts';
import { approveDeclaration, rejectDeclaration, requestDeclaration } from './declarations.ts';
import { importCsv } from './import-csv.ts';
import { approveRevert, proposeRevert, rejectRevert } from './revert-proposals.ts';
import { declareResult, previewResult, revertPreview, revertResult } from './service.ts';

type Draw = { market_id: number; date: string; half?: 'open' | 'close' | undefined };
type Target =
  | { type: 'market'; id: number }
  | { type: 'result_declaration'; id: number }
  | { type: 'result_revert_proposal'; id: number };

/** The row of one action, for the service that performs it to write. */
function rowOf(deps: Deps, who: Actor, action: string, target: Target, input: object): AuditRow {
  return auditRow(who, action, target, input, () => deps.clock.now());
}

const market = (input: { market_id: number }): Target => ({ type: 'market', id: input.market_id });

/** A preview reads and decides nothing: its row is written alone, with the figures the operator saw. */
function previewing<I extends Draw, F>(action: string, read: (deps: Deps, input: I) => Promise<F>) {
  return async (deps: Deps, who: Actor, input: I) => {
    const figures = await read(deps, input);
    await rowOf(deps, who, action, market(input), input)(deps.db, { outcome: figures });
    return figures;
  };
}

/**
 * Under the two-person rule an action on a draw waits for a second operator (`waiting`); otherwise it is done at
 * once. The service is handed the action's row either way.
 */
function twoPerson<I extends Draw, W, D>(
  action: string,
  waiting: (deps: Deps, operator: Operator, input: I, row: AuditRow) => Promise<W>,
  atOnce: (deps: Deps, operator: Operator, input: I, row: AuditRow) => Promise<D>,
) {
  return async (deps: Deps, who: Actor & { operator: Operator }, input: I) => {
    const row = rowOf(deps, who, action, market(input), input);
    return (await ownerSetting(deps.db, 'results_two_person'))
      ? waiting(deps, who.operator, input, row)
      : atOnce(deps, who.operator, input, row);
  };
}

/**
 * A second operator's decision on what waits for one (a declaration, a revert proposal): the service is handed
 * the decision's row, audited on what it decides.
 */
function decision<I extends object, R>(
  action: string,
  target: (input: I) => Target,
  decide: (deps: Deps, operator: Operator, input: I, row: AuditRow) => Promise<R>,
) {
  return (deps: Deps, who: Actor & { operator: Operator }, input: I) =>
    decide(deps, who.operator, input, rowOf(deps, who, action, target(input), input));
}

export const preview = previewing('result_preview', previewResult);

/** A declaration: it waits as a declaration (declarations.ts), or is declared and settled at once. */
export const declare = twoPerson(
  'result_declare',
  requestDeclaration,
  async (deps, operator, input: Draw & { value: string }, row) => ({
    state: 'declared' as const,
    ...(await declareResult(deps, operator.id, input, row)),
  }),
);

export const approve = decision('result_approve', declaration, approveDeclaration);
export const reject = decision('result_reject', declaration, rejectDeclaration);

/** Like a preview, it moves nothing. */
export const previewRevert = previewing('result_revert_preview', revertPreview);

/** A revert: it waits as a proposal (revert-proposals.ts), as a declaration does, or is reverted at once. */
export const revert = twoPerson(
  'result_revert',
  async (deps, operator, input: Draw & { reason: string }, row) => ({
    state: 'pending_approval' as const,
    proposal: await proposeRevert(deps, operator, input, row),
  }),
  (deps, operator, input, row) => revertResult(deps, operator.id, input, row),
);

export const approveProposal = decision('result_revert_approve', proposal, approveRevert);
export const rejectProposal = decision('result_revert_reject', proposal, rejectRevert);

/**
 * Under the two-person rule every declaration waits for a second operator; an import declares at once, so
 * only an owner, who may turn the rule off anyway, may import then (decision 032).
 */
export async function mayImport(deps: Deps, operator: Operator): Promise<void> {
  if (operator.role !== 'owner' && (await ownerSetting(deps.db, 'results_two_person')))
    throw new AppError('IMPORT_TWO_PERSON', importCsvMessages.twoPerson);
}

/** An import: the row keeps the counts and the refused lines, not the whole text. */
export async function importResults(
  deps: Deps,
  who: Actor & { operator: Operator },
  input: { market_id: number; csv: string },
): Promise<ImportResponse> {
  await mayImport(deps, who.operator);
  const answer = await importCsv(deps, input, { operatorId: who.operator.id });
  const outcome = {
    counts: answer.counts,
    refused: answer.lines.filter((l) => l.state === 'refused').map((l) => `${l.line}: ${l.msg}`),
  };
  // Each line was declared in its own transaction (as results of no operator); the row says what they did.
  await rowOf(deps, who, 'results_import', market(input), { market_id: input.market_id })(deps.db, {
    outcome,
  });
  return answer;
}

function declaration(input: { declaration_id: number }): Target {
  return { type: 'result_declaration', id: input.declaration_id };
}
function proposal(input: { proposal_id: number }): Target {
  return { type: 'result_revert_proposal', id: input.proposal_id };
}
