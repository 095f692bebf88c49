/** Referrals, the player's side: whether registration takes a code now, and the player's own code and summary. */
import { endpoints } from '@gama/core/endpoints';
import { pointsToPaise } from '@gama/core/rules/money';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { ownerSettings } from '../settings/owner-settings.ts';
import { myReferrals } from './summary.ts';

export function referralRoutes(app: FastifyInstance): void {
  const { db, clock } = app.deps;

  route(app, endpoints.referralProgram, async () => {
    const settings = await ownerSettings(db);
    return {
      status: true,
      on: settings.referrals_on,
      new_player_reward_paise: settings.referrals_on ? pointsToPaise(settings.referral_new_player_reward) : 0,
    };
  });

  route(app, endpoints.myReferrals, async ({ player }) => myReferrals(db, player.id, clock.now()));
}
