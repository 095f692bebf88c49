import type { ProfileResponse } from '@gama/core/contract/accounts';
import type { FastifyInstance } from 'fastify';
import { legacyRoute } from '../../http/legacy.ts';
import { getSetting } from '../content/settings.ts';

export function profileRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  legacyRoute(app, '/api-user-wallet-balance', { auth: 'player' }, async ({ player }) => {
    const [withdraw, contacts] = await Promise.all([getSetting(db, 'withdraw'), getSetting(db, 'contacts')]);
    return {
      status: true,
      user_name: player.userName,
      mobile: player.mobile,
      mobile_1: contacts.mobile_1,
      betting_status: player.bettingStatus,
      wallet_amt: '0',
      debt_amt: '0',
      min_withdrawal: String(withdraw.min_withdrawal),
      withdraw_open_time: withdraw.open_time,
      withdraw_close_time: withdraw.close_time,
      result: [],
    } satisfies ProfileResponse;
  });
}
