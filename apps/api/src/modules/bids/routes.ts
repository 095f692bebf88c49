import { bidEndpointsOf } from '@gama/core/endpoints';
import { bidMessages } from '@gama/core/rules/messages';
import { scheduleMessages } from '@gama/core/rules/schedule-edit';
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
      bid_data: await bidHistory(
        deps.reads.forPlayer(player.id),
        player.id,
        group,
        historyRange(body.bid_from, body.bid_to, clock.now(), zone),
      ),
    }));

    route(app, entries.wins, async ({ body, player }) => ({
      status: true,
      win_data: await winHistory(
        deps.reads.forPlayer(player.id),
        player.id,
        group,
        historyRange(body.date_from, body.date_to, clock.now(), zone),
      ),
    }));
  }
}

/** The reason label of a refused submission, from the error placeBids threw (its message is the spec's text). */
export function refusalOf(error: unknown): BidRefusal {
  if (!(error instanceof AppError)) return 'other';
  if (error.code === 'NOT_FOUND') return 'market';
  if (error.code !== 'VALIDATION') return 'other';
  const msg = error.message;
  if (msg === bidMessages.insufficientAmount) return 'balance';
  if (msg === bidMessages.backDate) return 'date';
  if (msg === scheduleMessages.scheduleChanged) return 'schedule';
  if (
    msg === bidMessages.bettingClosed ||
    msg === bidMessages.openSessionClosed ||
    msg === bidMessages.closeSessionClosed
  )
    return 'closed';
  if (msg.startsWith('Limit reached for ')) return 'limit';
  if (msg.startsWith('Over your ')) return 'play_limit';
  return 'invalid';
}
