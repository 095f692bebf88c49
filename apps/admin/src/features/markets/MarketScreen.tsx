import { endpoints } from '@gama/core/endpoints';
import type { MarketAnswer, MarketDayRow } from '@gama/core/endpoints/markets/index';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { Skeleton } from '@gama/ui/Skeleton';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, Pencil, Power, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Notice } from '../../components/Notice.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { useCan } from '../../lib/session.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { DatesPanel } from './DatesPanel.tsx';
import { groupLabel, marketKey, marketsKey, marketStatus, shortWeekday, unitOf } from './market-text.ts';
import { OffDaysPanel } from './OffDaysPanel.tsx';
import { TimetablePanel } from './TimetablePanel.tsx';
import styles from './Markets.module.css';

const noDrawText: Record<NonNullable<MarketDayRow['no_draw']>, string> = {
  day_off: 'Weekday off',
  off_date: 'Off day',
  before_first_date: 'Before its first day',
  after_last_date: 'After its last day',
  market_off: 'Switched off',
};

/** One market: its weekly timetable, off days, first and last days, on or off, and the next 14 days. */
export default function MarketScreen() {
  const params = useParams();
  const id = Number(params.id);
  const page = useQuery({
    queryKey: marketKey(id),
    queryFn: ({ signal }) => call(endpoints.getMarket, { id }, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    // The forms below start from this answer; a change saved elsewhere is refused by the server (schedule_rev)
    // with a message saying so, and Reload fetches it.
    refetchOnWindowFocus: false,
  });

  if (page.isPending) return <Skeleton height={320} radius={12} />;
  if (page.isError) return <ErrorNotice error={page.error} onRetry={() => void page.refetch()} />;
  return <MarketPage answer={page.data} reloading={page.isFetching} onReload={() => void page.refetch()} />;
}

function MarketPage({
  answer,
  reloading,
  onReload,
}: {
  answer: MarketAnswer;
  reloading: boolean;
  onReload: () => void;
}) {
  const { market } = answer;
  const canManage = useCan('markets.manage');
  const [action, setAction] = useState<'rename' | 'switch' | null>(null);
  const status = marketStatus(market);
  const unit = unitOf(market.grp);

  const dayColumns: Column<MarketDayRow>[] = [
    {
      id: 'date',
      header: 'Day',
      primary: true,
      cell: (d) => `${shortWeekday(d.weekday)} ${formatDay(d.date)}`,
    },
    {
      id: 'draws',
      header: 'Draws',
      cell: (d) => (
        <span className={styles.stack}>
          <span>{d.draws}</span>
          {d.no_draw && (
            <span className={styles.muted}>
              {noDrawText[d.no_draw]}
              {d.note ? `: ${d.note}` : ''}
            </span>
          )}
        </span>
      ),
    },
    { id: 'bids', header: 'Bids', align: 'end', cell: (d) => d.bids },
    {
      id: 'held',
      header: 'Times',
      cell: (d) =>
        d.held ? (
          <StatusPill tone="warning">Kept: has bids</StatusPill>
        ) : (
          <span className={styles.muted}>Can change</span>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        above={
          <Link to={`/markets?group=${market.grp}`} className={styles.back}>
            <ArrowLeft size={16} aria-hidden="true" /> Markets
          </Link>
        }
        title={market.name}
        description={
          <>
            {groupLabel(market.grp)} · #{market.id} ·{' '}
            <StatusPill tone={status.tone}>{status.label}</StatusPill>
          </>
        }
        actions={
          <>
            <Button
              small
              variant="outline"
              icon={<RefreshCw size={16} aria-hidden="true" />}
              busy={reloading}
              busyText="Reloading"
              onClick={onReload}
            >
              Reload
            </Button>
            {canManage && (
              <>
                <Button
                  small
                  variant="outline"
                  icon={<Pencil size={16} aria-hidden="true" />}
                  onClick={() => setAction('rename')}
                >
                  Rename
                </Button>
                <Button
                  small
                  variant={market.active ? 'danger' : 'primary'}
                  icon={<Power size={16} aria-hidden="true" />}
                  onClick={() => setAction('switch')}
                >
                  {market.active ? `Switch ${unit} off` : `Switch ${unit} on`}
                </Button>
              </>
            )}
          </>
        }
      />
      <Notice icon={CalendarClock}>
        <strong>Changes apply from the next draw.</strong> The player app shows them at once. A day whose
        draws already have bids keeps its times: a change that would move them is refused.
      </Notice>
      {!canManage && <p className={styles.muted}>Only an owner can change markets.</p>}
      <div className={styles.panels}>
        <TimetablePanel key={`t${market.schedule_rev}`} answer={answer} canManage={canManage} />
        <div className={styles.side}>
          <OffDaysPanel key={`o${market.schedule_rev}`} answer={answer} canManage={canManage} />
          <DatesPanel key={`d${market.schedule_rev}`} answer={answer} canManage={canManage} />
        </div>
      </div>
      <Panel title="The next 14 days">
        <DataTable
          caption={`${market.name}: the next 14 days`}
          columns={dayColumns}
          rows={answer.days}
          rowKey={(d) => d.date}
          empty="No days."
          rowTone={(d) => (d.held ? 'warning' : undefined)}
        />
      </Panel>
      {action === 'rename' && <RenameDialog answer={answer} onClose={() => setAction(null)} />}
      <SwitchDialog open={action === 'switch'} answer={answer} onClose={() => setAction(null)} />
    </>
  );
}

function RenameDialog({ answer, onClose }: { answer: MarketAnswer; onClose: () => void }) {
  const { market } = answer;
  const after = useAfterAction();
  const { values, field, validate } = useFormFields({ name: market.name, sort: String(market.sort) });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Rename ${market.name}`}
      submitLabel="Save"
      busyText="Saving"
      onSubmit={async (form) => {
        const name = values.name.trim();
        const valid = validate(form, [
          ['name', (v) => (v.trim() === '' ? 'Enter a name' : null), values.name],
          ['sort', (v) => (/^-?\d{1,6}$/.test(v.trim()) ? null : 'Enter a whole number'), values.sort],
        ]);
        if (!valid) return false;
        const sort = Number(values.sort.trim());
        const change = {
          ...(name !== market.name ? { name } : {}),
          ...(sort !== market.sort ? { sort } : {}),
        };
        if (Object.keys(change).length === 0) return true;
        await after(
          () => call(endpoints.updateMarket, { id: market.id, schedule_rev: market.schedule_rev, ...change }),
          {
            success:
              name !== market.name ? `${market.name} is now ${name}` : `${market.name}: position saved`,
            refresh: [marketsKey, marketKey(market.id)],
          },
        );
        return true;
      }}
    >
      <TextField label="Name" autoComplete="off" maxLength={60} {...field('name')} />
      <TextField label="Position in the list (lower comes first)" inputMode="numeric" {...field('sort')} />
      <p className={styles.muted}>Players see the new name and order in the market list at once.</p>
    </FormDialog>
  );
}

function SwitchDialog({
  open,
  answer,
  onClose,
}: {
  open: boolean;
  answer: MarketAnswer;
  onClose: () => void;
}) {
  const { market } = answer;
  const after = useAfterAction();
  const unit = unitOf(market.grp);
  const turningOff = market.active;
  const withBids = answer.days.filter((d) => d.held);
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={turningOff ? `Switch ${market.name} off` : `Switch ${market.name} on`}
      confirmLabel={turningOff ? 'Switch off' : 'Switch on'}
      busyText="Saving"
      tone={turningOff ? 'danger' : 'primary'}
      onConfirm={() =>
        after(
          () =>
            call(endpoints.updateMarket, {
              id: market.id,
              schedule_rev: market.schedule_rev,
              active: !turningOff,
            }),
          {
            success: turningOff ? `${market.name} switched off` : `${market.name} switched on`,
            refresh: [marketsKey, marketKey(market.id)],
          },
        )
      }
    >
      {turningOff ? (
        <>
          <p>
            <strong>{market.name}</strong> will have no draws from now: the player app shows it closed and
            refuses bids on it. Its timetable is kept for when you switch the {unit} on again.
          </p>
          {withBids.length > 0 && (
            <p className={styles.warning}>
              {withBids.map((d) => formatDay(d.date)).join(', ')} already{' '}
              {withBids.length === 1 ? 'has' : 'have'} bids: the server will refuse this until{' '}
              {withBids.length === 1 ? 'its results are' : 'their results are'} declared.
            </p>
          )}
        </>
      ) : (
        <p>
          <strong>{market.name}</strong> draws again by its timetable from the next draw, and the player app
          shows it at once.
        </p>
      )}
    </ConfirmDialog>
  );
}
