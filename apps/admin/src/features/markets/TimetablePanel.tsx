import { endpoints } from '@gama/core/endpoints';
import type { MarketAnswer } from '@gama/core/endpoints/markets/index';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { WEEKDAY_NAMES, type Weekday } from '@gama/core/rules/dates';
import type { MarketSchedule } from '@gama/core/rules/schedule';
import { applyTimetable, daysAhead, type TimetableInput } from '@gama/core/rules/schedule-edit';
import { Button } from '@gama/ui/Button';
import { CircleAlert, Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { SaveDialog } from '../../shared/SaveDialog.tsx';
import {
  clockOf,
  inputTime,
  marketKey,
  marketsKey,
  scheduleOf,
  shortWeekday,
  timesText,
} from './market-text.ts';
import styles from './Markets.module.css';

interface DayDraft {
  active: boolean;
  /** The weekday has its own times instead of the every-day ones. */
  own: boolean;
  open: string;
  close: string;
}

interface Draft {
  open: string;
  close: string;
  days: DayDraft[];
}

function draftOf(schedule: MarketSchedule): Draft {
  const days: DayDraft[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = schedule.days[weekday as Weekday] ?? { active: false };
    days.push({
      active: day.active,
      own: day.openMinutes !== undefined || day.closeMinutes !== undefined,
      open: inputTime(day.openMinutes ?? schedule.openMinutes),
      close: inputTime(day.closeMinutes ?? schedule.closeMinutes),
    });
  }
  return { open: inputTime(schedule.openMinutes), close: inputTime(schedule.closeMinutes), days };
}

/** The form as the API's timetable, or the first field that is not a time. */
function inputOf(main: boolean, draft: Draft): { input: TimetableInput } | { problem: string } {
  const open = clockOf(draft.open);
  const close = clockOf(draft.close);
  if (open === null || (main && close === null)) return { problem: 'Every day: enter the times' };
  const days = [];
  for (const [index, day] of draft.days.entries()) {
    if (!day.active || !day.own) {
      days.push({ active: day.active });
      continue;
    }
    const dayOpen = clockOf(day.open);
    const dayClose = clockOf(day.close);
    if (dayOpen === null || (main && dayClose === null))
      return { problem: `${WEEKDAY_NAMES[index as Weekday]}: enter the times` };
    days.push({ active: true, open_time: dayOpen, ...(main && dayClose ? { close_time: dayClose } : {}) });
  }
  return { input: { open_time: open, ...(main && close ? { close_time: close } : {}), days } };
}

/** The confirmation names this many changed days; the days table shows them all once saved. */
const SHOWN_CHANGES = 3;

/** "open 03:00 PM, close 05:00 PM" as "03:00 PM – 05:00 PM", to keep the confirmation short on a phone. */
const compact = (draws: string) => draws.replace(/^open (.+), close (.+)$/, '$1 – $2');

interface Pending {
  input: TimetableInput;
  schedule: MarketSchedule;
  changed: Array<{ date: string; weekday: number; was: string; will: string; bids: number; held: boolean }>;
}

/**
 * The weekly timetable: the every-day times, each weekday on or off and with its own times if it differs.
 * The shared rule (applyTimetable) checks the form before anything is sent; the confirmation lists the days
 * of the next two weeks that change, and the server refuses a change to a day whose draws have bids.
 */
export function TimetablePanel({ answer, canManage }: { answer: MarketAnswer; canManage: boolean }) {
  const { market } = answer;
  const main = market.grp === 'main';
  const schedule = scheduleOf(market);
  const initial = draftOf(schedule);
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const problemId = useId();
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);

  // An edit clears the last refusal: it spoke of the times before it.
  const edit = (change: Partial<Draft>) => {
    setDraft({ ...draft, ...change });
    setProblem(null);
  };
  const setDay = (index: number, change: Partial<DayDraft>) =>
    edit({ days: draft.days.map((d, i) => (i === index ? { ...d, ...change } : d)) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = inputOf(main, draft);
    if ('problem' in built) return setProblem(built.problem);
    const edit = applyTimetable(market.grp, schedule, built.input);
    if (!edit.ok) return setProblem(edit.message);
    const next = daysAhead(
      market.grp,
      { active: market.active, schedule: edit.schedule },
      answer.market_date,
      14,
    );
    const changed = answer.days
      .map((day, i) => ({ day, will: next[i]?.draws ?? day.draws }))
      .filter(({ day, will }) => will !== day.draws)
      .sort((a, b) => Number(b.day.held) - Number(a.day.held))
      .map(({ day, will }) => ({
        date: day.date,
        weekday: day.weekday,
        was: day.draws,
        will,
        bids: day.bids,
        held: day.held,
      }));
    setProblem(null);
    setPending({ input: built.input, schedule: edit.schedule, changed });
  };

  const overnight = main && draft.close !== '' && draft.open !== '' && draft.close < draft.open;
  const timeLabel = main ? 'Open' : 'Draw time';

  return (
    <Panel title="Weekly timetable">
      <form onSubmit={submit} noValidate aria-label="Weekly timetable" className={styles.timetable}>
        <fieldset className={styles.everyDay} disabled={!canManage}>
          <legend>Every day</legend>
          <label>
            {main ? 'Open time' : 'Draw time'}
            <input type="time" value={draft.open} onChange={(e) => edit({ open: e.target.value })} />
          </label>
          {main && (
            <label>
              Close time
              <input type="time" value={draft.close} onChange={(e) => edit({ close: e.target.value })} />
            </label>
          )}
        </fieldset>
        {overnight && (
          <p className={styles.hint} role="status">
            Closes after midnight: the close is on the next day, and bids until then count for the day the
            market opened.
          </p>
        )}
        <table className={styles.weekTable}>
          <caption className="visually-hidden">Weekdays</caption>
          <thead>
            <tr>
              <th scope="col">Weekday</th>
              <th scope="col">Draws</th>
              <th scope="col">Own times</th>
              <th scope="col">{timeLabel}</th>
              {main && <th scope="col">Close</th>}
            </tr>
          </thead>
          <tbody>
            {draft.days.map((day, index) => {
              const name = WEEKDAY_NAMES[index as Weekday];
              return (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>
                    <label className={styles.check}>
                      <input
                        type="checkbox"
                        checked={day.active}
                        disabled={!canManage}
                        onChange={(e) => setDay(index, { active: e.target.checked })}
                        aria-label={`${name} draws`}
                      />
                      <span aria-hidden="true">{day.active ? 'Draws' : 'Off'}</span>
                    </label>
                  </td>
                  <td>
                    <label className={styles.check}>
                      <input
                        type="checkbox"
                        checked={day.own && day.active}
                        disabled={!canManage || !day.active}
                        onChange={(e) =>
                          setDay(index, {
                            own: e.target.checked,
                            ...(e.target.checked && !day.own ? { open: draft.open, close: draft.close } : {}),
                          })
                        }
                        aria-label={`${name} has its own times`}
                      />
                      <span aria-hidden="true">Own</span>
                    </label>
                  </td>
                  {day.active && day.own ? (
                    <>
                      <td>
                        <input
                          type="time"
                          value={day.open}
                          disabled={!canManage}
                          aria-label={`${name} ${main ? 'open time' : 'draw time'}`}
                          onChange={(e) => setDay(index, { open: e.target.value })}
                        />
                      </td>
                      {main && (
                        <td>
                          <input
                            type="time"
                            value={day.close}
                            disabled={!canManage}
                            aria-label={`${name} close time`}
                            onChange={(e) => setDay(index, { close: e.target.value })}
                          />
                        </td>
                      )}
                    </>
                  ) : (
                    <td colSpan={main ? 2 : 1} className={styles.span}>
                      <span className={styles.muted}>{day.active ? 'Every-day times' : 'No draw'}</span>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {problem && (
          <p id={problemId} className={styles.error} role="alert">
            <CircleAlert size={16} aria-hidden="true" />
            {problem}
          </p>
        )}
        {canManage && (
          <div className={styles.buttons}>
            <Button type="submit" disabled={!dirty} icon={<Save size={18} aria-hidden="true" />}>
              Save timetable
            </Button>
            {dirty && (
              <Button
                variant="ghost"
                onClick={() => {
                  setDraft(initial);
                  setProblem(null);
                }}
              >
                Undo changes
              </Button>
            )}
          </div>
        )}
      </form>
      <SaveDialog
        wording={{ title: 'Change the timetable', confirmLabel: 'Save timetable', busyText: 'Saving' }}
        pending={pending}
        onClose={() => setPending(null)}
        save={({ input }) =>
          call(endpoints.setTimetable, {
            id: market.id,
            schedule_rev: market.schedule_rev,
            open_time: input.open_time,
            ...(input.close_time ? { close_time: input.close_time } : {}),
            days: [...input.days],
          })
        }
        saved={{ success: `${market.name}: timetable saved`, refresh: [marketsKey, marketKey(market.id)] }}
      >
        {pending && <TimetableEffect name={market.name} group={market.grp} pending={pending} />}
      </SaveDialog>
    </Panel>
  );
}

function TimetableEffect({ name, group, pending }: { name: string; group: MarketGroup; pending: Pending }) {
  const main = group === 'main';
  const { schedule, changed } = pending;
  const off = [0, 1, 2, 3, 4, 5, 6].filter((d) => !schedule.days[d as Weekday].active);
  const own = [0, 1, 2, 3, 4, 5, 6].filter((d) => {
    const day = schedule.days[d as Weekday];
    return day.active && (day.openMinutes !== undefined || day.closeMinutes !== undefined);
  });
  const held = changed.filter((d) => d.held);
  return (
    <div className={styles.effect}>
      <p>
        From the next draw <strong>{name}</strong> {main ? 'opens and closes' : 'draws'} at{' '}
        <strong>{timesText(group, schedule)}</strong> every day
        {off.length > 0 ? `, except ${off.map((d) => WEEKDAY_NAMES[d as Weekday]).join(', ')} (no draw)` : ''}
        {own.length > 0 ? `; ${own.map((d) => WEEKDAY_NAMES[d as Weekday]).join(', ')} with own times` : ''}.
      </p>
      {held.length > 0 && (
        <p className={styles.warning}>
          {held.map((d) => formatDay(d.date)).join(', ')} already {held.length === 1 ? 'has' : 'have'} bids,
          so
          {held.length === 1 ? ' it keeps its' : ' they keep their'} times: the server will refuse this
          change.
        </p>
      )}
      {changed.length === 0 ? (
        <p>No day of the next two weeks changes.</p>
      ) : (
        <>
          <p>
            {changed.length} day{changed.length === 1 ? '' : 's'} of the next two weeks change
            {changed.length === 1 ? 's' : ''}:
          </p>
          <ul className={styles.changes}>
            {changed.slice(0, SHOWN_CHANGES).map((d) => (
              <li key={d.date}>
                {shortWeekday(d.weekday)} {formatDay(d.date)}: {compact(d.was)} →{' '}
                <strong>{compact(d.will)}</strong>
                {d.bids > 0 ? ` (${d.bids} bid${d.bids === 1 ? '' : 's'})` : ''}
              </li>
            ))}
            {changed.length > SHOWN_CHANGES && (
              <li>
                and {changed.length - SHOWN_CHANGES} more (the list of the next 14 days shows them once saved)
              </li>
            )}
          </ul>
        </>
      )}
      <p className={styles.muted}>The player app shows the new times at once.</p>
    </div>
  );
}
