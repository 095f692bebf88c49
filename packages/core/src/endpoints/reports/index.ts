/**
 * Reports and the dashboard of the operator console (issue 15). Every report takes a date range of market days
 * and answers JSON (a page of rows, the totals of all rows) or, with `format=csv`, every row as a CSV download;
 * `urlOf(endpoints.sellReport, { ...query, format: 'csv' })` gives the download's address.
 */
import { endpoint } from '../define.ts';
import {
  customerSellAnswer,
  customerSellQuery,
  dashboardAnswer,
  depositAnswer,
  depositQuery,
  profitLossAnswer,
  profitLossQuery,
  sellAnswer,
  sellQuery,
  transferAnswer,
  transferQuery,
  walletAnswer,
  walletDailyAnswer,
  walletDailyQuery,
  walletQuery,
  winningAnswer,
  winningQuery,
  withdrawalAnswer,
  withdrawalQuery,
} from './schemas.ts';

const domain = 'reports';
const report = {
  domain,
  method: 'GET',
  access: 'operator',
  permission: 'reports.read',
  errors: ['VALIDATION', 'REPORT_TOO_LARGE'],
  produces: 'text/csv',
} as const;
/** The reports of money a cashier handles: their desk's requests and the wallets they move. */
const moneyReport = { ...report, permission: 'reports.money.read' } as const;

export const reportEndpoints = {
  dashboard: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/dashboard',
    access: 'operator',
    permission: 'dashboard.read',
    summary:
      "Today so far: stakes, payouts, house result and players per group and market, stakes by hour, deposits and withdrawals, and the next draws' exposure",
    response: dashboardAnswer,
    errors: [],
  }),
  sellReport: endpoint({
    ...report,
    path: '/admin-api/reports/sell',
    summary: 'Bids and stakes per market day, market, bet type and session',
    query: sellQuery,
    response: sellAnswer,
  }),
  winningReport: endpoint({
    ...report,
    path: '/admin-api/reports/winning',
    summary: 'Every winning bid with its player and payout (results corrected since are left out)',
    query: winningQuery,
    response: winningAnswer,
  }),
  profitLossReport: endpoint({
    ...report,
    path: '/admin-api/reports/profit-loss',
    summary: 'Stakes, payouts and the house result per market day and market',
    query: profitLossQuery,
    response: profitLossAnswer,
  }),
  customerSellReport: endpoint({
    ...report,
    path: '/admin-api/reports/customer-sell',
    summary: "Each player's bids, stakes, wins and net result",
    query: customerSellQuery,
    response: customerSellAnswer,
  }),
  walletReport: endpoint({
    ...moneyReport,
    path: '/admin-api/reports/wallet',
    summary: "Each player's wallet over the range: opening, money in, money out, closing, from the ledger",
    query: walletQuery,
    response: walletAnswer,
  }),
  walletDailyReport: endpoint({
    ...moneyReport,
    path: '/admin-api/reports/wallet/daily',
    summary: 'All wallets together, day by day: opening, money in, money out, closing, from the ledger',
    query: walletDailyQuery,
    response: walletDailyAnswer,
  }),
  transferReport: endpoint({
    ...report,
    path: '/admin-api/reports/transfers',
    summary: 'Points transfers between players',
    query: transferQuery,
    response: transferAnswer,
  }),
  depositReport: endpoint({
    ...moneyReport,
    path: '/admin-api/reports/deposits',
    summary: 'Deposit requests with their status and who decided them',
    query: depositQuery,
    response: depositAnswer,
  }),
  withdrawalReport: endpoint({
    ...moneyReport,
    path: '/admin-api/reports/withdrawals',
    summary: 'Withdrawal requests with their status, payout number and who decided them',
    query: withdrawalQuery,
    response: withdrawalAnswer,
  }),
};
