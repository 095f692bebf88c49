import { endpoints } from '@gama/core/endpoints';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TabNav } from '../../components/TabNav.tsx';
import { call } from '../../lib/api-client.ts';
import { can, type Permission } from '@gama/core/operators/permissions';
import { useCan, useOperator } from '../../lib/session.ts';
import CustomerSellReport from './CustomerSellReport.tsx';
import { DepositReport, WithdrawalReport } from './MoneyRequestReports.tsx';
import ProfitLossReport from './ProfitLossReport.tsx';
import type { MarketOption } from './ReportFilters.tsx';
import { useMarketToday } from './report-params.ts';
import SellReport from './SellReport.tsx';
import TransferReport from './TransferReport.tsx';
import WalletDailyReport from './WalletDailyReport.tsx';
import WalletReport from './WalletReport.tsx';
import WinningReport from './WinningReport.tsx';

/** Each report: its address under /reports, its tab, what it answers, and the permission its endpoint asks. */
const reports = [
  {
    id: 'profit-loss',
    label: 'Profit and loss',
    about: 'Stakes, payouts and the house result per day and market.',
    permission: 'reports.read',
  },
  {
    id: 'sell',
    label: 'Sell',
    about: 'Bids and stakes per day, market, bet type and session.',
    permission: 'reports.read',
  },
  {
    id: 'winning',
    label: 'Winning',
    about: 'Every winning bid with its player and payout.',
    permission: 'reports.read',
  },
  {
    id: 'customer-sell',
    label: 'Customer sell',
    about: "Each player's bids, stakes, wins and net result.",
    permission: 'reports.read',
  },
  {
    id: 'wallet',
    label: 'Wallet',
    about: "Each player's wallet from the ledger: opening + money in − money out = closing, to the paisa.",
    permission: 'reports.money.read',
  },
  {
    id: 'wallet-daily',
    label: 'Wallet by day',
    about: 'All wallets together, day by day, from the ledger.',
    permission: 'reports.money.read',
  },
  { id: 'transfers', label: 'Transfers', about: 'Points sent between players.', permission: 'reports.read' },
  {
    id: 'deposits',
    label: 'Deposits',
    about: 'Deposit requests with their status and who decided them.',
    permission: 'reports.money.read',
  },
  {
    id: 'withdrawals',
    label: 'Withdrawals',
    about: 'Withdrawal requests with their payout number and decision.',
    permission: 'reports.money.read',
  },
] as const satisfies ReadonlyArray<{ id: string; label: string; about: string; permission: Permission }>;

type ReportId = (typeof reports)[number]['id'];

/** Every report for any range of market days, one tab each; the range is kept when moving between them. */
export default function ReportsScreen() {
  const { report: asked } = useParams();
  const location = useLocation();
  const today = useMarketToday();
  const markets = useMarketOptions();
  const { role } = useOperator();
  // A cashier reads the money reports only: the tabs are the ones this role's permissions open.
  const allowed = reports.filter((r) => can(role, r.permission));
  const report = allowed.find((r) => r.id === asked);
  const first = allowed[0];
  if (!report) return first ? <Navigate to={`/reports/${first.id}`} replace /> : <Navigate to="/" replace />;

  // The range travels with the tabs; the other filters belong to one report.
  const search = new URLSearchParams(location.search);
  const range = new URLSearchParams();
  for (const name of ['from', 'to']) {
    const value = search.get(name);
    if (value) range.set(name, value);
  }
  const keep = range.size > 0 ? `?${range.toString()}` : '';

  return (
    <>
      <PageHeader title="Reports" description={report.about} />
      <TabNav
        label="Reports"
        tabs={allowed.map((r) => ({ to: `/reports/${r.id}${keep}`, label: r.label }))}
      />
      {today === null ? (
        <PageSkeleton />
      ) : (
        <Report key={report.id} id={report.id} today={today} markets={markets} />
      )}
    </>
  );
}

/**
 * Every market, for the market filter of the bid reports (main, then Starline, then Gali, as the player app
 * lists them); without markets.read the filter takes a market id instead.
 */
function useMarketOptions(): MarketOption[] | undefined {
  const canRead = useCan('markets.read');
  const markets = useQuery({
    queryKey: ['markets', 'all'],
    queryFn: ({ signal }) => call(endpoints.listMarkets, {}, { signal }),
    enabled: canRead,
    staleTime: 300_000,
  });
  if (!markets.data) return undefined;
  const order = { main: 0, starline: 1, gali: 2 } as const;
  return [...markets.data.markets]
    .sort((a, b) => order[a.grp] - order[b.grp] || a.sort - b.sort || a.id - b.id)
    .map((m) => ({ id: m.id, name: m.name, group: m.grp }));
}

function Report({ id, today, markets }: { id: ReportId; today: string; markets?: MarketOption[] }) {
  switch (id) {
    case 'profit-loss':
      return <ProfitLossReport today={today} markets={markets} />;
    case 'sell':
      return <SellReport today={today} markets={markets} />;
    case 'winning':
      return <WinningReport today={today} markets={markets} />;
    case 'customer-sell':
      return <CustomerSellReport today={today} markets={markets} />;
    case 'wallet':
      return <WalletReport today={today} />;
    case 'wallet-daily':
      return <WalletDailyReport today={today} />;
    case 'transfers':
      return <TransferReport today={today} />;
    case 'deposits':
      return <DepositReport today={today} />;
    case 'withdrawals':
      return <WithdrawalReport today={today} />;
  }
}
