import { endpoints, marketEndpointsOf } from '@gama/core/endpoints';
import { addOffDate, applyTimetable, removeOffDate, setMarketDates } from '@gama/core/rules/schedule-edit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isoNow } from '../../clock.ts';
import { JsonText, RawReply, route } from '../../http/route.ts';
import { legacyRates } from './list.ts';
import type { MarketChange } from './edit.ts';
import { addMarket, changeMarket, loadMarket, marketView } from './edit.ts';
import type { MarketWithRev } from './repository.ts';
import { MARKET_COLUMNS } from './repository.ts';

/** The legacy field each group's list names its chart link in. */
const chartKeys = {
  main: 'web_chart_url',
  starline: 'web_starline_chart_url',
  gali: 'web_galidessar_chart_url',
};

export function marketRoutes(app: FastifyInstance): void {
  const { db, clock, config, markets } = app.deps;
  const zoneJson = JSON.stringify(config.MARKET_TIME_ZONE);

  for (const group of ['main', 'starline', 'gali'] as const) {
    const entries = marketEndpointsOf[group];
    // Every poller gets the same list: its JSON is serialized once per cache rebuild and spliced in here.
    // The home list also comes inside /api-user-wallet-balance (spec 01); this public twin is what pollers use.
    const middle = `,${JSON.stringify(chartKeys[group])}:${JSON.stringify(`/charts?group=${group}`)},"server_time":`;
    route(app, entries.list, async ({ request, reply }) => {
      const { json, etag } = markets.peek(group) ?? (await markets.tagged(group));
      // Pollers that send back the tag get a 304 while nothing changed.
      void reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return new RawReply(reply.code(304).send());
      return new JsonText(
        `{"status":true,"result":${json}${middle}${JSON.stringify(isoNow(clock))},"time_zone":${zoneJson}}`,
      );
    });

    route(app, entries.rates, async () => ({
      status: true,
      game_rates: [legacyRates(await markets.rates(group))],
    }));
  }

  route(app, endpoints.createMarket, async ({ body, operator, request }) => ({
    status: true,
    market_id: await addMarket(app.deps, { operator, request }, body),
  }));

  route(app, endpoints.listMarkets, async () => {
    const { rows } = await db.query<MarketWithRev>(
      `SELECT ${MARKET_COLUMNS} FROM markets ORDER BY grp, sort, id`,
    );
    return { status: true, markets: rows };
  });

  route(app, endpoints.getMarket, async ({ params }) =>
    marketView(db, await loadMarket(db, params.id), clock.now()),
  );

  const edit = (
    id: number,
    scheduleRev: number | undefined,
    action: string,
    operatorId: number,
    request: FastifyRequest,
    change: (market: MarketWithRev, today: string) => MarketChange,
  ) => changeMarket(app.deps, { id, scheduleRev, action, operatorId, request, change });

  route(app, endpoints.updateMarket, async ({ params, body, operator, request }) =>
    edit(params.id, body.schedule_rev, 'market_update', operator.id, request, (market) => ({
      name: body.name,
      sort: body.sort,
      active: body.active,
      ...(body.first_date !== undefined || body.last_date !== undefined
        ? { schedule: setMarketDates(market.schedule, { first: body.first_date, last: body.last_date }) }
        : {}),
    })),
  );

  route(app, endpoints.setTimetable, async ({ params, body, operator, request }) =>
    edit(params.id, body.schedule_rev, 'market_timetable', operator.id, request, (market) => ({
      schedule: applyTimetable(market.grp, market.schedule, body),
    })),
  );

  route(app, endpoints.addOffDate, async ({ params, body, operator, request }) =>
    edit(params.id, body.schedule_rev, 'market_off_date_add', operator.id, request, (market, today) => ({
      schedule: addOffDate(market.schedule, body.date, body.note, today),
    })),
  );

  // Giving a day its draws back cannot move a draw that has bids (an off day takes none), so no revision is asked.
  route(app, endpoints.removeOffDate, async ({ params, operator, request }) =>
    edit(params.id, undefined, 'market_off_date_remove', operator.id, request, (market) => ({
      schedule: removeOffDate(market.schedule, params.date),
    })),
  );
}
