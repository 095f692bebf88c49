import { z } from 'zod';
import { numberOrText } from '@gama/core/contract/numbers';

/** The body of the public `/api-market-chart` (legacy contract). */
export const chartRequest = z.object({
  game_id: numberOrText()
    .pipe(z.coerce.number<string | number>().int().positive().max(Number.MAX_SAFE_INTEGER))
    .optional(),
  group: z.enum(['main', 'starline', 'gali']).default('main'),
  weeks: numberOrText().pipe(z.coerce.number<string | number>().int().min(1).max(52)).default(12),
});
