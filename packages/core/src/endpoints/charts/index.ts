/**
 * Result charts (spec 01 section 1): public, so players whose betting is off may read them too. Without a
 * `game_id` the answer lists a group's markets; with one it carries that market's declared days.
 */
import { z } from 'zod';
import { numberOrText } from '../../contract/numbers.ts';
import { endpoint } from '../define.ts';

const marketGroup = z.enum(['main', 'starline', 'gali']);

export const chartRequest = z.object({
  game_id: numberOrText()
    .pipe(z.coerce.number<string | number>().int().positive().max(Number.MAX_SAFE_INTEGER))
    .optional(),
  group: marketGroup.default('main'),
  weeks: numberOrText().pipe(z.coerce.number<string | number>().int().min(1).max(52)).default(12),
});

/** One declared market day; Starline and Gali declare once, so only `open` is set for them. */
export const chartDay = z.strictObject({
  date: z.string(),
  open: z.string().nullable(),
  close: z.string().nullable(),
});

export const chartMarket = z.strictObject({
  game_id: z.number().int(),
  game_name: z.string(),
  group: marketGroup,
  /** With `game_id`: the declared days of the last `weeks` weeks, oldest first. */
  days: z.array(chartDay).optional(),
  /** With `game_id`: weekdays (0 Sunday) the market never draws, so a chart leaves them blank. */
  days_off: z.array(z.number().int().min(0).max(6)).optional(),
});

export const chartAnswer = z.strictObject({
  status: z.literal(true),
  markets: z.array(chartMarket),
  /**
   * The server's clock and market time zone: a chart shows `**` for a draw day that has come without a result and
   * leaves days to come blank, by the server's day, never the phone's (whose clock may be wrong, and which may
   * answer before any other call has told the app the server's time).
   */
  server_time: z.string(),
  time_zone: z.string(),
});

export const chartEndpoints = {
  marketChart: endpoint({
    domain: 'charts',
    method: 'POST',
    path: '/api-market-chart',
    access: 'public',
    summary: "A group's markets, or one market's declared results by day",
    body: chartRequest,
    response: chartAnswer,
    errors: ['VALIDATION', 'NOT_FOUND'],
  }),
};

export type ChartDay = z.output<typeof chartDay>;
