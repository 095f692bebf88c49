import type { ProfileResponse } from '@gama/core/endpoints/profile/index';
import type { SettingValues } from '../content/settings.ts';
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

/**
 * `make` remembered for the last argument it was given (by identity): the caches hand out the same object until
 * they rebuild it, so this runs once per rebuild.
 */
function lastOf<T extends object>(make: (value: T) => string): (value: T) => string {
  let last: T | undefined;
  let made = '';
  return (value) => {
    if (value !== last) {
      made = make(value);
      last = value;
    }
    return made;
  };
}

export function profileRoutes(app: FastifyInstance): void {
  // Every open app polls this every 5 s: the balance comes from the wallet cache, the list from its cache.
  const deps = app.deps;
  const { markets, clock, settings, wallets, config } = deps;
  const settingsPart = lastOf((values: SettingValues) => {
    const { withdraw, contacts, transfer } = values;
    const part: Pick<
      ProfileResponse,
      'mobile_1' | 'min_withdrawal' | 'withdraw_open_time' | 'withdraw_close_time' | 'min_transfer'
    > = {
      mobile_1: contacts.mobile_1,
      min_withdrawal: String(withdraw.min_withdrawal),
      withdraw_open_time: withdraw.open_time,
      withdraw_close_time: withdraw.close_time,
      min_transfer: String(transfer.min_points),
    };
    return `,${JSON.stringify(part).slice(1, -1)},"server_time":`;
  });
  const zoneJson = JSON.stringify(config.MARKET_TIME_ZONE);
  const listPart = lastOf((list: { json: string }) => `,"time_zone":${zoneJson},"result":${list.json}}`);

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
    // Only the player's own fields and the clock are written per call; the settings' part and the list's are
    // written once per cache rebuild (decision 042). Written as text, the fields are not checked by the compiler:
    // outside production `route()` parses every answer and checks it against the entry's schema (strict: a field
    // missing or extra fails), and profile.test.ts checks the whole answer. isoNow's text needs no escaping.
    return new JsonText(
      `{"status":true,"user_name":${JSON.stringify(player.userName)},"mobile":${JSON.stringify(player.mobile)},` +
        `"betting_status":${JSON.stringify(player.bettingStatus)},"wallet_amt":"${formatPaise(money.balance)}",` +
        `"debt_amt":"${formatPaise(money.debt)}"${settingsPart(values)}"${isoNow(clock)}"${listPart(list)}`,
    );
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
