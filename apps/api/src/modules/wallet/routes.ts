import { endpoints } from '@gama/core/endpoints';
import { formatPaise } from '@gama/core/rules/money';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { walletHistory } from './service.ts';

export function walletRoutes(app: FastifyInstance): void {
  const { db, config } = app.deps;

  route(app, endpoints.walletHistory, async ({ player }) => {
    const history = await walletHistory(db, player.id, config.MARKET_TIME_ZONE);
    return {
      status: true,
      transaction_history: history.rows,
      wallet_amt: formatPaise(history.balance),
      opening_balance: formatPaise(history.opening),
    };
  });
}
