/** The player's own referral summary: the code (made on first ask), what it brought, what it earned. */
import type { MyReferralsAnswer } from '@gama/core/endpoints/referrals/index';
import { pointsToPaise } from '@gama/core/rules/money';
import type { Queryable } from '../../db/database.ts';
import { ownerSettings } from '../settings/owner-settings.ts';
import { referralCodeOf } from './codes.ts';

export async function myReferrals(db: Queryable, playerId: number, now: Date): Promise<MyReferralsAnswer> {
  const code = await referralCodeOf(db, playerId, now);
  const [settings, counts] = await Promise.all([
    ownerSettings(db),
    db.query<{ brought: number; rewarded: number; earned: number; in_review: number }>(
      `SELECT count(*)::int AS brought,
              (count(*) FILTER (WHERE state = 'paid'))::int AS rewarded,
              coalesce(sum(referrer_reward) FILTER (WHERE state = 'paid'), 0)::bigint AS earned,
              (count(*) FILTER (WHERE state = 'held'))::int AS in_review
         FROM referrals WHERE referrer_id = $1`,
      [playerId],
    ),
  ]);
  const c = counts.rows[0] ?? { brought: 0, rewarded: 0, earned: 0, in_review: 0 };
  return {
    status: true,
    on: settings.referrals_on,
    code,
    brought: c.brought,
    rewarded: c.rewarded,
    earned_paise: Number(c.earned),
    in_review: c.in_review,
    reward_paise: pointsToPaise(settings.referral_reward),
    new_player_reward_paise: pointsToPaise(settings.referral_new_player_reward),
  };
}
