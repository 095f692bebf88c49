/**
 * Whether two players look like one person (issue 31): what their accounts share. The server keeps no device
 * id per player (the app's device id only counts phone lookups, in rate_events, by device and not by player),
 * so the links read here are the payout details each player proved or used: a saved payout number
 * (`payout_methods`, added with a code sent to the player's phone) or a withdrawal's payout number
 * (`withdraw_requests`), shared by both, or one player's payout number being the other's phone.
 */
import type { Queryable } from '../../db/database.ts';

export const linkReasonTexts = {
  sharedPayoutNumber: 'shared payout number',
  payoutToOthersPhone: "payout number is the other player's phone",
} as const;

/**
 * The reasons `a` and `b` are linked, as short phrases for an operator; empty when nothing links them. `now` is
 * the instant the question is asked at (the links read here do not expire).
 */
export async function linkReasons(q: Queryable, a: number, b: number, _now: Date): Promise<string[]> {
  const { rows } = await q.query<{ shared_payout: boolean; payout_to_phone: boolean }>(
    `WITH numbers AS (
       SELECT player_id, number FROM payout_methods WHERE player_id IN ($1, $2)
       UNION
       SELECT player_id, payout_number FROM withdraw_requests WHERE player_id IN ($1, $2)
     )
     SELECT EXISTS (SELECT 1 FROM numbers x JOIN numbers y ON y.number = x.number
                     WHERE x.player_id = $1 AND y.player_id = $2) AS shared_payout,
            EXISTS (SELECT 1 FROM numbers n JOIN players p ON p.mobile = n.number
                     WHERE (n.player_id = $1 AND p.id = $2) OR (n.player_id = $2 AND p.id = $1)) AS payout_to_phone`,
    [a, b],
  );
  const row = rows[0];
  const reasons: string[] = [];
  if (row?.shared_payout) reasons.push(linkReasonTexts.sharedPayoutNumber);
  if (row?.payout_to_phone) reasons.push(linkReasonTexts.payoutToOthersPhone);
  return reasons;
}
