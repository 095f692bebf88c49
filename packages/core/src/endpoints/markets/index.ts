/** The market lists and game rates of the three groups (spec 01 section 3, spec 02 sections 1 and 9). */
import { z } from 'zod';
import { createMarketBody } from '../../contract/markets.ts';
import { endpoint } from '../define.ts';

/** One row of a market list (spec 01 section 3). */
export const marketRow = z.strictObject({
  game_id: z.number().int(),
  game_name: z.string(),
  open_time: z.string(),
  close_time: z.string(),
  open_result: z.string(),
  close_result: z.string(),
  /** 1 open for bids, 2 closed. */
  msg_status: z.union([z.literal(1), z.literal(2)]),
});

const ok = z.literal(true);

/** Every list answer: the rows, the server clock and the zone market times are in. */
const listShape = {
  status: ok,
  result: z.array(marketRow),
  /** ISO 8601: the app decides open/closed by this, never by the phone's clock. */
  server_time: z.string(),
  time_zone: z.string(),
};
/** Each group names its chart link in its own legacy field. */
export const mainListAnswer = z.strictObject({ ...listShape, web_chart_url: z.string() });
export const starlineListAnswer = z.strictObject({ ...listShape, web_starline_chart_url: z.string() });
export const galiListAnswer = z.strictObject({ ...listShape, web_galidessar_chart_url: z.string() });

/** `game_rates[0]`: `<field>_val_1` / `<field>_val_2` as strings, e.g. `single_digit_val_2: "95"`. */
export const ratesAnswer = z.strictObject({
  status: ok,
  game_rates: z.array(z.record(z.string(), z.string())),
});

const domain = 'markets';

const mainMarkets = endpoint({
  domain,
  method: 'POST',
  path: '/api-main-game',
  access: 'public',
  summary: 'The main market list (also inside the profile); ETag / If-None-Match answer 304 when unchanged',
  response: mainListAnswer,
  errors: [],
});
const starlineMarkets = endpoint({
  domain,
  method: 'POST',
  path: '/api-starline-game',
  access: 'public',
  summary: 'The Starline market list; ETag / If-None-Match answer 304 when unchanged',
  response: starlineListAnswer,
  errors: [],
});
const galiMarkets = endpoint({
  domain,
  method: 'POST',
  path: '/api-galidisawar-game',
  access: 'public',
  summary: 'The Gali Disawar market list; ETag / If-None-Match answer 304 when unchanged',
  response: galiListAnswer,
  errors: [],
});

const rates = (path: string, name: string) =>
  endpoint({
    domain,
    method: 'POST',
    path,
    access: 'public',
    summary: `${name} game rates: points paid per point staked, by bet type`,
    response: ratesAnswer,
    errors: [],
  });

/** The list and rates entries of each group, for code that serves or reads all three alike. */
export const marketEndpointsOf = {
  main: { list: mainMarkets, rates: rates('/api-game-rates', 'Main') },
  starline: { list: starlineMarkets, rates: rates('/api-starline-game-rates', 'Starline') },
  gali: { list: galiMarkets, rates: rates('/api-galidisawar-game-rates', 'Gali Disawar') },
} as const;

const weekday = z.enum(['0', '1', '2', '3', '4', '5', '6']);
/** A market's weekly timetable as stored (rules/schedule.ts `MarketSchedule`): minutes after midnight. */
export const marketSchedule = z.strictObject({
  timeZone: z.string(),
  openMinutes: z.number().int(),
  closeMinutes: z.number().int(),
  /** A weekday missing here is a day off. */
  days: z.partialRecord(
    weekday,
    z.strictObject({
      active: z.boolean(),
      openMinutes: z.number().int().optional(),
      closeMinutes: z.number().int().optional(),
    }),
  ),
});

export const operatorMarket = z.strictObject({
  id: z.number().int(),
  grp: z.enum(['main', 'starline', 'gali']),
  name: z.string(),
  schedule: marketSchedule,
  active: z.boolean(),
  sort: z.number().int(),
});

export const marketCreatedAnswer = z.strictObject({ status: ok, market_id: z.number().int() });
export const operatorMarketsAnswer = z.strictObject({ status: ok, markets: z.array(operatorMarket) });

const createMarket = endpoint({
  domain,
  method: 'POST',
  path: '/admin-api/markets',
  access: 'operator',
  permission: 'markets.manage',
  summary: 'Create a market with its daily times',
  body: createMarketBody,
  response: marketCreatedAnswer,
  errors: ['VALIDATION', 'CONFLICT'],
});
const listMarkets = endpoint({
  domain,
  method: 'GET',
  path: '/admin-api/markets',
  access: 'operator',
  permission: 'markets.read',
  summary: 'All markets of the three groups with their timetables',
  response: operatorMarketsAnswer,
  errors: [],
});

export const marketEndpoints = {
  createMarket,
  listMarkets,
  mainMarkets,
  starlineMarkets,
  galiMarkets,
  mainRates: marketEndpointsOf.main.rates,
  starlineRates: marketEndpointsOf.starline.rates,
  galiRates: marketEndpointsOf.gali.rates,
};

export type MainListResponse = z.output<typeof mainListAnswer>;
export type StarlineListResponse = z.output<typeof starlineListAnswer>;
export type GaliListResponse = z.output<typeof galiListAnswer>;
export type RatesResponse = z.output<typeof ratesAnswer>;
export type MarketRow = z.output<typeof marketRow>;
export type OperatorMarket = z.output<typeof operatorMarket>;
