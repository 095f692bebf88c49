import { bidEndpointsOf } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { bidHistory, historyRange, winHistory } from './history.ts';
import { placeBids } from './place.ts';

/** Submission and histories of the three groups: one implementation behind each group's legacy paths. */
export function bidRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock, config } = deps;
  const zone = config.MARKET_TIME_ZONE;

  for (const group of ['main', 'starline', 'gali'] as const) {
    const entries = bidEndpointsOf[group];

    route(app, entries.submit, async ({ body, raw, request, player }) =>
      placeBids(deps, player.id, group, body, idempotencyKeyFrom(request, raw)),
    );

    // Histories always belong to the session's player; ids or phones in the body select nothing.
    route(app, entries.bids, async ({ body, player }) => ({
      status: true,
      bid_data: await bidHistory(
        db,
        player.id,
        group,
        historyRange(body.bid_from, body.bid_to, clock.now(), zone),
      ),
    }));

    route(app, entries.wins, async ({ body, player }) => ({
      status: true,
      win_data: await winHistory(
        db,
        player.id,
        group,
        historyRange(body.date_from, body.date_to, clock.now(), zone),
      ),
    }));
  }
}
