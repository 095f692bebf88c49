import { endpoints } from '@gama/core/endpoints';
import type { MarketAnswer } from '@gama/core/endpoints/markets/index';
import { OFF_DATE_NOTE_MAX, describeDay } from '@gama/core/rules/schedule-edit';
import { weekdayOf } from '@gama/core/rules/dates';
import { Button } from '@gama/ui/Button';
import { DateField } from '@gama/ui/DateInput';
import { TextField } from '@gama/ui/Field';
import { useFormFields } from '@gama/ui/use-form-fields';
import { CalendarOff, CalendarPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { marketKey, marketsKey, scheduleOf, shortWeekday, upcomingOffDays } from './market-text.ts';
import styles from './Markets.module.css';

type Pending = { kind: 'add'; date: string; note: string } | { kind: 'remove'; date: string; note: string };

/** Holidays and one-off days without a draw, today or later; each can be given its draws back. */
export function OffDaysPanel({ answer, canManage }: { answer: MarketAnswer; canManage: boolean }) {
  const { market } = answer;
  const after = useAfterAction();
  const schedule = scheduleOf(market);
  const offDays = upcomingOffDays(schedule, answer.market_date);
  const { values, field, validate } = useFormFields({ date: '', note: '' });
  const [pending, setPending] = useState<Pending | null>(null);
  const refresh = [marketsKey, marketKey(market.id)];
  const dayLabel = (date: string) => `${shortWeekday(weekdayOf(date))} ${formatDay(date)}`;

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = validate(event.currentTarget, [
      [
        'date',
        (v) =>
          v === ''
            ? 'Pick a day'
            : v < answer.market_date
              ? `Pick ${formatDay(answer.market_date)} or later`
              : null,
        values.date,
      ],
    ]);
    if (ok) setPending({ kind: 'add', date: values.date, note: values.note.trim() });
  };

  const bidsOn = (date: string) => answer.days.find((d) => d.date === date)?.bids ?? 0;
  // The draws a day gets back: the timetable without this off day.
  const drawsWithout = (date: string) => {
    const rest = Object.fromEntries(Object.entries(schedule.offDates ?? {}).filter(([d]) => d !== date));
    return describeDay(
      market.grp,
      { active: market.active, schedule: { ...schedule, offDates: rest } },
      date,
    );
  };

  return (
    <Panel title="Holidays and off days">
      {offDays.length === 0 ? (
        <p className={styles.muted}>No off days ahead.</p>
      ) : (
        <ul className={styles.offDays} aria-label="Off days">
          {offDays.map(([date, note]) => (
            <li key={date}>
              <span className={styles.stack}>
                <strong>{dayLabel(date)}</strong>
                <span className={styles.muted}>{note || 'No note'}</span>
              </span>
              {canManage && (
                <Button
                  small
                  variant="outline"
                  aria-label={`Give ${formatDay(date)} its draws back`}
                  onClick={() => setPending({ kind: 'remove', date, note })}
                >
                  Give back
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <form onSubmit={add} noValidate aria-label="Add an off day" className={styles.offDayForm}>
          <DateField label="Day without a draw" min={answer.market_date} {...field('date')} />
          <TextField
            label="Note (holiday name)"
            autoComplete="off"
            maxLength={OFF_DATE_NOTE_MAX}
            {...field('note')}
          />
          <Button type="submit" variant="outline" icon={<CalendarPlus size={18} aria-hidden="true" />}>
            Add off day
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'remove' ? 'Give the day its draws back' : 'Add an off day'}
        confirmLabel={pending?.kind === 'remove' ? 'Give back' : 'Add off day'}
        busyText="Saving"
        tone={pending?.kind === 'remove' ? 'primary' : 'danger'}
        onConfirm={() => {
          if (!pending) return Promise.resolve();
          return pending.kind === 'add'
            ? after(
                () =>
                  call(endpoints.addOffDate, {
                    id: market.id,
                    schedule_rev: market.schedule_rev,
                    date: pending.date,
                    note: pending.note,
                  }),
                { success: `${formatDay(pending.date)} is an off day for ${market.name}`, refresh },
              )
            : after(() => call(endpoints.removeOffDate, { id: market.id, date: pending.date }), {
                success: `${formatDay(pending.date)} draws again for ${market.name}`,
                refresh,
              });
        }}
      >
        {pending?.kind === 'add' && (
          <div className={styles.effect}>
            <p>
              <CalendarOff size={16} aria-hidden="true" /> <strong>{market.name}</strong> has no draw on{' '}
              <strong>{dayLabel(pending.date)}</strong>
              {pending.note ? ` (${pending.note})` : ''}: the player app shows it closed for that day and
              refuses bids on it.
            </p>
            {bidsOn(pending.date) > 0 && (
              <p className={styles.warning}>
                That day already has {bidsOn(pending.date)} bid{bidsOn(pending.date) === 1 ? '' : 's'}: the
                server will refuse this.
              </p>
            )}
          </div>
        )}
        {pending?.kind === 'remove' && (
          <p>
            <strong>{market.name}</strong> draws again on <strong>{dayLabel(pending.date)}</strong>:{' '}
            {drawsWithout(pending.date)}.
          </p>
        )}
      </ConfirmDialog>
    </Panel>
  );
}
