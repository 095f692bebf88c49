import { formatPaiseDecimal } from '@gama/core/rules/money';
import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import { BET_TYPE_IDS, BET_TYPES, type BetTypeId } from '@gama/core/rules/bet-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyState, ErrorNotice } from '../../components/ErrorNotice.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { Money } from '../../components/Money.tsx';
import { PayoutBar } from '../../components/PayoutBar.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call, urlOf } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { numberOf, type Tone } from '../../lib/labels.ts';
import { useTableParams } from '../../lib/table-params.ts';
import { halfLabel } from './labels.ts';
import styles from './ExposureScreen.module.css';

type Query = CallInput<typeof endpoints.resultsExposure>;
type View = Answer<typeof endpoints.resultsExposure>;
type Line = View['exposure'][number];
type Sort = NonNullable<Query['sort']>;
const sorts: readonly Sort[] = ['payout', 'stakes', 'bids', 'number'];
const filterNames = ['market_id', 'date', 'half', 'bet_type'] as const;

const outcomes: Record<Line['outcome'], { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'info' },
  won: { label: 'Won', tone: 'warning' },
  lost: { label: 'Lost', tone: 'pending' },
};

const betTypeName = (id: string) => BET_TYPES[id as BetTypeId]?.label ?? id;

/**
 * What the draw owes on the number against the owner's cap (every bid paying at the row's rate field), and
 * a pill once no further bid on it can be taken; a number without a cap says so.
 */
function CapCell({ line }: { line: Line }) {
  if (line.cap_paise === null) return <span className={styles.muted}>No cap</span>;
  const used = line.cap_used_paise ?? 0;
  const cap = line.cap_paise;
  return (
    <span className={styles.cap}>
      <span className="tabular">
        <Money paise={used} /> <span className={styles.muted}>of</span> <Money paise={cap} />
      </span>
      {used >= cap ? (
        <StatusPill tone="danger">At the cap</StatusPill>
      ) : used * 10 >= cap * 9 ? (
        <StatusPill tone="warning">Near the cap</StatusPill>
      ) : null}
    </span>
  );
}

/**
 * The full exposure of a draw (from the results board): every number bet on with its stakes and what it
 * would pay if it came, a bar against the draw's stakes (past it the house loses on that number), and once
 * declared which numbers won and the house result. Sorted and paged by the server; filters in the URL.
 */
export default function ExposureScreen() {
  const table = useTableParams({ filters: filterNames, defaultSort: 'payout' });
  const marketId = Number(table.filters.market_id);
  const sort = (sorts.includes(table.sort as Sort) ? table.sort : 'payout') as Sort;
  const half =
    table.filters.half === 'open' || table.filters.half === 'close' || table.filters.half === 'single'
      ? table.filters.half
      : undefined;
  const query: Query = {
    market_id: marketId,
    date: table.filters.date,
    sort,
    dir: table.dir,
    ...(half ? { half } : {}),
    ...(table.filters.bet_type ? { bet_type: table.filters.bet_type } : {}),
  };
  const valid = Number.isInteger(marketId) && marketId > 0 && /^\d{4}-\d{2}-\d{2}$/.test(table.filters.date);
  const view = useQuery({
    queryKey: ['results', 'exposure', query, table.page, table.pageSize],
    queryFn: ({ signal }) =>
      call(endpoints.resultsExposure, { ...query, page: table.page, page_size: table.pageSize }, { signal }),
    placeholderData: keepPreviousData,
    enabled: valid,
    refetchInterval: 30_000,
  });
  const data = view.data;
  const staked = data?.stakes_paise ?? 0;
  const scale = Math.max(staked, ...(data?.exposure ?? []).map((line) => line.payout_paise), 1);

  const columns: Column<Line>[] = [
    {
      id: 'number',
      header: 'Number',
      sort: 'number',
      primary: true,
      cell: (e) => (
        <span className={styles.number}>
          <strong className="tabular">{numberOf(e)}</strong> {betTypeName(e.bet_type)}
          {data?.group === 'main' && <span className={styles.muted}> · {halfLabel(e.session)}</span>}
        </span>
      ),
      csv: (e) => `${numberOf(e)} ${betTypeName(e.bet_type)} ${e.session}`,
    },
    { id: 'bids', header: 'Bids', sort: 'bids', align: 'end', cell: (e) => e.bids, csv: (e) => e.bids },
    {
      id: 'stakes',
      header: 'Stakes',
      sort: 'stakes',
      align: 'end',
      cell: (e) => <Money paise={e.stakes_paise} />,
      csv: (e) => formatPaiseDecimal(e.stakes_paise),
    },
    {
      id: 'payout',
      header: 'Pays if it comes',
      sort: 'payout',
      align: 'end',
      cell: (e) => <Money paise={e.payout_paise} flow={e.payout_paise > staked ? 'out' : undefined} />,
      csv: (e) => formatPaiseDecimal(e.payout_paise),
    },
    {
      id: 'against',
      header: 'Against the stakes',
      cell: (e) => <PayoutBar className={styles.bar} payout={e.payout_paise} stakes={staked} scale={scale} />,
    },
    {
      id: 'cap',
      header: 'Owed against the cap',
      align: 'end',
      cell: (e) => <CapCell line={e} />,
      csv: (e) =>
        e.cap_paise === null
          ? ''
          : `${formatPaiseDecimal(e.cap_used_paise ?? 0)} of ${formatPaiseDecimal(e.cap_paise)}`,
    },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: (e) => <StatusPill tone={outcomes[e.outcome].tone}>{outcomes[e.outcome].label}</StatusPill>,
      csv: (e) => e.outcome,
    },
  ];

  const title = data
    ? `${data.market_name}${half && half !== 'single' ? ` ${halfLabel(half).toLowerCase()}` : ''}`
    : 'Exposure';
  const betTypes = BET_TYPE_IDS.filter((id) => !data || BET_TYPES[id].group === data.group);

  return (
    <>
      <PageHeader
        above={
          <Link className={styles.back} to={`/results?date=${table.filters.date}`}>
            ← Results
          </Link>
        }
        title={`Exposure: ${title}`}
        description={
          data
            ? `Every number bet on for ${formatDay(data.date)}: its stakes and what it would pay if it came.`
            : undefined
        }
        actions={
          valid ? (
            <ExportButton
              href={urlOf(endpoints.resultsExposure, { ...query, format: 'csv' })}
              filename="exposure.csv"
            />
          ) : undefined
        }
      />
      {!valid ? (
        <EmptyState>Open a draw's exposure from the results board.</EmptyState>
      ) : view.isError && !data ? (
        <ErrorNotice error={view.error} onRetry={() => void view.refetch()} />
      ) : (
        <>
          <Panel>
            <div className={styles.filters}>
              {data?.group === 'main' && (
                <Segmented
                  label="Draw"
                  value={half ?? ''}
                  options={[
                    { value: '', label: 'Both halves' },
                    { value: 'open', label: 'Open' },
                    { value: 'close', label: 'Close' },
                  ]}
                  onChange={(v) => table.setFilters({ half: v })}
                />
              )}
              <SelectField
                inline
                label="Bet type"
                value={table.filters.bet_type}
                onValueChange={(v) => table.setFilters({ bet_type: v })}
                options={[
                  { value: '', label: 'All' },
                  ...betTypes.map((id) => ({ value: id, label: BET_TYPES[id].label })),
                ]}
              />
            </div>
            {data && <Figures view={data} />}
          </Panel>
          <DataTable
            caption={`Numbers bet on, ${title}`}
            columns={columns}
            rows={data?.exposure}
            rowKey={(e) => `${e.bet_type}-${e.session}-${e.digits}-${e.close_digits}`}
            loading={view.isFetching}
            error={view.error}
            onRetry={() => void view.refetch()}
            empty="No bids on this draw."
            rowTone={(e) => (e.outcome === 'won' ? 'warning' : undefined)}
            sorting={{ sort, dir: table.dir, onSort: table.setSort }}
            paging={{
              page: table.page,
              pageSize: table.pageSize,
              total: data?.total ?? 0,
              onPage: table.setPage,
              onPageSize: table.setPageSize,
            }}
          />
        </>
      )}
    </>
  );
}

/** The draw's totals (of every number the filters select) and, once declared, its result and house result. */
function Figures({ view }: { view: View }) {
  return (
    <dl className={styles.figures}>
      <div>
        <dt>Bids</dt>
        <dd className="tabular">{view.bids.toLocaleString('en-IN')}</dd>
      </div>
      <div>
        <dt>Stakes</dt>
        <dd>
          <Money paise={view.stakes_paise} />
        </dd>
      </div>
      <div>
        <dt>Still pending</dt>
        <dd>
          <Money paise={view.pending_stakes_paise} />
        </dd>
      </div>
      <div>
        <dt>Result</dt>
        <dd>
          {view.results.length === 0
            ? 'Not declared'
            : view.results.map((r) => `${halfLabel(r.half)} ${r.value}`).join(' · ')}
        </dd>
      </div>
      <div>
        <dt>Paid to winners</dt>
        <dd>
          <Money paise={view.paid_paise} flow="out" />
        </dd>
      </div>
      <div>
        <dt>House result</dt>
        <dd>
          {view.house_paise === null ? (
            <span className={styles.muted}>After the result</span>
          ) : (
            <Money paise={view.house_paise} flow={view.house_paise < 0 ? 'out' : 'in'} />
          )}
        </dd>
      </div>
    </dl>
  );
}
