import type { ProfileResponse } from '@gama/core/endpoints/profile/index';
import { accountClosureMessages, accountMessages } from '@gama/core/contract/messages';
import { endpoints } from '@gama/core/endpoints';
import { formatPaise } from '@gama/core/rules/money';
import type { FastifyInstance } from 'fastify';
import { isoNow } from '../../clock.ts';
import { JsonText, route } from '../../http/route.ts';
import { clearSessionCookie } from '../auth/sessions.ts';
import { updateLanguage } from '../auth/player-accounts.ts';
import { renamePlayer } from '../auth/service.ts';
import { closeAccount } from './close-account.ts';

export function profileRoutes(app: FastifyInstance): void {
  // Every open app polls this every 5 s: the balance comes from the wallet cache, the list from its cache.
  const deps = app.deps;
  const { markets, clock, settings, wallets, config } = deps;

  route(app, endpoints.profile, async ({ player }) => {
    // From the caches without an await while all three are kept (nearly every poll); else read what is missing.
    let values = settings.peek();
    let money = wallets.peek(player.id);
    let list = markets.peek('main');
    if (!values || !money || !list) {
      [values, money, list] = await Promise.all([
        values ?? settings.all(),
        money ?? wallets.get(player.id),
        list ?? markets.tagged('main'),
      ]);
    }
    const { withdraw, contacts, transfer } = values;
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
      min_transfer: String(transfer.min_points),
      server_time: isoNow(clock),
      time_zone: config.MARKET_TIME_ZONE,
    };
    // The market list's JSON is serialized once per cache rebuild; only the player's part is serialized here.
    return new JsonText(`${JSON.stringify(profile).slice(0, -1)},"result":${list.json}}`);
  });

  route(app, endpoints.profileUpdate, async ({ body, player }) => {
    await renamePlayer(deps, player.id, body.user_name);
    return { status: true, msg: accountMessages.profileUpdated, user_name: body.user_name };
  });

  route(app, endpoints.setLanguage, async ({ body, player }) => {
    await updateLanguage(deps.db, player.id, body.language);
    return { status: true, msg: accountMessages.languageSaved, language: body.language };
  });

  route(app, endpoints.deleteAccount, async ({ body, player, request, reply }) => {
    await closeAccount(deps, player.id, body.password, request.ip);
    clearSessionCookie(reply);
    return { status: true, msg: accountClosureMessages.closed };
  });
}
