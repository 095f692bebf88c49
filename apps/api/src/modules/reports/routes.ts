/**
 * The report routes: each reads one snapshot in the market time zone and answers a page of rows with the totals
 * of all rows, or with `format=csv` every row as a download (service.ts; exports are audited there).
 */
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { customerSellReport, profitLossReport, sellReport, winningReport } from './bids.ts';
import { dashboard } from './dashboard.ts';
import { depositReport, transferReport, withdrawalReport } from './requests.ts';
import { report } from './service.ts';
import { walletDailyReport, walletReport } from './wallet.ts';

export function reportRoutes(app: FastifyInstance): void {
  route(app, endpoints.dashboard, async () => dashboard(app.deps));
  route(app, endpoints.sellReport, (ctx) => report(app.deps, ctx, endpoints.sellReport, 'sell', sellReport));
  route(app, endpoints.winningReport, (ctx) =>
    report(app.deps, ctx, endpoints.winningReport, 'winning', winningReport),
  );
  route(app, endpoints.profitLossReport, (ctx) =>
    report(app.deps, ctx, endpoints.profitLossReport, 'profit-loss', profitLossReport),
  );
  route(app, endpoints.customerSellReport, (ctx) =>
    report(app.deps, ctx, endpoints.customerSellReport, 'customer-sell', customerSellReport),
  );
  route(app, endpoints.walletReport, (ctx) =>
    report(app.deps, ctx, endpoints.walletReport, 'wallet', walletReport),
  );
  route(app, endpoints.walletDailyReport, (ctx) =>
    report(app.deps, ctx, endpoints.walletDailyReport, 'wallet-daily', walletDailyReport),
  );
  route(app, endpoints.transferReport, (ctx) =>
    report(app.deps, ctx, endpoints.transferReport, 'transfers', transferReport),
  );
  route(app, endpoints.depositReport, (ctx) =>
    report(app.deps, ctx, endpoints.depositReport, 'deposits', depositReport),
  );
  route(app, endpoints.withdrawalReport, (ctx) =>
    report(app.deps, ctx, endpoints.withdrawalReport, 'withdrawals', withdrawalReport),
  );
}
