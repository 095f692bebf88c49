import { z } from 'zod';

/**
 * The input of a number field that legacy clients send either as a JSON number or as text ("12"). Only those
 * two reach the coercion that follows: `z.coerce.number()` alone also turns `true` into 1, `[5]` into 5 and
 * `null` into 0, so a body with a boolean for a market id would have been read as market 1.
 */
export const numberOrText = (error?: string) =>
  z.union([z.number(), z.string()], error === undefined ? undefined : { error });
