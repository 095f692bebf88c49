import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { checkRecipient, transferPoints } from './service.ts';

export function transferRoutes(app: FastifyInstance): void {
  const deps = app.deps;

  route(app, endpoints.checkRecipient, async ({ body, player }) => ({
    status: true,
    user_name: await checkRecipient(deps, player, body.mobile_no),
  }));

  route(app, endpoints.transfer, async ({ body, raw, request, player }) =>
    transferPoints(
      deps,
      player,
      { mobile: body.mobile_no, points: body.amount },
      idempotencyKeyFrom(request, raw),
      body,
    ),
  );
}
