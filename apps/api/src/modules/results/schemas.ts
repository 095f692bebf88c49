import { z } from 'zod';
import { numberOrText } from '@gama/core/contract/numbers';

/** Request shapes of the operator's result calls; the OpenAPI document is generated from them. */
const base = {
  market_id: numberOrText().pipe(
    z.coerce.number<string | number>().int().positive().max(Number.MAX_SAFE_INTEGER),
  ),
  date: z.string().max(10),
  half: z.enum(['open', 'close']).optional(),
};
export const declareBody = z.object({ ...base, value: z.string().max(3) });
export const revertBody = z.object(base);
export const resultsQuery = z.object({ market_id: base.market_id, date: z.string().max(10).optional() });
export const exposureQuery = z.object({
  market_id: base.market_id,
  date: base.date,
  bet_type: z.string().max(40).optional(),
});

/** The body of the public `/api-market-chart` (legacy contract). */
export const chartRequest = z.object({
  game_id: numberOrText()
    .pipe(z.coerce.number<string | number>().int().positive().max(Number.MAX_SAFE_INTEGER))
    .optional(),
  group: z.enum(['main', 'starline', 'gali']).default('main'),
  weeks: numberOrText().pipe(z.coerce.number<string | number>().int().min(1).max(52)).default(12),
});
