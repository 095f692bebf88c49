/** The market lists and game rates of the three groups (spec 01 section 3, spec 02 sections 1 and 9). */
import { z } from 'zod';
import { createMarketBody } from '../../contract/markets.ts';
import { isIsoDate } from '../../rules/dates.ts';
import { OFF_DATE_NOTE_MAX, scheduleMessages } from '../../rules/schedule-edit.ts';
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
  polled: true,
  summary: 'The main market list (also inside the profile); ETag / If-None-Match answer 304 when unchanged',
  response: mainListAnswer,
  errors: [],
});
const starlineMarkets = endpoint({
  domain,
  method: 'POST',
  path: '/api-starline-game',
  access: 'public',
  polled: true,
  summary: 'The Starline market list; ETag / If-None-Match answer 304 when unchanged',
  response: starlineListAnswer,
  errors: [],
});
const galiMarkets = endpoint({
  domain,
  method: 'POST',
  path: '/api-galidisawar-game',
  access: 'public',
  polled: true,
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
  /** One-off days without a draw (holidays): date to the operator's note. */
  offDates: z.record(z.string(), z.string()).optional(),
  /** The first and last days the market draws on, when bounded. */
  firstDate: z.string().optional(),
  lastDate: z.string().optional(),
});

export const operatorMarket = z.strictObject({
  id: z.number().int(),
  grp: z.enum(['main', 'starline', 'gali']),
  name: z.string(),
  schedule: marketSchedule,
  active: z.boolean(),
  sort: z.number().int(),
  /** Counts every change of the schedule or the active flag; send it back with a change (409 when stale). */
  schedule_rev: z.number().int(),
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
  errors: ['VALIDATION', 'MARKET_NAME_TAKEN'],
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

const marketIdParams = z.object({
  id: z.coerce
    .number({ error: 'The market id must be a number' })
    .int({ error: 'The market id must be a whole number' })
    .positive({ error: 'The market id must be positive' }),
});
const scheduleRev = z
  .number({ error: 'schedule_rev must be a whole number' })
  .int({ error: 'schedule_rev must be a whole number' })
  .positive({ error: 'schedule_rev must be a whole number' });
const isoDate = z
  .string({ error: scheduleMessages.badDate })
  .refine(isIsoDate, { error: scheduleMessages.badDate });
/** 12-hour text as the player app shows times; blank or missing means the defaults (timetable days). */
const clockText = z
  .string()
  .regex(/^(0?[1-9]|1[0-2]):[0-5]\d ?(AM|PM|am|pm)$/, { error: 'times are like 03:45 PM' });

/** A day ahead as the market will draw on it (rules/schedule-edit.ts `DayAhead`), with what it already holds. */
export const marketDay = z.strictObject({
  date: z.string(),
  weekday: z.number().int(),
  no_draw: z.enum(['day_off', 'off_date', 'before_first_date', 'after_last_date', 'market_off']).nullable(),
  note: z.string().nullable(),
  draws: z
    .string()
    .describe('The draws in words: "open 10:00 AM, close 12:00 PM", "draw 01:00 PM", "no draw"'),
  /** Bids placed on this market day so far. */
  bids: z.number().int(),
  /** The day keeps its times: it has bids or a result and its draws are not all declared. */
  held: z.boolean(),
});

export const marketAnswer = z.strictObject({
  status: ok,
  market: operatorMarket,
  /** The market day bids go to now. */
  market_date: z.string(),
  /** The next 14 days from the market day, as the market draws on them. */
  days: z.array(marketDay),
  msg: z.string().optional(),
});

export const marketUpdateBody = z
  .strictObject({
    schedule_rev: scheduleRev,
    name: z.string().trim().min(1, { error: 'name must be 1 to 60 characters' }).max(60, {
      error: 'name must be 1 to 60 characters',
    }),
    active: z.boolean({ error: 'active must be true or false' }),
    sort: z.number({ error: 'sort must be a whole number' }).int({ error: 'sort must be a whole number' }),
    /** The first and last days the market draws on; null takes the bound away. */
    first_date: isoDate.nullable(),
    last_date: isoDate.nullable(),
  })
  .partial()
  .required({ schedule_rev: true })
  .refine((b) => Object.keys(b).length > 1, { error: scheduleMessages.nothingToChange });

const timetableDay = z.strictObject({
  active: z.boolean({ error: 'each day needs active true or false' }),
  open_time: z.union([clockText, z.literal('')]).optional(),
  close_time: z.union([clockText, z.literal('')]).optional(),
});
export const marketTimetableBody = z.strictObject({
  schedule_rev: scheduleRev,
  open_time: clockText,
  close_time: clockText.optional(),
  days: z.array(timetableDay).length(7, { error: scheduleMessages.sevenDays }),
});

export const offDateBody = z.strictObject({
  schedule_rev: scheduleRev,
  date: isoDate,
  note: z
    .string()
    .trim()
    .max(OFF_DATE_NOTE_MAX, { error: `The note is at most ${OFF_DATE_NOTE_MAX} characters` })
    .default(''),
});

const getMarket = endpoint({
  domain,
  method: 'GET',
  path: '/admin-api/markets/:id',
  access: 'operator',
  permission: 'markets.read',
  summary: 'One market with its timetable, off days and the next 14 days as it will draw on them',
  params: marketIdParams,
  response: marketAnswer,
  errors: ['VALIDATION', 'NOT_FOUND'],
});
const updateMarket = endpoint({
  domain,
  method: 'PATCH',
  path: '/admin-api/markets/:id',
  access: 'operator',
  permission: 'markets.manage',
  summary:
    'Rename, reorder, switch on or off, or bound the days of a market; a change that would cancel a day whose draws have bids is refused (409)',
  params: marketIdParams,
  body: marketUpdateBody,
  response: marketAnswer,
  errors: [
    'VALIDATION',
    'NOT_FOUND',
    'MARKET_STALE',
    'SCHEDULE_INVALID',
    'SCHEDULE_CONFLICT',
    'MARKET_NAME_TAKEN',
  ],
});
const setTimetable = endpoint({
  domain,
  method: 'POST',
  path: '/admin-api/markets/:id/timetable',
  access: 'operator',
  permission: 'markets.manage',
  summary:
    "Set the weekly timetable: default times and each weekday's draw or day off; applies from the next draw, refused (409) if it would move a day whose draws have bids",
  params: marketIdParams,
  body: marketTimetableBody,
  response: marketAnswer,
  errors: ['VALIDATION', 'NOT_FOUND', 'MARKET_STALE', 'SCHEDULE_INVALID', 'SCHEDULE_CONFLICT'],
});
const addOffDate = endpoint({
  domain,
  method: 'POST',
  path: '/admin-api/markets/:id/off-dates',
  access: 'operator',
  permission: 'markets.manage',
  summary: 'Make a day (today or later) a day without a draw: a holiday or a one-off off day',
  params: marketIdParams,
  body: offDateBody,
  response: marketAnswer,
  errors: ['VALIDATION', 'NOT_FOUND', 'MARKET_STALE', 'SCHEDULE_INVALID', 'SCHEDULE_CONFLICT'],
});
const removeOffDate = endpoint({
  domain,
  method: 'DELETE',
  path: '/admin-api/markets/:id/off-dates/:date',
  access: 'operator',
  permission: 'markets.manage',
  summary: 'Give an off day its draws back',
  params: z.object({ id: marketIdParams.shape.id, date: isoDate }),
  response: marketAnswer,
  errors: ['VALIDATION', 'NOT_FOUND', 'MARKET_STALE', 'SCHEDULE_INVALID', 'SCHEDULE_CONFLICT'],
});

export const marketEndpoints = {
  createMarket,
  listMarkets,
  getMarket,
  updateMarket,
  setTimetable,
  addOffDate,
  removeOffDate,
  mainMarkets,
  starlineMarkets,
  galiMarkets,
  mainRates: marketEndpointsOf.main.rates,
  starlineRates: marketEndpointsOf.starline.rates,
  galiRates: marketEndpointsOf.gali.rates,
};

export type MarketRow = z.output<typeof marketRow>;
export type OperatorMarket = z.output<typeof operatorMarket>;
export type MarketAnswer = z.output<typeof marketAnswer>;
export type MarketDayRow = z.output<typeof marketDay>;
