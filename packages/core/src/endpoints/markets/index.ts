/** The market lists and game rates of the three groups (spec 01 section 3, spec 02 sections 1 and 9). */
import { z } from 'zod';

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

export type MarketRow = z.output<typeof marketRow>;
