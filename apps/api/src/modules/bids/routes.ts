import { bidHistoryRequest, submitBidRequest, winHistoryRequest } from '@gama/core/contract/bids';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import type { FastifyInstance } from 'fastify';
import { JsonText, legacyRoute } from '../../http/legacy.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { legacyRates } from '../markets/list.ts';
import { bidHistory, historyRange, winHistory } from './history.ts';
import { placeBids } from './place.ts';

/** The legacy paths of each group; one implementation behind them all. */
const paths: Record<
  MarketGroup,
  { list?: string; rates: string; submit: string; bids: string; wins: string; chartKey?: string }
> = {
  main: {
    // The home list also comes inside /api-user-wallet-balance (spec 01); this public twin is what pollers use.
    list: '/api-main-game',
    chartKey: 'web_chart_url',
    rates: '/api-game-rates',
    submit: '/api-submit-bid',
    bids: '/api-bid-history-data',
    wins: '/api-wining-history-data',
  },
  starline: {
    list: '/api-starline-game',
    rates: '/api-starline-game-rates',
    submit: '/api-starline-submit-bid',
    bids: '/api-starline-bid-history-data',
    wins: '/api-starline-wining-history-data',
    chartKey: 'web_starline_chart_url',
  },
  gali: {
    list: '/api-galidisawar-game',
    rates: '/api-galidisawar-game-rates',
    submit: '/api-galidisawar-submit-bid',
    bids: '/api-galidisawar-bid-history-data',
    wins: '/api-galidisawar-wining-history-data',
    chartKey: 'web_galidessar_chart_url',
  },
};

export function bidRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock, config, markets } = deps;
  const zone = config.MARKET_TIME_ZONE;
  const zoneJson = JSON.stringify(zone);

  for (const group of ['main', 'starline', 'gali'] as const) {
    const p = paths[group];
    const list = p.list;
    if (list !== undefined && p.chartKey !== undefined) {
      // Every poller gets the same list: its JSON is serialized once per cache rebuild and spliced in here.
      const middle = `,${JSON.stringify(p.chartKey)}:${JSON.stringify(`/charts?group=${group}`)},"server_time":`;
      legacyRoute(app, list, { auth: 'public' }, async ({ request, reply }) => {
        const { json, etag } = await markets.tagged(group);
        // Pollers that send back the tag get a 304 while nothing changed.
        void reply.header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return new JsonText(
          `{"status":true,"result":${json}${middle}${JSON.stringify(clock.now().toISOString())},"time_zone":${zoneJson}}`,
        );
      });
    }

    legacyRoute(app, p.rates, { auth: 'public' }, async () => ({
      status: true,
      game_rates: [legacyRates(await markets.rates(group))],
    }));

    legacyRoute(app, p.submit, { auth: 'betting', schema: submitBidRequest }, async (ctx) => {
      const raw = ctx.request.body as Record<string, unknown>;
      return placeBids(deps, ctx.player.id, group, ctx.body, idempotencyKeyFrom(ctx.request, raw));
    });

    // Histories always belong to the session's player; ids or phones in the body select nothing.
    legacyRoute(app, p.bids, { auth: 'betting', schema: bidHistoryRequest }, async ({ body, player }) => ({
      status: true,
      bid_data: await bidHistory(
        db,
        player.id,
        group,
        historyRange(body.bid_from, body.bid_to, clock.now(), zone),
      ),
    }));

    legacyRoute(app, p.wins, { auth: 'betting', schema: winHistoryRequest }, async ({ body, player }) => ({
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
