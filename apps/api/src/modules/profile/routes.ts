import type { ProfileResponse } from '@gama/core/contract/accounts';
import type { FastifyInstance } from 'fastify';
import { JsonText, legacyRoute } from '../../http/legacy.ts';
import { formatPaise } from '@gama/core/rules/money';

export function profileRoutes(app: FastifyInstance): void {
  // Every open app polls this every 5 s: the balance comes from the wallet cache, the list from its cache.
  const { markets, clock, settings, wallets, config } = app.deps;

  legacyRoute(app, '/api-user-wallet-balance', { auth: 'player' }, async ({ player }) => {
    const [withdraw, contacts, money, list] = await Promise.all([
      settings.get('withdraw'),
      settings.get('contacts'),
      wallets.get(player.id),
      markets.tagged('main'),
    ]);
    const profile: Omit<ProfileResponse, 'result'> = {
      status: true,
      user_name: player.userName,
      mobile: player.mobile,
      mobile_1: contacts.mobile_1,
      betting_status: player.bettingStatus,
      wallet_amt: formatPaise(money.balance),
      debt_amt: formatPaise(money.debt),
      min_withdrawal: String(withdraw.min_withdrawal),
      withdraw_open_time: withdraw.open_time,
      withdraw_close_time: withdraw.close_time,
      server_time: clock.now().toISOString(),
      time_zone: config.MARKET_TIME_ZONE,
    };
    // The market list's JSON is serialized once per cache rebuild; only the player's part is serialized here.
    return new JsonText(`${JSON.stringify(profile).slice(0, -1)},"result":${list.json}}`);
  });
}
