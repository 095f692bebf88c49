import { breakKindLabels, limitKindLabels, limitPeriodLabels } from '@gama/core/contract/play-messages';
import type { BreakOption, LimitKind } from '@gama/core/rules/responsible-play';
import { zonedParts } from '@gama/core/rules/time';
import { breakOptionIds, breakOptions, limitPeriods } from '@gama/core/rules/responsible-play';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { Skeleton } from '@gama/ui/Skeleton';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Card, Form, Page, PageTitle } from '../../components/Page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { marketTimeZone, serverNow } from '../../lib/server-clock.ts';
import { playApi, playSettingsKey, realityCheckKey } from './api.ts';
import { storeAnswered } from './reality-check.ts';
import { recentMonths } from './statement-months.ts';
import styles from './PlayLimits.module.css';

type Settings = Awaited<ReturnType<typeof playApi.settings>>;
type RealityCheckData = Awaited<ReturnType<typeof playApi.check>>;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });

export default function PlayLimitsScreen() {
  const settings = useQuery({ queryKey: playSettingsKey, queryFn: playApi.settings });
  return (
    <Page>
      <PageTitle>Play limits</PageTitle>
      {settings.data ? (
        <>
          {settings.data.break && (
            <Card className={styles.notice}>
              <p role="status">
                {breakKindLabels[settings.data.break.kind]} until {when(settings.data.break.until)}. Betting,
                deposits and transfers are paused; you can still withdraw.
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
          <div role="status" aria-label="Loading play limits">
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
      <h2 className={styles.heading}>{limitKindLabels[kind]}</h2>
      <p className={styles.hint}>
        Points per day, week (from Monday) and month, India time. Leave empty for no limit. Lowering applies
        at once; raising or removing after 24 hours.
      </p>
      <Form onSubmit={submit} aria-label={limitKindLabels[kind]}>
        {limitPeriods.map((period) => {
          const limit = limits.find((l) => l.period === period);
          return (
            <div key={period}>
              <TextField
                label={`${limitKindLabels[kind]} per ${limitPeriodLabels[period].toLowerCase()}`}
                name={`${kind}-${period}`}
                inputMode="numeric"
                placeholder="No limit"
                value={values[period]}
                onValueChange={(value) =>
                  setValues((current) => ({ ...current, [period]: value.replace(/\D/g, '') }))
                }
              />
              <p className={styles.status}>
                {limit?.points === null || limit?.points === undefined
                  ? 'Now: no limit'
                  : `Now: ${limit.points.toLocaleString('en-IN')} points`}
                {limit?.pending &&
                  ` · Pending: ${
                    limit.pending.points === null
                      ? 'no limit'
                      : `${limit.pending.points.toLocaleString('en-IN')} points`
                  } from ${when(limit.pending.at)}`}
              </p>
            </div>
          );
        })}
        <Button type="submit" block busy={save.isPending} busyText="Saving...">
          Save {limitKindLabels[kind].toLowerCase()}
        </Button>
      </Form>
    </Card>
  );
}

function BreakCard() {
  const [option, setOption] = useState<BreakOption>('24h');
  const saved = useSaved();
  const start = useMutation({
    mutationFn: () => playApi.takeBreak(option),
    onSuccess: saved,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight(() => start.mutateAsync().catch(() => undefined));
  return (
    <Card>
      <h2 className={styles.heading}>Take a break</h2>
      <p className={styles.hint}>
        A time-out or self-exclusion stops betting, deposits and transfers until it ends. It cannot be ended
        early. You can still sign in to see your balance and history and to withdraw.
      </p>
      <Form
        aria-label="Take a break"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className={styles.label} htmlFor="break-option">
          Length
        </label>
        <select
          id="break-option"
          className={styles.select}
          value={option}
          onChange={(event) => setOption(event.target.value as BreakOption)}
        >
          {breakOptionIds.map((id) => (
            <option key={id} value={id}>
              {breakKindLabels[breakOptions[id].kind]}: {breakOptions[id].label}
            </option>
          ))}
        </select>
        <Button type="submit" block variant="outline" busy={start.isPending} busyText="Please wait...">
          Start break
        </Button>
      </Form>
    </Card>
  );
}

function RealityCheckCard({ minutes }: { minutes: number }) {
  const saved = useSaved();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: playApi.realityCheck,
    onSuccess: (answer) => {
      saved(answer);
      // A new interval counts from now: choosing one is not a reason to show a check at once.
      const session = queryClient.getQueryData<RealityCheckData>(realityCheckKey);
      if (session) storeAnswered(session.signed_in_at, new Date(Date.now() + session.offsetMs));
      void queryClient.invalidateQueries({ queryKey: realityCheckKey });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Card>
      <h2 className={styles.heading}>Reality check</h2>
      <p className={styles.hint}>A reminder of your time and net result since you signed in.</p>
      <label className={styles.label} htmlFor="reality-check">
        Remind me every
      </label>
      <select
        id="reality-check"
        className={styles.select}
        value={String(minutes)}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as '0' | '15' | '30' | '60')}
      >
        <option value="0">Off</option>
        <option value="15">15 minutes</option>
        <option value="30">30 minutes</option>
        <option value="60">60 minutes</option>
      </select>
    </Card>
  );
}

function StatementCard() {
  // The months as the server's clock and zone see them: a phone set to the wrong date still asks for real ones.
  const months = useMemo(() => recentMonths(zonedParts(serverNow(), marketTimeZone()).date), []);
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const fetchFile = useMutation({
    mutationFn: () => playApi.statement(month),
    onSuccess: saveFile,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight(() => fetchFile.mutateAsync().catch(() => undefined));
  return (
    <Card>
      <h2 className={styles.heading}>Account statement</h2>
      <p className={styles.hint}>
        Every movement of your wallet in one month, with the balance after each, as a CSV file.
      </p>
      <Form
        aria-label="Account statement"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className={styles.label} htmlFor="statement-month">
          Month
        </label>
        <select
          id="statement-month"
          className={styles.select}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
        >
          {months.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <Button type="submit" block variant="outline" busy={fetchFile.isPending} busyText="Preparing...">
          Download statement
        </Button>
      </Form>
    </Card>
  );
}
