import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@gama/core/endpoints';
import { resultMessages } from '@gama/core/endpoints/results/index';
import { ZodError } from 'zod';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { csvExport } from '../exports/csv-export.ts';
import { audit } from '../audit/writer.ts';
import type { Operator } from '../operators/sessions.ts';
import { operatorFromRequest } from '../operators/sessions.ts';
import { marketById, marketsOf } from '../markets/repository.ts';
import { resultsBoard } from './board.ts';
import {
  approveDeclaration,
  listDeclarations,
  rejectDeclaration,
  requestDeclaration,
} from './declarations.ts';
import { chartDays, resultSource } from './display.ts';
import { approveRevert, listRevertProposals, proposeRevert, rejectRevert } from './revert-proposals.ts';
import { exposure } from './exposure.ts';
import { declareResult, previewResult, resultHistory, revertPreview, revertResult } from './service.ts';
import { ownerSetting } from '../settings/owner-settings.ts';
import type { ImportResponse } from '@gama/core/endpoints/results/index';
import { importCsvMessages } from '@gama/core/endpoints/results/index';
import { toCsv } from '../../lib/csv.ts';
import { exportRows, importCsv } from './import-csv.ts';

const EXPOSURE_COLUMNS = [
  'market',
  'date',
  'draw',
  'bet type',
  'session',
  'number',
  'bids',
  'stakes',
  'payout if it comes',
  'outcome',
  'cap',
  'owed against the cap',
] as const;

export function resultRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock } = deps;
  deps.markets.setResultSource(resultSource);

  const actions = new Map<
    string,
    { action: string; target: 'market' | 'result_declaration' | 'result_revert_proposal' }
  >([
    [endpoints.resultsPreview.path, { action: 'result_preview', target: 'market' }],
    [endpoints.resultsDeclare.path, { action: 'result_declare', target: 'market' }],
    [endpoints.resultsApprove.path, { action: 'result_approve', target: 'result_declaration' }],
    [endpoints.resultsReject.path, { action: 'result_reject', target: 'result_declaration' }],
    [endpoints.resultsRevertPreview.path, { action: 'result_revert_preview', target: 'market' }],
    [endpoints.resultsRevert.path, { action: 'result_revert', target: 'market' }],
    [endpoints.resultsImport.path, { action: 'results_import', target: 'market' }],
    [
      endpoints.resultsRevertApprove.path,
      { action: 'result_revert_approve', target: 'result_revert_proposal' },
    ],
    [
      endpoints.resultsRevertReject.path,
      { action: 'result_revert_reject', target: 'result_revert_proposal' },
    ],
  ]);
  /** Requests whose handler ran and audited them; the others were refused before it (permission, schema). */
  const handled = new WeakSet<FastifyRequest>();

  // Refusals before the handler (no permission, a malformed body) are audited too, for a signed-in operator.
  app.addHook('onError', async (request, _reply, error) => {
    const known = request.method === 'POST' ? actions.get(request.routeOptions.url ?? '') : undefined;
    if (!known || handled.has(request)) return;
    const operator = await operatorFromRequest(db, clock, request).catch(() => null);
    if (!operator) return;
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    const msg = error instanceof ZodError ? (error.issues[0]?.message ?? 'Invalid request') : error.message;
    await audit(db, {
      operatorId: operator.id,
      action: `${known.action}_refused`,
      targetType: known.target,
      targetId: String(
        known.target === 'market'
          ? body.market_id
          : known.target === 'result_declaration'
            ? body.declaration_id
            : body.proposal_id,
      ),
      // An import's CSV can be 200 KB: the refusal is kept without it.
      detail: { ...body, csv: undefined, msg },
      request,
      at: clock.now(),
    });
  });

  /**
   * Runs an operator action and audits it, refused ones included: a failed declare or a refused approval is
   * worth knowing about. The target is the market, or the declaration for approvals and rejections.
   */
  async function audited<T extends object>(
    ctx: { operator: Operator; request: FastifyRequest; raw: Record<string, unknown> },
    action: string,
    target: { type: 'market' | 'result_declaration' | 'result_revert_proposal'; id: unknown },
    run: () => Promise<T>,
  ): Promise<T> {
    handled.add(ctx.request);
    const entry = {
      operatorId: ctx.operator.id,
      targetType: target.type,
      targetId: String(target.id),
      request: ctx.request,
    };
    try {
      const outcome = await run();
      await audit(db, { ...entry, action, detail: { ...ctx.raw, outcome }, at: clock.now() });
      return outcome;
    } catch (error) {
      const msg = error instanceof Error ? error.message : 'failed';
      await audit(db, {
        ...entry,
        action: `${action}_refused`,
        detail: { ...ctx.raw, msg },
        at: clock.now(),
      });
      throw error;
    }
  }
  const market = (ctx: { raw: Record<string, unknown> }) => ({
    type: 'market' as const,
    id: ctx.raw.market_id,
  });
  const revertProposal = (ctx: { raw: Record<string, unknown> }) => ({
    type: 'result_revert_proposal' as const,
    id: ctx.raw.proposal_id,
  });
  const declaration = (ctx: { raw: Record<string, unknown> }) => ({
    type: 'result_declaration' as const,
    id: ctx.raw.declaration_id,
  });

  route(app, endpoints.resultsBoard, async ({ query }) => resultsBoard(deps, query));

  route(app, endpoints.resultsPreview, async (ctx) => ({
    status: true as const,
    ...(await audited(ctx, 'result_preview', market(ctx), () => previewResult(deps, ctx.body))),
  }));

  route(app, endpoints.resultsDeclare, async (ctx) => {
    const outcome = await audited(ctx, 'result_declare', market(ctx), async () => {
      if (await ownerSetting(db, 'results_two_person'))
        return requestDeclaration(deps, ctx.operator, ctx.body);
      return { state: 'declared' as const, ...(await declareResult(deps, ctx.operator.id, ctx.body)) };
    });
    return { status: true as const, ...outcome };
  });

  route(app, endpoints.resultsApprove, async (ctx) => ({
    status: true as const,
    ...(await audited(ctx, 'result_approve', declaration(ctx), () =>
      approveDeclaration(deps, ctx.operator, ctx.body.declaration_id),
    )),
  }));

  route(app, endpoints.resultsReject, async (ctx) => ({
    status: true as const,
    ...(await audited(ctx, 'result_reject', declaration(ctx), () =>
      rejectDeclaration(deps, ctx.operator, ctx.body),
    )),
  }));

  route(app, endpoints.resultsDeclarations, async ({ query }) => ({
    status: true as const,
    ...(await listDeclarations(db, query)),
  }));

  route(app, endpoints.resultsRevertPreview, async (ctx) =>
    audited(ctx, 'result_revert_preview', market(ctx), () => revertPreview(deps, ctx.body)),
  );

  route(app, endpoints.resultsRevert, async (ctx) => {
    const outcome = await audited(ctx, 'result_revert', market(ctx), async () => {
      // Under the two-person rule a revert is a proposal, as a declaration is (revert-proposals.ts).
      if (await ownerSetting(db, 'results_two_person')) {
        return {
          state: 'pending_approval' as const,
          proposal: await proposeRevert(deps, ctx.operator, ctx.body),
        };
      }
      return revertResult(deps, ctx.operator.id, ctx.body);
    });
    return { status: true as const, ...outcome };
  });

  route(app, endpoints.resultsRevertProposals, async ({ query }) => ({
    status: true as const,
    proposals: await listRevertProposals(db, query.state),
  }));

  route(app, endpoints.resultsRevertApprove, async (ctx) => ({
    status: true as const,
    ...(await audited(ctx, 'result_revert_approve', revertProposal(ctx), () =>
      approveRevert(deps, ctx.operator, ctx.body.proposal_id),
    )),
  }));

  route(app, endpoints.resultsRevertReject, async (ctx) => ({
    status: true as const,
    proposal: await audited(ctx, 'result_revert_reject', revertProposal(ctx), () =>
      rejectRevert(deps, ctx.operator, ctx.body),
    ),
  }));

  /**
   * Under the two-person rule every declaration waits for a second operator; an import declares at once, so
   * only an owner, who may turn the rule off anyway, may import then (decision 032).
   */
  async function mayImport(operator: Operator): Promise<void> {
    if (operator.role !== 'owner' && (await ownerSetting(db, 'results_two_person')))
      throw new AppError('FORBIDDEN', importCsvMessages.twoPerson);
  }

  route(app, endpoints.resultsImportPreview, async ({ operator, body }) => {
    await mayImport(operator);
    return importCsv(deps, body, null);
  });

  route(app, endpoints.resultsImport, async (ctx) => {
    let answer: ImportResponse | undefined;
    // The audit row keeps the counts and the refused lines, not the whole text.
    await audited(
      { ...ctx, raw: { market_id: ctx.raw.market_id } },
      'results_import',
      market(ctx),
      async () => {
        await mayImport(ctx.operator);
        answer = await importCsv(deps, ctx.body, { operatorId: ctx.operator.id });
        return {
          counts: answer.counts,
          refused: answer.lines.filter((l) => l.state === 'refused').map((l) => `${l.line}: ${l.msg}`),
        };
      },
    );
    if (!answer) throw new Error('import answered nothing');
    return answer;
  });

  route(app, endpoints.resultsExport, async ({ query, operator, request }) => {
    const { columns, rows } = await exportRows(deps, query);
    if (query.format === 'json') return { status: true as const, csv: toCsv(columns, rows) };
    return csvExport(deps, { operator, request }, 'results', query, columns, rows);
  });

  route(app, endpoints.resultsHistory, async ({ query }) => ({
    status: true as const,
    results: await resultHistory(db, query.market_id, query.date),
  }));

  route(app, endpoints.resultsExposure, async ({ query, operator, request }) => {
    const answer = await exposure(deps, query);
    if (query.format === 'json') return answer;
    const { page: _page, page_size: _size, format: _format, ...filters } = query;
    return csvExport(
      deps,
      { operator, request },
      'exposure',
      filters,
      EXPOSURE_COLUMNS,
      answer.exposure.map((e) => ({
        market: answer.market_name,
        date: answer.date,
        draw: e.half,
        'bet type': e.bet_type,
        session: e.session,
        number: e.close_digits ? `${e.digits}-${e.close_digits}` : e.digits,
        bids: e.bids,
        stakes: e.stakes,
        'payout if it comes': e.payout,
        outcome: e.outcome,
        cap: e.cap ?? '',
        'owed against the cap': e.cap_used ?? '',
      })),
    );
  });

  // Charts are public: players whose betting is off may read them too (spec 01 section 1).
  route(app, endpoints.marketChart, async ({ body }) => {
    if (body.game_id !== undefined) {
      const market = await marketById(db, body.game_id);
      if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
      // Weekdays the market never draws, so a chart can leave them blank instead of showing them undeclared.
      const daysOff = Object.entries(market.schedule.days)
        .filter(([, day]) => !day.active)
        .map(([weekday]) => Number(weekday));
      return {
        status: true,
        markets: [
          {
            game_id: market.id,
            game_name: market.name,
            group: market.grp,
            days_off: daysOff,
            // A chart may lag by the replica's few milliseconds (READ_DATABASE_URL; db/reads.ts).
            days: await chartDays(deps.reads.shared, market.id, body.weeks),
          },
        ],
      };
    }
    const markets = await marketsOf(db, body.group);
    return {
      status: true,
      markets: markets.map((m) => ({ game_id: m.id, game_name: m.name, group: m.grp })),
    };
  });
}
