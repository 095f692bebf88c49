/** Game rates for the console: read with their history; a change is a new version, audited before and after. */
import { endpoints } from '@gama/core/endpoints';
import { rateFieldsOf } from '@gama/core/endpoints/rates/index';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { rateHistory, updateRates } from './service.ts';

export function rateRoutes(app: FastifyInstance): void {
  const { db, markets } = app.deps;

  route(app, endpoints.ratesRead, async ({ query }) => {
    const { current, history, total } = await rateHistory(db, query.group, query.limit);
    return {
      status: true,
      group: query.group,
      fields: rateFieldsOf(query.group),
      current: { version: current.version, rates: { ...current.rates } },
      history,
      total_versions: total,
    };
  });

  route(app, endpoints.ratesUpdate, async ({ body, operator, request }) => {
    const change = await updateRates(app.deps, { operator, request }, body);
    // The player app's rate screens read through the market cache: the new rates show on its next call.
    markets.invalidate();
    return { status: true, group: body.group, version: change.version };
  });
}
