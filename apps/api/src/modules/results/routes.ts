import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../audit/writer.ts';
import type { Operator } from '../operators/sessions.ts';
import { endpoints } from '@gama/core/endpoints';
import { resultMessages } from '@gama/core/endpoints/results/index';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { csvExport } from '../exports/csv-export.ts';
import { auditRefusals } from '../audit/refusals.ts';
import { marketById, marketsOf } from '../markets/repository.ts';
import { resultsBoard } from './board.ts';
import * as actions from './actions.ts';
import { listDeclarations } from './declarations.ts';
import { chartDays, resultSource } from './display.ts';
import { listRevertProposals } from './revert-proposals.ts';
import { exposure } from './exposure.ts';
import { resultHistory } from './service.ts';
import { formatPaise } from '@gama/core/rules/money';
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
  const { db } = deps;
  deps.markets.setResultSource(resultSource);

  /** Each action's refusals are audited under the operator who tried it (audit/refusals.ts). */
  const refusals = (action: string, targetType: string, targetField: string, keep?: readonly string[]) => ({
    onRefusal: auditRefusals(deps, { action, targetType, targetField, ...(keep ? { keep } : {}) }),
  });
  const onMarket = (action: string, keep?: readonly string[]) =>
    refusals(action, 'market', 'market_id', keep);
  const onDeclaration = (action: string) => refusals(action, 'result_declaration', 'declaration_id');
  const onProposal = (action: string) => refusals(action, 'result_revert_proposal', 'proposal_id');

  /** The handler of an operator's action (actions.ts): the service's outcome after `status`. */
  const acting =
    <B, A extends object>(
      perform: (deps: Deps, who: Actor & { operator: Operator }, body: B) => Promise<A>,
    ) =>
    async ({ operator, request, body }: { operator: Operator; request: FastifyRequest; body: B }) => ({
      status: true as const,
      ...(await perform(deps, { operator, request }, body)),
    });

  route(app, endpoints.resultsBoard, async ({ query }) => resultsBoard(deps, query));

  route(app, endpoints.resultsPreview, acting(actions.preview), onMarket('result_preview'));

  route(app, endpoints.resultsDeclare, acting(actions.declare), onMarket('result_declare'));

  route(app, endpoints.resultsApprove, acting(actions.approve), onDeclaration('result_approve'));

  route(app, endpoints.resultsReject, acting(actions.reject), onDeclaration('result_reject'));

  route(app, endpoints.resultsDeclarations, async ({ query }) => ({
    status: true as const,
    ...(await listDeclarations(db, query)),
  }));

  route(
    app,
    endpoints.resultsRevertPreview,
    async ({ operator, request, body }) => actions.previewRevert(deps, { operator, request }, body),
    onMarket('result_revert_preview'),
  );

  route(app, endpoints.resultsRevert, acting(actions.revert), onMarket('result_revert'));

  route(app, endpoints.resultsRevertProposals, async ({ query }) => ({
    status: true as const,
    proposals: await listRevertProposals(db, query.state),
  }));

  route(
    app,
    endpoints.resultsRevertApprove,
    acting(actions.approveProposal),
    onProposal('result_revert_approve'),
  );

  route(
    app,
    endpoints.resultsRevertReject,
    async ({ operator, request, body }) => ({
      status: true as const,
      proposal: await actions.rejectProposal(deps, { operator, request }, body),
    }),
    onProposal('result_revert_reject'),
  );

  route(app, endpoints.resultsImportPreview, async ({ operator, body }) => {
    await actions.mayImport(deps, operator);
    return importCsv(deps, body, null);
  });

  route(
    app,
    endpoints.resultsImport,
    async ({ operator, request, body }) => actions.importResults(deps, { operator, request }, body),
    // An import's CSV can be 200 KB: its refusal is kept without it.
    onMarket('results_import', ['market_id']),
  );

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
        // A spreadsheet reads points as the exports always wrote them ("142.50"), not paise.
        stakes: formatPaise(e.stakes_paise),
        'payout if it comes': formatPaise(e.payout_paise),
        outcome: e.outcome,
        cap: e.cap_paise === null ? '' : formatPaise(e.cap_paise),
        'owed against the cap': e.cap_used_paise === null ? '' : formatPaise(e.cap_used_paise),
      })),
    );
  });

  // Charts are public: players whose betting is off may read them too (spec 01 section 1).
  route(app, endpoints.marketChart, async ({ body }) => {
    const clock = { server_time: deps.clock.now().toISOString(), time_zone: deps.config.MARKET_TIME_ZONE };
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
        ...clock,
      };
    }
    const markets = await marketsOf(db, body.group);
    return {
      status: true,
      markets: markets.map((m) => ({ game_id: m.id, game_name: m.name, group: m.grp })),
      ...clock,
    };
  });
}
