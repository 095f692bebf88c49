import { breakKindLabels, limitKindLabels } from '@gama/core/contract/play-messages';
import type { Text } from '@gama/core/i18n/texts';
import type { BreakKind, BreakOption, LimitKind, LimitPeriod } from '@gama/core/rules/responsible-play';
import { zonedParts } from '@gama/core/rules/time';
import { breakEnd, breakOptionIds, breakOptions, limitPeriods } from '@gama/core/rules/responsible-play';
import { Button } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { TextField } from '@gama/ui/Field';
import { Skeleton } from '@gama/ui/Skeleton';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Card, Form, Page } from '../../components/Page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { saveFile } from '@gama/ui/save-file';
import { marketTimeZone, serverNow } from '../../lib/server-clock.ts';
import { playApi, playSettingsKey, realityCheck } from './api.ts';
import { storeAnswered } from './reality-check.ts';
import { recentMonths } from './statement-months.ts';
import styles from './PlayLimits.module.css';

type Settings = Awaited<ReturnType<typeof playApi.settings>>;

const WHEN = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' } as const;

const breakNotices: Record<BreakKind, Text> = {
  timeout: 'Time-out until {until}. Betting, deposits and transfers are paused; you can still withdraw.',
  exclusion:
    'Self-exclusion until {until}. Betting, deposits and transfers are paused; you can still withdraw.',
};

const periodLabels: Record<LimitKind, Record<LimitPeriod, Text>> = {
  deposit: { day: 'Deposit limit per day', week: 'Deposit limit per week', month: 'Deposit limit per month' },
  stake: { day: 'Stake limit per day', week: 'Stake limit per week', month: 'Stake limit per month' },
};

const saveLabels: Record<LimitKind, Text> = { deposit: 'Save deposit limit', stake: 'Save stake limit' };

const breakLengths: Record<BreakOption, Text> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};

export default function PlayLimitsScreen() {
  const settings = useQuery({ queryKey: playSettingsKey, queryFn: playApi.settings });
  const t = useT();
  return (
    <Page title={t('Play limits')}>
      {settings.data ? (
        <>
          {settings.data.break && (
            <Card className={styles.notice}>
              <p role="status">
                {t(breakNotices[settings.data.break.kind], {
                  until: t.date(settings.data.break.until, WHEN),
                })}
              </p>
            </Card>
          )}
          <LimitCard kind="deposit" settings={settings.data} />
          <LimitCard kind="stake" settings={settings.data} />
          <BreakCard />
          <RealityCheckCard minutes={settings.data.reality_check_minutes} />
          <StatementCard />
        </>
      ) : (
        <Card>
          <div role="status" aria-label={t('Loading play limits')}>
            <Skeleton height={24} width="60%" />
            <Skeleton height={48} />
            <Skeleton height={48} />
          </div>
        </Card>
      )}
    </Page>
  );
}

function useSaved() {
  const queryClient = useQueryClient();
  return (answer: Settings & { msg: string }) => {
    queryClient.setQueryData(playSettingsKey, answer);
    toast.success(answer.msg);
  };
}

function LimitCard({ kind, settings }: { kind: LimitKind; settings: Settings }) {
  const limits = settings.limits.filter((l) => l.kind === kind);
  // The form shows the player's latest wish: a value still waiting its 24 hours, else the one in force.
  const shown = (period: string) => {
    const limit = limits.find((l) => l.period === period);
    const points = limit?.pending ? limit.pending.points : limit?.points;
    return points === null || points === undefined ? '' : String(points);
  };
  const [values, setValues] = useState({ day: shown('day'), week: shown('week'), month: shown('month') });
  const saved = useSaved();
  const t = useT();
  const save = useMutation({
    mutationFn: () => playApi.limits(kind, values),
    onSuccess: saved,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight(() => save.mutateAsync().catch(() => undefined));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };
  return (
    <Card>
      <h2 className={styles.heading}>{t.fromServer(limitKindLabels[kind])}</h2>
      <p className={styles.hint}>
        {t(
          'Points per day, week (from Monday) and month, India time. Leave empty for no limit. Lowering applies at once; raising or removing after 24 hours.',
        )}
      </p>
      <Form onSubmit={submit} aria-label={t.fromServer(limitKindLabels[kind])}>
        {limitPeriods.map((period) => {
          const limit = limits.find((l) => l.period === period);
          return (
            <div key={period}>
              <TextField
                label={t(periodLabels[kind][period])}
                name={`${kind}-${period}`}
                inputMode="numeric"
                placeholder={t('No limit')}
                value={values[period]}
                onValueChange={(value) =>
                  setValues((current) => ({ ...current, [period]: value.replace(/\D/g, '') }))
                }
              />
              <p className={styles.status}>
                {limit?.points === null || limit?.points === undefined
                  ? t('Now: no limit')
                  : t('Now: {points} points', { points: t.number(limit.points) })}
                {limit?.pending &&
                  ` · ${
                    limit.pending.points === null
                      ? t('Pending: no limit from {when}', { when: t.date(limit.pending.at, WHEN) })
                      : t('Pending: {points} points from {when}', {
                          points: t.number(limit.pending.points),
                          when: t.date(limit.pending.at, WHEN),
                        })
                  }`}
              </p>
            </div>
          );
        })}
        <Button type="submit" block busy={save.isPending} busyText={t('Saving...')}>
          {t(saveLabels[kind])}
        </Button>
      </Form>
    </Card>
  );
}

const breakConfirmTitles: Record<BreakKind, Text> = {
  timeout: 'Start a time-out?',
  exclusion: 'Start a self-exclusion?',
};

const breakConfirmTexts: Record<BreakKind, Text> = {
  timeout: 'Time-out for {length}, until {until}.',
  exclusion: 'Self-exclusion for {length}, until {until}.',
};

function BreakCard() {
  const [option, setOption] = useState<BreakOption>('24h');
  // Neither the player nor an operator can end a break early: it starts only after the player has read its
  // length and end date in their language.
  const [confirming, setConfirming] = useState<{ option: BreakOption; until: Date } | null>(null);
  const saved = useSaved();
  const t = useT();
  const start = useMutation({
    mutationFn: (chosen: BreakOption) => playApi.takeBreak(chosen),
    onSuccess: (answer) => {
      setConfirming(null);
      saved(answer);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((chosen: BreakOption) => start.mutateAsync(chosen).catch(() => undefined));
  const kind = confirming ? breakOptions[confirming.option].kind : 'timeout';
  return (
    <Card>
      <h2 className={styles.heading}>{t('Take a break')}</h2>
      <p className={styles.hint}>
        {t(
          'A time-out or self-exclusion stops betting, deposits and transfers until it ends. It cannot be ended early. You can still sign in to see your balance and history and to withdraw.',
        )}
      </p>
      <Form
        aria-label={t('Take a break')}
        onSubmit={(event) => {
          event.preventDefault();
          // The server starts the break at its own clock: the end shown is counted from the same clock.
          setConfirming({ option, until: breakEnd(option, serverNow()) });
        }}
      >
        <LabelledSelect
          id="break-option"
          label={t('Length')}
          value={option}
          onChange={(value) => setOption(value as BreakOption)}
          options={breakOptionIds.map((id) => ({
            value: id,
            label: `${t.fromServer(breakKindLabels[breakOptions[id].kind])}: ${t(breakLengths[id])}`,
          }))}
        />
        <Button type="submit" block variant="outline">
          {t('Start break')}
        </Button>
      </Form>
      <Dialog
        open={confirming !== null}
        onClose={() => !start.isPending && setConfirming(null)}
        title={t(breakConfirmTitles[kind])}
      >
        {confirming && (
          <div className={styles.confirm}>
            <p data-testid="break-confirm">
              <strong>
                {t(breakConfirmTexts[kind], {
                  length: t(breakLengths[confirming.option]),
                  until: t.date(confirming.until, WHEN),
                })}
              </strong>
            </p>
            <p className={styles.hint}>
              {t(
                'It cannot be ended early, by you or by our staff. Betting, deposits and transfers stay paused until then.',
              )}
            </p>
            <div className={styles.confirmActions}>
              <Button
                variant="outline"
                data-autofocus
                disabled={start.isPending}
                onClick={() => setConfirming(null)}
              >
                {t('Cancel')}
              </Button>
              <Button
                variant="danger"
                busy={start.isPending}
                busyText={t('Please wait...')}
                onClick={() => void send(confirming.option)}
              >
                {t('Yes, start it')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </Card>
  );
}

function RealityCheckCard({ minutes }: { minutes: number }) {
  const saved = useSaved();
  const t = useT();
  const change = useMutation({
    mutationFn: playApi.realityCheck,
    onSuccess: (answer) => {
      saved(answer);
      // A new interval counts from now: choosing one is not a reason to show a check at once.
      const session = realityCheck.data;
      if (session) storeAnswered(session.signed_in_at, new Date(Date.now() + session.offsetMs));
      realityCheck.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Card>
      <h2 className={styles.heading}>{t('Reality check')}</h2>
      <p className={styles.hint}>{t('A reminder of your time and net result since you signed in.')}</p>
      <LabelledSelect
        id="reality-check"
        label={t('Remind me every')}
        value={String(minutes)}
        disabled={change.isPending}
        onChange={(value) => change.mutate(value as '0' | '15' | '30' | '60')}
        options={[
          { value: '0', label: t('Off') },
          ...[15, 30, 60].map((n) => ({ value: String(n), label: t('{n} minutes', { n }) })),
        ]}
      />
    </Card>
  );
}

function StatementCard() {
  // The months as the server's clock and zone see them: a phone set to the wrong date still asks for real ones.
  const t = useT();
  const language = t.language;
  const months = useMemo(
    () => recentMonths(zonedParts(serverNow(), marketTimeZone()).date, undefined, language),
    [language],
  );
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const fetchFile = useMutation({
    mutationFn: () => playApi.statement(month),
    onSuccess: saveFile,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight(() => fetchFile.mutateAsync().catch(() => undefined));
  return (
    <Card>
      <h2 className={styles.heading}>{t('Account statement')}</h2>
      <p className={styles.hint}>
        {t('Every movement of your wallet in one month, with the balance after each, as a CSV file.')}
      </p>
      <Form
        aria-label={t('Account statement')}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <LabelledSelect
          id="statement-month"
          label={t('Month')}
          value={month}
          onChange={setMonth}
          options={months}
        />
        <Button type="submit" block variant="outline" busy={fetchFile.isPending} busyText={t('Preparing...')}>
          {t('Download statement')}
        </Button>
      </Form>
    </Card>
  );
}

/** A setting chosen from a short list, labelled above as every setting on this screen is. */
function LabelledSelect({
  id,
  label,
  value,
  disabled,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </>
  );
}
