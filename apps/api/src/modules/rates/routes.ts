/** Game rates for the console: read with their history; a change is a new version, audited before and after. */
import { endpoints } from '@gama/core/endpoints';
import { rateFieldsOf } from '@gama/core/endpoints/rates/index';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { audit } from '../audit/writer.ts';
import { changeRates, rateHistory } from './service.ts';

export function rateRoutes(app: FastifyInstance): void {
  const { db, clock, markets } = app.deps;

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
    const change = await db.transaction(async (tx) => {
      const now = clock.now();
      const result = await changeRates(tx, {
        group: body.group,
        rates: body.rates,
        ...(body.base_version !== undefined ? { baseVersion: body.base_version } : {}),
        operatorId: operator.id,
        now,
      });
      await audit(tx, {
        operatorId: operator.id,
        action: 'rates_update',
        targetType: 'rates',
        targetId: body.group,
        before: result.before,
        after: result.after,
        detail: { version: result.version.version, changed: result.version.changed },
        request,
        at: now,
      });
      return result;
    });
    // The player app's rate screens read through the market cache: the new rates show on its next call.
    markets.invalidate();
    return { status: true, group: body.group, version: change.version };
  });
}
