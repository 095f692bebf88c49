import type { FastifyInstance } from 'fastify';
import { chartRequest, declareBody, exposureQuery, resultsQuery, revertBody } from './schemas.ts';
import { AppError } from '../../http/errors.ts';
import { legacyRoute } from '../../http/legacy.ts';
import { audit } from '../audit/writer.ts';
import { operatorFromRequest } from '../operators/sessions.ts';
import type { Permission } from '@gama/core/operators/permissions';
import { can, forbiddenMessage } from '@gama/core/operators/permissions';
import { marketById, marketsOf } from '../markets/repository.ts';
import { chartDays, resultSource } from './display.ts';
import { declareResult, exposure, previewResult, resultHistory, revertResult } from './service.ts';

export function resultRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock } = deps;
  deps.markets.setResultSource(resultSource);

  // Every call is audited, refused ones included: a failed declare is worth knowing about.
  function operatorRoute(
    path: string,
    action: string,
    permission: Permission,
    run: (operatorId: number, body: unknown) => Promise<object>,
  ) {
    app.post(path, async (request) => {
      const op = await operatorFromRequest(db, clock, request);
      if (!can(op.role, permission)) throw new AppError('FORBIDDEN', forbiddenMessage(permission));
      const detail = (request.body ?? {}) as Record<string, unknown>;
      try {
        const result = await run(op.id, request.body);
        await audit(db, {
          operatorId: op.id,
          action,
          targetType: 'market',
          targetId: String(detail.market_id),
          detail: { ...detail, outcome: result },
          request,
          at: clock.now(),
        });
        return { status: true, ...result };
      } catch (error) {
        const msg = error instanceof Error ? error.message : 'failed';
        await audit(db, {
          operatorId: op.id,
          action: `${action}_refused`,
          targetType: 'market',
          targetId: String(detail.market_id),
          detail: { ...detail, msg },
          request,
          at: clock.now(),
        });
        throw error;
      }
    });
  }

  operatorRoute('/admin-api/results/declare', 'result_declare', 'results.declare', (id, body) =>
    declareResult(deps, id, declareBody.parse(body)),
  );
  operatorRoute('/admin-api/results/revert', 'result_revert', 'results.revert', (id, body) =>
    revertResult(deps, id, revertBody.parse(body)),
  );
  operatorRoute('/admin-api/results/preview', 'result_preview', 'results.declare', async (_id, body) =>
    previewResult(deps, declareBody.parse(body)),
  );

  app.get('/admin-api/results', async (request) => {
    const op = await operatorFromRequest(db, clock, request);
    if (!can(op.role, 'results.read')) throw new AppError('FORBIDDEN', forbiddenMessage('results.read'));
    const q = resultsQuery.parse(request.query);
    return { status: true, results: await resultHistory(db, q.market_id, q.date) };
  });

  app.get('/admin-api/results/exposure', async (request) => {
    const op = await operatorFromRequest(db, clock, request);
    if (!can(op.role, 'results.read')) throw new AppError('FORBIDDEN', forbiddenMessage('results.read'));
    const q = exposureQuery.parse(request.query);
    return { status: true, exposure: await exposure(deps, q) };
  });

  // Charts are public: players whose betting is off may read them too (spec 01 section 1).
  legacyRoute(app, '/api-market-chart', { auth: 'public', schema: chartRequest }, async ({ body }) => {
    if (body.game_id !== undefined) {
      const market = await marketById(db, body.game_id);
      if (!market) throw new AppError('NOT_FOUND', 'Market not found');
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
            days: await chartDays(db, market.id, body.weeks),
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
