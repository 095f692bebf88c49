import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { clearWithdrawalHold, listFlags, playerSignals, reviewFlag } from './review.ts';

/** The risk queue, a flag's review, a player's links, and clearing a withdrawal's hold. */
export function signalRoutes(app: FastifyInstance): void {
  const deps = app.deps;

  route(app, endpoints.adminRiskFlags, async ({ query }) => ({
    status: true as const,
    ...(await listFlags(deps.db, query)),
  }));

  route(app, endpoints.adminRiskFlagReview, async ({ params, body, operator, request }) => ({
    status: true as const,
    ...(await reviewFlag(deps, { operator, request }, params.id, body)),
  }));

  route(app, endpoints.adminPlayerSignals, async ({ params }) => ({
    status: true as const,
    ...(await playerSignals(deps.db, params.id, deps.clock.now())),
  }));

  route(app, endpoints.adminWithdrawalClearHold, async ({ params, body, operator, request }) => ({
    status: true as const,
    ...(await clearWithdrawalHold(deps, { operator, request }, params.id, body.note)),
  }));
}
