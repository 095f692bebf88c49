import { bidEndpointsOf } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { BidRefusal } from '../../lib/metrics.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { bidHistory, historyRange, winHistory } from './history.ts';
import { placeBids } from './place.ts';

/** Submission and histories of the three groups: one implementation behind each group's legacy paths. */
export function bidRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { clock, config } = deps;
  const zone = config.MARKET_TIME_ZONE;
  // A history's reader and its days, the same for both histories of every group.
  const reads = (playerId: number) => deps.reads.forPlayer(playerId);
  const range = (from: string | undefined, to: string | undefined) =>
    historyRange(from, to, clock.now(), zone);

  for (const group of ['main', 'starline', 'gali'] as const) {
    const entries = bidEndpointsOf[group];

    route(app, entries.submit, async ({ body, raw, request, player }) => {
      try {
        const answer = await placeBids(deps, player.id, group, body, idempotencyKeyFrom(request, raw));
        deps.metrics.bidsPlaced(group, answer.bid_count, answer.refused?.length ?? 0);
        return answer;
      } catch (error) {
        deps.metrics.bidRefused(group, refusalOf(error));
        throw error;
      }
    });

    // Histories always belong to the session's player; ids or phones in the body select nothing. They may come
    // from a replica, unless the player has written since it last caught up (db/reads.ts).
    route(app, entries.bids, async ({ body, player }) => ({
      status: true,
      bid_data: await bidHistory(reads(player.id), player.id, group, range(body.bid_from, body.bid_to)),
    }));
    route(app, entries.wins, async ({ body, player }) => ({
      status: true,
      win_data: await winHistory(reads(player.id), player.id, group, range(body.date_from, body.date_to)),
    }));
  }
}

/** The reason label of a refused submission, from the code of the error placeBids threw. */
export function refusalOf(error: unknown): BidRefusal {
  if (!(error instanceof AppError)) return 'other';
  switch (error.code) {
    case 'BID_MARKET_NOT_FOUND':
      return 'market';
    case 'BID_INSUFFICIENT_BALANCE':
      return 'balance';
    case 'BID_BACK_DATE':
      return 'date';
    case 'BID_SCHEDULE_CHANGED':
      return 'schedule';
    case 'BID_CLOSED':
    case 'BID_CUT_OFF':
      return 'closed';
    case 'BID_LIMIT_REACHED':
      return 'limit';
    case 'BID_PLAY_LIMIT':
      return 'play_limit';
    case 'BID_UNKNOWN_GAME':
    case 'BID_INVALID_ROW':
    case 'BID_TOTAL_MISMATCH':
    case 'VALIDATION':
      return 'invalid';
    default:
      return 'other';
  }
}
