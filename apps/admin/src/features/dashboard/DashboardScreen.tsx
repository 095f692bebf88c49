import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { Skeleton } from '@gama/ui/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { pointsLabel, pointsTick } from '../../components/charts/points.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Money } from '../../components/Money.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { syncServerClock } from '../../lib/market-clock.ts';
import { countOf, groupNames, hourLabel, hourRange, marketHour, marketTime } from './labels.ts';
import { useCan } from '../../lib/session.ts';
import { SupportTimes } from '../../shared/support-times/SupportTimes.tsx';
import { DatabaseSafety } from './DatabaseSafety.tsx';
import { NextDraws } from './NextDraws.tsx';
import styles from './DashboardScreen.module.css';

type Dashboard = Answer<typeof endpoints.dashboard>;
type GroupRow = Dashboard['groups'][number];
type MarketRow = Dashboard['markets'][number];

/** The dashboard is read again this often while it is on screen (not while the tab is hidden). */
const LIVE_EVERY_MS = 15_000;

const count = new Intl.NumberFormat('en-IN');

/** Today so far, live: the owner's first look at the business (console-design.md). */
export default function DashboardScreen() {
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => call(endpoints.dashboard, {}, { signal }),
    refetchInterval: LIVE_EVERY_MS,
    staleTime: 5_000,
  });
  const data = dashboard.data;
  const readsSupport = useCan('support.read');

  useEffect(() => {
    if (data) syncServerClock(data.server_time, data.time_zone);
  }, [data]);

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          data ? (
            <>
              Today so far, {formatDay(data.date)}.{' '}
              <span className={styles.live}>
                <span className={styles.liveDot} aria-hidden="true" />
                Live, updated {marketTime(data.server_time, true)}
              </span>
            </>
          ) : (
            'Today so far'
          )
        }
      />
      {dashboard.error !== null && (
        <ErrorNotice error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      )}
      {data ? <Figures data={data} /> : dashboard.isPending && <Loading />}
      <DatabaseSafety />
      {readsSupport && <SupportTimes />}
    </>
  );
}

function Loading() {
  return (
    <div className={styles.loading} role="status" aria-label="Loading the dashboard">
      <div className={styles.kpis}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={92} radius={12} />
        ))}
      </div>
      <Skeleton height={240} radius={12} />
    </div>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const house = data.totals.house_result_paise;
  const hourNow = marketHour(data.server_time);

  return (
    <>
      <section className={styles.kpis} aria-label="Today's bids">
        <Kpi label="Stakes" value={<Money paise={data.totals.stakes_paise} />}>
          {countOf(data.totals.bids, 'bid')}
        </Kpi>
        <Kpi label="Payouts" value={<Money paise={data.totals.payouts_paise} />}>
          <Money paise={data.totals.pending_stakes_paise} /> staked on draws still to come
        </Kpi>
        <Kpi
          label="House result"
          value={
            <Money
              paise={data.totals.house_result_paise}
              flow={house < 0 ? 'out' : house > 0 ? 'in' : undefined}
            />
          }
        >
          Stakes less payouts
        </Kpi>
        <Kpi
          label="Players active"
          value={<span className="tabular">{count.format(data.totals.players)}</span>}
        >
          Placed a bid today
        </Kpi>
      </section>

      <section className={styles.money} aria-label="Deposits, withdrawals and debt">
        <MoneyPanel title="Deposits" flow="in" figures={data.deposits} />
        <MoneyPanel title="Withdrawals" flow="out" figures={data.withdrawals} />
        <DebtPanel figures={data.debts} />
      </section>

      <div className={styles.split}>
        <Panel title="Stakes by hour" className={styles.chartPanel}>
          <BarChart
            title="Stakes placed in each hour of today"
            series={[{ name: 'Stakes', tone: 'brand' }]}
            points={data.stakes_by_hour.map((h) => ({
              key: String(h.hour),
              label: hourLabel(h.hour),
              name: `${hourRange(h.hour)} (${countOf(h.bids, 'bid')})`,
              values: [h.stakes_paise],
            }))}
            format={pointsLabel}
            formatTick={pointsTick}
            highlight={String(hourNow)}
          />
        </Panel>
        <Panel title="By group" className={styles.groupPanel}>
          <GroupTable groups={data.groups} />
        </Panel>
      </div>

      <Panel title="Next draws">
        <p className={styles.hint}>
          Today&apos;s draws without a result, soonest first, with the numbers that would cost the most if
          they came.
        </p>
        <NextDraws draws={data.next_draws} />
      </Panel>

      <Panel title="By market">
        <MarketTable markets={data.markets} />
      </Panel>
    </>
  );
}

function Kpi({ label, value, children }: { label: string; value: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.kpi}>
      <p className={styles.kpiLabel}>{label}</p>
      <p className={styles.kpiValue}>{value}</p>
      <p className={styles.kpiNote}>{children}</p>
    </div>
  );
}

function MoneyPanel({
  title,
  flow,
  figures,
}: {
  title: string;
  flow: 'in' | 'out';
  figures: Dashboard['deposits'];
}) {
  return (
    <Panel title={title} className={styles.moneyPanel}>
      <dl className={styles.moneyFigures}>
        <div>
          <dt>Approved today</dt>
          <dd>
            <Money
              paise={figures.approved.amount_paise}
              flow={figures.approved.amount_paise > 0 ? flow : undefined}
            />
            <span className={styles.moneyCount}>{countOf(figures.approved.count, 'request')}</span>
          </dd>
        </div>
        <div>
          <dt>Waiting now</dt>
          <dd>
            <Money paise={figures.pending.amount_paise} />
            <span className={styles.moneyCount}>{countOf(figures.pending.count, 'request')}</span>
          </dd>
        </div>
      </dl>
    </Panel>
  );
}

/** Debt from corrected results: what open accounts owe, and what closed ones left behind. */
function DebtPanel({ figures }: { figures: Dashboard['debts'] }) {
  return (
    <Panel title="Debt" className={styles.moneyPanel}>
      <dl className={styles.moneyFigures}>
        <div>
          <dt>Owed by players</dt>
          <dd>
            <Money paise={figures.owed.amount_paise} />
            <span className={styles.moneyCount}>{countOf(figures.owed.count, 'player')}</span>
          </dd>
        </div>
        <div>
          <dt>Written off</dt>
          <dd>
            <Money paise={figures.written_off.amount_paise} />
            <span className={styles.moneyCount}>
              {countOf(figures.written_off.count, 'closed account')}; owed again if the phone returns
            </span>
          </dd>
        </div>
      </dl>
    </Panel>
  );
}

const measureColumns = <R extends GroupRow | MarketRow>(): Column<R>[] => [
  { id: 'bids', header: 'Bids', align: 'end', cell: (r) => count.format(r.bids) },
  { id: 'stakes', header: 'Stakes', align: 'end', cell: (r) => <Money paise={r.stakes_paise} /> },
  { id: 'payouts', header: 'Payouts', align: 'end', cell: (r) => <Money paise={r.payouts_paise} /> },
  {
    id: 'house_result',
    header: 'House result',
    align: 'end',
    cell: (r) => <HouseResult paise={r.house_result_paise} />,
  },
  { id: 'players', header: 'Players', align: 'end', cell: (r) => count.format(r.players) },
];

function HouseResult({ paise }: { paise: number }) {
  return <Money paise={paise} flow={paise > 0 ? 'in' : paise < 0 ? 'out' : undefined} />;
}

function GroupTable({ groups }: { groups: Dashboard['groups'] }) {
  const columns: Column<GroupRow>[] = [
    { id: 'group', header: 'Group', primary: true, cell: (r) => groupNames[r.group] },
    ...measureColumns<GroupRow>().filter((c) => c.id !== 'payouts'),
  ];
  return (
    <DataTable
      caption="Today's bids by group"
      columns={columns}
      rows={groups}
      rowKey={(r) => r.group}
      empty="No bids today."
    />
  );
}

function MarketTable({ markets }: { markets: Dashboard['markets'] }) {
  const columns: Column<MarketRow>[] = [
    { id: 'market', header: 'Market', primary: true, cell: (r) => r.market_name },
    { id: 'group', header: 'Group', cell: (r) => groupNames[r.group] },
    ...measureColumns<MarketRow>(),
    {
      id: 'pending',
      header: 'Still to draw',
      align: 'end',
      cell: (r) => <Money paise={r.pending_stakes_paise} />,
    },
  ];
  return (
    <DataTable
      caption="Today's bids by market"
      columns={columns}
      rows={markets}
      rowKey={(r) => r.market_id}
      empty="No bids on any market today."
    />
  );
}
