import { endpoints } from '@gama/core/endpoints';
import type { OperatorMarket } from '@gama/core/endpoints/markets/index';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { marketDayAt } from '@gama/core/rules/schedule';
import { daysAhead } from '@gama/core/rules/schedule-edit';
import { Button } from '@gama/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { FilterBar, FilterInput, useFilterDraft } from '../../components/FilterBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { useServerNow } from '../../lib/market-clock.ts';
import { useCan } from '../../lib/session.ts';
import { useTableParams } from '../../lib/table-params.ts';
import { CreateMarketDialog } from './CreateMarketDialog.tsx';
import {
  daysOffText,
  groupLabel,
  marketGroups,
  marketsKey,
  marketStatus,
  ownTimesCount,
  scheduleOf,
  timesText,
  unitOf,
} from './market-text.ts';
import styles from './Markets.module.css';

const filterNames = ['group', 'q', 'status'] as const;

const noDrawText = {
  day_off: 'Weekday off',
  off_date: 'Off day',
  before_first_date: 'Not started yet',
  after_last_date: 'Ended',
  market_off: 'Switched off',
} as const;

/** The market's day now (by the server's clock) as it draws on it: a Starline list reads as the day's slots. */
function todayOf(market: OperatorMarket, now: Date) {
  const schedule = scheduleOf(market);
  const today = marketDayAt(schedule, now, market.grp).date;
  const [day] = daysAhead(market.grp, { schedule, active: market.active }, today, 1);
  if (!day || day.no_draw === null) return { text: day?.draws ?? '', note: null };
  return {
    text: 'No draw',
    note: day.note ? `${noDrawText[day.no_draw]}: ${day.note}` : noDrawText[day.no_draw],
  };
}
const statuses = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'off', label: 'Switched off' },
];

/**
 * The markets of the three groups with their weekly times, days off and dates; a row opens the market's
 * timetable. The group and the filters are in the URL so a link shows the same rows.
 */
export default function MarketsScreen() {
  const navigate = useNavigate();
  const canManage = useCan('markets.manage');
  const now = useServerNow(60_000);
  const [creating, setCreating] = useState(false);
  const table = useTableParams({
    filters: filterNames,
    defaultSort: 'sort',
    defaultFilters: { group: 'main', status: 'all' },
  });
  const { draft, set } = useFilterDraft(table.filters);
  const group: MarketGroup = marketGroups.find((g) => g.value === table.filters.group)?.value ?? 'main';
  const list = useQuery({
    queryKey: marketsKey,
    queryFn: ({ signal }) => call(endpoints.listMarkets, {}, { signal }),
  });

  const q = table.filters.q.trim().toLowerCase();
  const status = table.filters.status;
  const rows = list.data?.markets.filter(
    (m) =>
      m.grp === group &&
      (q === '' || m.name.toLowerCase().includes(q) || String(m.id) === q) &&
      (status === 'active' ? m.active : status === 'off' ? !m.active : true),
  );

  const columns: Column<OperatorMarket>[] = [
    {
      id: 'name',
      header: group === 'starline' ? 'Slot' : 'Market',
      primary: true,
      cell: (m) => (
        <span className={styles.stack}>
          <strong>{m.name}</strong>
          <span className={styles.muted}>#{m.id}</span>
        </span>
      ),
    },
    {
      id: 'times',
      header: group === 'main' ? 'Open – close' : 'Draw time',
      cell: (m) => (
        <span className={styles.stack}>
          <span className="tabular">{timesText(m.grp, scheduleOf(m))}</span>
          {ownTimesCount(scheduleOf(m)) > 0 && (
            <span className={styles.muted}>
              {ownTimesCount(scheduleOf(m))} weekday{ownTimesCount(scheduleOf(m)) === 1 ? '' : 's'} with own
              times
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'today',
      header: 'Today',
      cell: (m) => {
        const today = todayOf(m, now);
        return (
          <span className={styles.stack}>
            <span>{today.text}</span>
            {today.note && <span className={styles.muted}>{today.note}</span>}
          </span>
        );
      },
    },
    { id: 'days_off', header: 'Weekdays off', cell: (m) => daysOffText(scheduleOf(m)) },
    {
      id: 'off_dates',
      header: 'Off days',
      cell: (m) => {
        const dates = Object.keys(m.schedule.offDates ?? {}).sort();
        return dates.length === 0 ? 'None' : dates.map(formatDay).join(', ');
      },
    },
    {
      id: 'dates',
      header: 'Draws',
      cell: (m) =>
        m.schedule.firstDate || m.schedule.lastDate
          ? [
              m.schedule.firstDate ? `from ${formatDay(m.schedule.firstDate)}` : null,
              m.schedule.lastDate ? `until ${formatDay(m.schedule.lastDate)}` : null,
            ]
              .filter(Boolean)
              .join(' ')
          : 'Every week',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (m) => <StatusPill tone={marketStatus(m).tone}>{marketStatus(m).label}</StatusPill>,
    },
  ];

  return (
    <>
      <PageHeader
        title="Markets"
        description="Times, weekdays off, holidays and off days of every market. A change applies from the next draw and reaches the player app at once; a draw that already has bids keeps its times."
        actions={
          canManage && (
            <Button small icon={<Plus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
              New {unitOf(group)}
            </Button>
          )
        }
      />
      <div className={styles.toolbar}>
        <Segmented
          label="Market group"
          value={group}
          options={marketGroups}
          onChange={(value) => table.setFilters({ group: value })}
        />
      </div>
      <FilterBar
        onApply={() => table.setFilters({ q: draft.q, status: draft.status })}
        onClear={() => table.setFilters({ q: '', status: 'all' })}
      >
        <FilterInput label="Name or id" value={draft.q} onValueChange={(v) => set('q', v)} wide />
        <SelectField
          inline
          label="Status"
          value={draft.status}
          onValueChange={(v) => set('status', v)}
          options={statuses}
        />
      </FilterBar>
      <DataTable
        caption={`${groupLabel(group)}`}
        columns={columns}
        rows={rows}
        rowKey={(m) => m.id}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={
          q !== '' || status !== 'all'
            ? 'No markets match.'
            : `No ${groupLabel(group)} yet. Create one with New ${unitOf(group)}.`
        }
        onOpen={(m) => void navigate(`/markets/${m.id}`)}
        rowTone={(m) => (m.active ? undefined : 'warning')}
      />
      <CreateMarketDialog
        open={creating}
        group={group}
        onClose={() => setCreating(false)}
        onCreated={(id) => void navigate(`/markets/${id}`)}
      />
    </>
  );
}
