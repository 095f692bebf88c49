/**
 * The operator actions on results, each audited by the service that performs it (decision 045): a preview, a
 * declaration or its approval, a revert or its approval, an import. A result's action is several transactions
 * (the revision is written, then settled in chunks that resume after a crash; a revert reverses revision after
 * revision), so its row is written once the action has done its work, with what it did; a refusal is written by
 * `auditRefusals` (audit/refusals.ts) from the route, the one place every refusal passes.
 */
import type { ImportResponse } from '@gama/core/endpoints/results/index';
import { importCsvMessages } from '@gama/core/endpoints/results/index';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../audit/writer.ts';
import { audit } from '../audit/writer.ts';
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

/** Writes the action's row with its input and what it did, and answers what it did. */
async function done<T>(
  deps: Deps,
  who: Actor,
  action: string,
  target: Target,
  input: object,
  outcome: T,
  kept: unknown = outcome,
): Promise<T> {
  await audit(deps.db, {
    operatorId: who.operator.id,
    action,
    targetType: target.type,
    targetId: target.id,
    detail: { ...input, outcome: kept },
    request: who.request,
    at: deps.clock.now(),
  });
  return outcome;
}

const market = (input: { market_id: number }): Target => ({ type: 'market', id: input.market_id });

export async function preview(deps: Deps, who: Actor, input: Draw & { value: string }) {
  return done(deps, who, 'result_preview', market(input), input, await previewResult(deps, input));
}

/** A declaration: under the two-person rule it waits for a second operator, otherwise it is declared at once. */
export async function declare(
  deps: Deps,
  who: Actor & { operator: Operator },
  input: Draw & { value: string },
) {
  const outcome = (await ownerSetting(deps.db, 'results_two_person'))
    ? await requestDeclaration(deps, who.operator, input)
    : { state: 'declared' as const, ...(await declareResult(deps, who.operator.id, input)) };
  return done(deps, who, 'result_declare', market(input), input, outcome);
}

export async function approve(
  deps: Deps,
  who: Actor & { operator: Operator },
  input: { declaration_id: number },
) {
  const outcome = await approveDeclaration(deps, who.operator, input.declaration_id);
  return done(deps, who, 'result_approve', declaration(input), input, outcome);
}

export async function reject(
  deps: Deps,
  who: Actor & { operator: Operator },
  input: { declaration_id: number; reason: string },
) {
  const outcome = await rejectDeclaration(deps, who.operator, input);
  return done(deps, who, 'result_reject', declaration(input), input, outcome);
}

export async function previewRevert(deps: Deps, who: Actor, input: Draw) {
  return done(deps, who, 'result_revert_preview', market(input), input, await revertPreview(deps, input));
}

/** A revert: under the two-person rule it is a proposal, as a declaration is (revert-proposals.ts). */
export async function revert(
  deps: Deps,
  who: Actor & { operator: Operator },
  input: Draw & { reason: string },
) {
  const outcome = (await ownerSetting(deps.db, 'results_two_person'))
    ? { state: 'pending_approval' as const, proposal: await proposeRevert(deps, who.operator, input) }
    : await revertResult(deps, who.operator.id, input);
  return done(deps, who, 'result_revert', market(input), input, outcome);
}

export async function approveProposal(
  deps: Deps,
  who: Actor & { operator: Operator },
  input: { proposal_id: number },
) {
  const outcome = await approveRevert(deps, who.operator, input.proposal_id);
  return done(deps, who, 'result_revert_approve', proposal(input), input, outcome);
}

export async function rejectProposal(
  deps: Deps,
  who: Actor & { operator: Operator },
  input: { proposal_id: number; reason: string },
) {
  const outcome = await rejectRevert(deps, who.operator, input);
  return done(deps, who, 'result_revert_reject', proposal(input), input, outcome);
}

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
  const kept = {
    counts: answer.counts,
    refused: answer.lines.filter((l) => l.state === 'refused').map((l) => `${l.line}: ${l.msg}`),
  };
  return done(deps, who, 'results_import', market(input), { market_id: input.market_id }, answer, kept);
}

function declaration(input: { declaration_id: number }): Target {
  return { type: 'result_declaration', id: input.declaration_id };
}
function proposal(input: { proposal_id: number }): Target {
  return { type: 'result_revert_proposal', id: input.proposal_id };
}
