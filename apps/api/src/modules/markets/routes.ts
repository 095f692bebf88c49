import { endpoints, marketEndpointsOf } from '@gama/core/endpoints';
import type { Weekday } from '@gama/core/rules/dates';
import { weeklySchedule } from '@gama/core/rules/schedule';
import {
  addOffDate,
  applyTimetable,
  removeOffDate,
  scheduleMessages,
  setMarketDates,
} from '@gama/core/rules/schedule-edit';
import { parseClockTime } from '@gama/core/rules/time';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isoNow } from '../../clock.ts';
import { pgCode } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { JsonText, RawReply, route } from '../../http/route.ts';
import { audit } from '../audit/writer.ts';
import { legacyRates } from './list.ts';
import type { MarketChange } from './edit.ts';
import { changeMarket, loadMarket, marketView } from './edit.ts';
import type { MarketWithRev } from './repository.ts';
import { createMarket, MARKET_COLUMNS } from './repository.ts';

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

  route(app, endpoints.createMarket, async ({ body, operator, request }) => {
    // The body's times passed the schema's 12-hour pattern, so they parse.
    const minutes = (text: string) => parseClockTime(text) ?? 0;
    const weekly = weeklySchedule({
      timeZone: config.MARKET_TIME_ZONE,
      openMinutes: minutes(body.open_time),
      closeMinutes: minutes(body.close_time ?? body.open_time),
      daysOff: body.days_off as Weekday[],
    });
    const schedule = body.first_date === undefined ? weekly : { ...weekly, firstDate: body.first_date };
    let id: number;
    try {
      // The market and its audit row commit together (decision 045).
      id = await db.transaction(async (tx) => {
        const made = await createMarket(tx, {
          group: body.group,
          name: body.name,
          schedule,
          active: body.active,
          now: clock.now(),
        });
        await audit(tx, {
          operatorId: operator.id,
          action: 'market_create',
          targetType: 'market',
          targetId: made,
          detail: body,
          request,
          at: clock.now(),
        });
        return made;
      });
    } catch (error) {
      if (pgCode(error) === '23505') throw new AppError('MARKET_NAME_TAKEN', scheduleMessages.nameTaken);
      throw error;
    }
    markets.invalidate();
    return { status: true, market_id: id };
  });

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
