import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import type { Column } from '../../components/DataTable.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { stateOf } from '../../lib/labels.ts';
import { playerQuery } from './bid-filters.ts';
import { countOf, playerColumn, Points } from './columns.tsx';
import { methodNames } from './labels.ts';
import { Report, type ReportProps, type ReportSpec } from './Report.tsx';
import type { FilterField } from './ReportFilters.tsx';
import { pick, type ReportTable } from './report-params.ts';
import styles from './MoneyRequestReports.module.css';

type DepositRow = Answer<typeof endpoints.depositReport>['rows'][number];
type WithdrawalRow = Answer<typeof endpoints.withdrawalReport>['rows'][number];
type Totals = Answer<typeof endpoints.depositReport>['totals'];
type Query = CallInput<typeof endpoints.depositReport>;

const sorts = ['date', 'amount'] as const;
const fields: readonly FilterField[] = ['status', 'date_field', 'player'];

function requestQuery(table: ReportTable): Query {
  return {
    ...table.base,
    sort: pick(table.base.sort, sorts),
    status: pick(table.filters.status ?? '', ['pending', 'approved', 'rejected'] as const),
    date_field: pick(table.filters.date_field ?? '', ['requested', 'decided'] as const),
    ...playerQuery(table.filters),
  };
}

/** The columns deposits and withdrawals share: when, who, how much, and its decision. */
function requestColumns<R extends DepositRow | WithdrawalRow>(flow: 'in' | 'out'): Column<R>[] {
  return [
    { id: 'requested', header: 'Requested', sort: 'date', cell: (r) => formatDateTime(r.requested_at) },
    playerColumn<R>(),
    {
      id: 'amount',
      header: 'Amount',
      align: 'end',
      sort: 'amount',
      // Only an approved request has moved money.
      cell: (r) => <Points value={r.amount_paise} flow={r.status === 'approved' ? flow : 'plain'} />,
    },
    { id: 'method', header: 'Method', cell: (r) => methodNames[r.method] ?? r.method },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => <StatusPill tone={stateOf(r.status).tone}>{stateOf(r.status).label}</StatusPill>,
    },
    {
      id: 'decided',
      header: 'Decided',
      cell: (r) =>
        r.decided_at ? (
          <span>
            {formatDateTime(r.decided_at)}
            {r.decided_by && <span className={styles.by}> by {r.decided_by}</span>}
          </span>
        ) : (
          '—'
        ),
    },
  ];
}

/** Approved, pending and rejected requests of the range at a glance. */
function StatusSummary({ totals, flow }: { totals: Totals | undefined; flow: 'in' | 'out' }) {
  if (!totals) return null;
  const parts = [
    ['approved', 'Approved', totals.approved],
    ['pending', 'Pending', totals.pending],
    ['rejected', 'Rejected', totals.rejected],
  ] as const;
  return (
    <dl className={styles.summary}>
      {parts.map(([state, label, figures]) => (
        <div key={state} className={styles[state]}>
          <dt>{label}</dt>
          <dd>
            <Points value={figures.amount_paise} flow={state === 'approved' ? flow : 'plain'} />
            <span className={styles.count}>{countOf(figures.count, 'request')}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function totalCells(totals: Totals) {
  return { player: countOf(totals.requests, 'request'), amount: <Points value={totals.amount_paise} /> };
}

/** What the deposit and withdrawal reports share: their filters, sorts, query and totals. */
const requestReport = {
  fields,
  sorts,
  defaultSort: 'date',
  defaultDir: 'desc',
  query: requestQuery,
  rowKey: (r: DepositRow | WithdrawalRow) => r.request_id,
  totals: (a: { totals: Totals }) => totalCells(a.totals),
} as const;

/** Deposit requests with their status and who decided them. */
const deposits: ReportSpec<typeof endpoints.depositReport> = {
  ...requestReport,
  name: 'deposits',
  endpoint: endpoints.depositReport,
  caption: 'Deposit report',
  columns: requestColumns<DepositRow>('in'),
  empty: 'No deposit requests on these days.',
  extra: (answer) => <StatusSummary totals={answer?.totals} flow="in" />,
};

const withdrawalColumns = requestColumns<WithdrawalRow>('out');
withdrawalColumns.splice(4, 0, {
  id: 'payout_number',
  header: 'Paid to',
  cell: (r) => <span className="tabular">{r.payout_number}</span>,
});

/** Withdrawal requests with the payout number they were paid to and who decided them. */
const withdrawals: ReportSpec<typeof endpoints.withdrawalReport> = {
  ...requestReport,
  name: 'withdrawals',
  endpoint: endpoints.withdrawalReport,
  caption: 'Withdrawal report',
  columns: withdrawalColumns,
  empty: 'No withdrawal requests on these days.',
  extra: (answer) => <StatusSummary totals={answer?.totals} flow="out" />,
};

export function DepositReport({ today }: ReportProps) {
  return <Report spec={deposits} today={today} />;
}

export function WithdrawalReport({ today }: ReportProps) {
  return <Report spec={withdrawals} today={today} />;
}
