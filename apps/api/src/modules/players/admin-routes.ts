import { formatPaiseDecimal } from '@gama/core/rules/money';
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { pageOrCsv } from '../exports/csv-export.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { adjustWallet, changeFlags, sendResetCode, signOutEverywhere } from './admin-actions.ts';
import type { FlagsAnswer } from './admin-actions.ts';
import type { PlayerList, SubListParams } from './admin-read.ts';
import {
  playerBids,
  playerDeposits,
  playerList,
  playerPage,
  playerPassbook,
  playerPayoutMethods,
  playerSessions,
  playerTransfers,
  playerWithdrawals,
  searchPlayers,
} from './admin-read.ts';

const PLAYER_COLUMNS = [
  'id',
  'name',
  'mobile',
  'betting',
  'transfers',
  'blocked',
  'wallet',
  'debt',
  'registered',
  'last seen',
] as const;

/** The console's players: search, the player page and its lists, and the operator actions. */
export function adminPlayerRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock } = deps;
  const zone = deps.config.MARKET_TIME_ZONE;
  const page = (q: { page: number; page_size: number }) => ({ page: q.page, page_size: q.page_size });

  route(app, endpoints.adminPlayers, async ({ query, operator, request }) => {
    const list = await searchPlayers(db, query, clock.now());
    return pageOrCsv(deps, { operator, request }, 'players', query, list, {
      columns: PLAYER_COLUMNS,
      row: (r) => ({
        id: r.id,
        name: r.user_name,
        mobile: r.mobile,
        betting: r.betting_status === '1' ? 'on' : 'off',
        transfers: r.transfer_allowed ? 'allowed' : 'stopped',
        blocked: r.blocked ? 'yes' : 'no',
        wallet: formatPaiseDecimal(r.wallet_paise),
        debt: formatPaiseDecimal(r.debt_paise),
        registered: r.created_at,
        'last seen': r.last_seen_at,
      }),
    });
  });

  route(app, endpoints.adminPlayer, async ({ params }) => ({
    status: true,
    ...(await playerPage(db, params.id, clock.now())),
  }));

  route(app, endpoints.adminPlayerPassbook, async ({ params, query }) => ({
    status: true,
    ...(await playerPassbook(db, params.id, query, zone)),
    ...page(query),
  }));
  /** The handler of one list of the player page (admin-read.ts), answering the page it is. */
  const listed =
    <Q extends SubListParams, Sql, Row>(list: PlayerList<Q, Sql, Row>, only?: Partial<Q>) =>
    async ({ params, query }: { params: { id: number }; query: Q }) => ({
      status: true as const,
      ...(await playerList(db, list, params.id, { ...query, ...only }, zone, clock.now())),
      ...page(query),
    });
  route(app, endpoints.adminPlayerBids, listed(playerBids));
  route(app, endpoints.adminPlayerWins, listed(playerBids, { status: 'won' }));
  route(app, endpoints.adminPlayerDeposits, listed(playerDeposits));
  route(app, endpoints.adminPlayerWithdrawals, listed(playerWithdrawals));
  route(app, endpoints.adminPlayerTransfers, listed(playerTransfers));
  route(app, endpoints.adminPlayerSessions, listed(playerSessions));
  route(app, endpoints.adminPlayerPayoutMethods, listed(playerPayoutMethods));

  route(app, endpoints.adminAdjust, async ({ operator, request, params, body, raw }) =>
    adjustWallet(deps, { operator, request }, params.id, body, idempotencyKeyFrom(request, raw)),
  );

  const flags = ({ sessions_ended: _ended, ...answer }: FlagsAnswer & { sessions_ended: number }) => answer;
  route(app, endpoints.adminBettingStatus, async ({ operator, request, params, body }) =>
    flags(
      await changeFlags(deps, { operator, request }, params.id, {
        kind: 'betting',
        betting_status: body.betting_status,
      }),
    ),
  );
  route(app, endpoints.adminTransferStatus, async ({ operator, request, params, body }) =>
    flags(
      await changeFlags(deps, { operator, request }, params.id, {
        kind: 'transfer',
        transfer_allowed: body.transfer_allowed,
      }),
    ),
  );
  route(app, endpoints.adminBlock, async ({ operator, request, params, body }) =>
    flags(await changeFlags(deps, { operator, request }, params.id, { kind: 'block', reason: body.reason })),
  );
  route(app, endpoints.adminUnblock, async ({ operator, request, params }) =>
    flags(await changeFlags(deps, { operator, request }, params.id, { kind: 'unblock' })),
  );
  route(app, endpoints.adminSignOut, async ({ operator, request, params }) => ({
    status: true,
    sessions_ended: await signOutEverywhere(deps, { operator, request }, params.id),
  }));
  route(app, endpoints.adminResetCode, async ({ operator, request, params }) => ({
    status: true,
    mobile: await sendResetCode(deps, { operator, request }, params.id),
  }));
}
