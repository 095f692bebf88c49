import { describe, expect, it } from 'vitest';
import { headlineRequest } from './accounts.ts';
import { submitBidRequest } from './bids.ts';

// Found by the Z1 fuzz suite: z.coerce.number() read `true` as 1 and `[5]` as 5, so such bodies were accepted.
describe('number fields take numbers or text, nothing else', () => {
  it('headline ids', () => {
    expect(headlineRequest.parse({ ids: [1, '2'] })).toEqual({ ids: [1, 2] });
    for (const bad of [true, false, null, [5], {}]) {
      expect(headlineRequest.safeParse({ ids: [bad] }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('the market of a bid', () => {
    const body = (game_id: unknown) => ({
      game_id,
      new_result: { pana: 'Single Digit', bid_date: '20-Nov-2026', result: [{ digits: '1', points: '10' }] },
    });
    expect(submitBidRequest.parse(body('3')).game_id).toBe(3);
    expect(submitBidRequest.parse(body(3)).game_id).toBe(3);
    for (const bad of [true, null, [3], { id: 3 }]) {
      const result = submitBidRequest.safeParse(body(bad));
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Market not found');
    }
  });
});
