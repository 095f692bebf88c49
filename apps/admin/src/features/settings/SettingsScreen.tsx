import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { formatWholePoints } from '@gama/core/rules/money';
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { Toggle } from '../../components/Toggle.tsx';
import { call } from '../../lib/api-client.ts';
import { useCan } from '../../lib/session.ts';
import { SaveDialog } from '../../shared/SaveDialog.tsx';
import { Loaded } from '../../shared/Loaded.tsx';
import styles from './SettingsScreen.module.css';

type Settings = Answer<typeof endpoints.settingsRead>['settings'];
type Patch = CallInput<typeof endpoints.settingsUpdate>;
const settingsKey = ['settings'] as const;

/** The operator limits (decision 027): whole numbers the owner sets, each with its field and its words. */
const limitFields = [
  {
    key: 'cashier_credit_allowance',
    label: 'A cashier may credit alone, in any 24 hours (points; 0: no limit)',
    max: 1_000_000_000,
  },
  {
    key: 'cashier_payout_allowance',
    label: 'A cashier may pay out alone, in any 24 hours (points; 0: no limit)',
    max: 1_000_000_000,
  },
  {
    key: 'owner_credit_allowance',
    label: 'An owner may credit alone, in any 24 hours (points; 0: no limit)',
    max: 1_000_000_000,
  },
  {
    key: 'owner_payout_allowance',
    label: 'An owner may pay out alone, in any 24 hours (points; 0: no limit)',
    max: 1_000_000_000,
  },
  {
    key: 'credit_payout_window_days',
    label: 'Days after crediting a player that the same operator cannot pay them alone (0: off)',
    max: 90,
  },
] as const;
type LimitKey = (typeof limitFields)[number]['key'];

/** The risk signals' thresholds (decision 039), each with its bounds (the server checks them again). */
const signalFields = [
  { key: 'signal_link_days', label: 'Link players by what they shared in the last (days)', min: 1, max: 365 },
  {
    key: 'signal_ip_max_players',
    label: 'A sign-in address used by more players than this is a shared network and links nobody',
    min: 2,
    max: 1000,
  },
  { key: 'signal_chain_transfers', label: 'Transfers passed on in a row that make a chain', min: 2, max: 50 },
  { key: 'signal_chain_minutes', label: 'Minutes a chain may take at most', min: 1, max: 10_080 },
  {
    key: 'signal_burst_transfers',
    label: 'Transfers sent or received by one player that make a burst',
    min: 2,
    max: 1000,
  },
  { key: 'signal_burst_minutes', label: 'Minutes a burst may take at most', min: 1, max: 1440 },
] as const;
type SignalKey = (typeof signalFields)[number]['key'];

/** Referrals (decision 038): what a first approved deposit of a referred player pays, and the daily cap. */
const referralFields = [
  { key: 'referral_reward', label: 'Reward to the referrer (points)', max: 1_000_000_000 },
  {
    key: 'referral_new_player_reward',
    label: 'Reward to the new player (points; 0: none)',
    max: 1_000_000_000,
  },
  { key: 'referral_daily_cap', label: 'Rewards one referrer may earn in a day (0: no cap)', max: 10_000 },
] as const;
type ReferralKey = (typeof referralFields)[number]['key'];

/** Notices to players (decision 037): the day's limit and the audience past which a second operator approves. */
const noticeFields = [
  {
    key: 'notice_daily_limit',
    label: 'Notices to players that may be sent in a day, all operators together (1 to 100)',
    min: 1,
    max: 100,
  },
  {
    key: 'notice_two_person_above',
    label:
      'A notice needs a second operator when notices sent alone today would reach more players than this (0: never)',
    min: 0,
    max: 10_000_000,
  },
] as const;
type NoticeKey = (typeof noticeFields)[number]['key'];

/** The owner's settings: the two-person rules, the operator limits and mandatory two-factor. */
export default function SettingsScreen() {
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(endpoints.settingsRead, {}, { signal }),
  });
  return (
    <>
      <PageHeader
        title="Settings"
        description="Rules that apply to every operator. Each change is in the audit log."
      />
      <Loaded query={settings} height={240} radius={12}>
        {(data) => <SettingsForm key={JSON.stringify(data.settings)} saved={data.settings} />}
      </Loaded>
    </>
  );
}

function SettingsForm({ saved }: { saved: Settings }) {
  const canChange = useCan('settings.manage');
  const [resultsTwoPerson, setResultsTwoPerson] = useState(saved.results_two_person);
  const [totpRequired, setTotpRequired] = useState(saved.totp_required);
  const [threshold, setThreshold] = useState(String(saved.withdrawal_two_person_above));
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const [retention, setRetention] = useState(String(saved.support_retention_days));
  const [retentionError, setRetentionError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<Patch | null>(null);
  const [limits, setLimits] = useState<Record<LimitKey, string>>(
    () =>
      Object.fromEntries(limitFields.map((f) => [f.key, String(saved[f.key])])) as Record<LimitKey, string>,
  );
  const [limitErrors, setLimitErrors] = useState<Partial<Record<LimitKey, string>>>({});
  const [signals, setSignals] = useState<Record<SignalKey, string>>(
    () =>
      Object.fromEntries(signalFields.map((f) => [f.key, String(saved[f.key])])) as Record<SignalKey, string>,
  );
  const [signalErrors, setSignalErrors] = useState<Partial<Record<SignalKey, string>>>({});
  const [holdWithdrawals, setHoldWithdrawals] = useState(saved.signal_hold_withdrawals);
  const [referralsOn, setReferralsOn] = useState(saved.referrals_on);
  const [referral, setReferral] = useState<Record<ReferralKey, string>>(
    () =>
      Object.fromEntries(referralFields.map((f) => [f.key, String(saved[f.key])])) as Record<
        ReferralKey,
        string
      >,
  );
  const [referralErrors, setReferralErrors] = useState<Partial<Record<ReferralKey, string>>>({});
  const [notices, setNotices] = useState<Record<NoticeKey, string>>(
    () =>
      Object.fromEntries(noticeFields.map((f) => [f.key, String(saved[f.key])])) as Record<NoticeKey, string>,
  );
  const [noticeErrors, setNoticeErrors] = useState<Partial<Record<NoticeKey, string>>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const points = Number(threshold);
    if (!/^\d{1,8}$/.test(threshold) || points > 10_000_000) {
      setThresholdError('Enter a whole number of points from 0 to 1,00,00,000');
      return;
    }
    const problems: Partial<Record<LimitKey, string>> = {};
    for (const field of limitFields) {
      const text = limits[field.key];
      if (!/^\d{1,10}$/.test(text) || Number(text) > field.max)
        problems[field.key] = `Enter a whole number from 0 to ${field.max.toLocaleString('en-IN')}`;
    }
    setLimitErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const referralProblems: Partial<Record<ReferralKey, string>> = {};
    for (const field of referralFields) {
      const text = referral[field.key];
      if (!/^\d{1,10}$/.test(text) || Number(text) > field.max)
        referralProblems[field.key] = `Enter a whole number from 0 to ${field.max.toLocaleString('en-IN')}`;
    }
    if (
      referralsOn &&
      referralProblems.referral_reward === undefined &&
      Number(referral.referral_reward) === 0
    )
      referralProblems.referral_reward = 'The reward must be more than 0 while referrals are on';
    setReferralErrors(referralProblems);
    if (Object.keys(referralProblems).length > 0) return;
    const signalProblems: Partial<Record<SignalKey, string>> = {};
    for (const field of signalFields) {
      const text = signals[field.key];
      if (!/^\d{1,5}$/.test(text) || Number(text) < field.min || Number(text) > field.max)
        signalProblems[field.key] =
          `Enter a whole number from ${field.min} to ${field.max.toLocaleString('en-IN')}`;
    }
    setSignalErrors(signalProblems);
    if (Object.keys(signalProblems).length > 0) return;
    const noticeProblems: Partial<Record<NoticeKey, string>> = {};
    for (const field of noticeFields) {
      const text = notices[field.key];
      if (!/^\d{1,8}$/.test(text) || Number(text) < field.min || Number(text) > field.max)
        noticeProblems[field.key] =
          `Enter a whole number from ${field.min} to ${field.max.toLocaleString('en-IN')}`;
    }
    setNoticeErrors(noticeProblems);
    if (Object.keys(noticeProblems).length > 0) return;
    const days = Number(retention);
    if (!/^\d{1,4}$/.test(retention) || days < 7 || days > 3650) {
      setRetentionError('Enter a whole number of days from 7 to 3,650');
      return;
    }
    const patch: Patch = {};
    if (days !== saved.support_retention_days) patch.support_retention_days = days;
    for (const field of limitFields) {
      const value = Number(limits[field.key]);
      if (value !== saved[field.key]) patch[field.key] = value;
    }
    for (const field of referralFields) {
      const value = Number(referral[field.key]);
      if (value !== saved[field.key]) patch[field.key] = value;
    }
    if (referralsOn !== saved.referrals_on) patch.referrals_on = referralsOn;
    for (const field of signalFields) {
      const value = Number(signals[field.key]);
      if (value !== saved[field.key]) patch[field.key] = value;
    }
    for (const field of noticeFields) {
      const value = Number(notices[field.key]);
      if (value !== saved[field.key]) patch[field.key] = value;
    }
    if (holdWithdrawals !== saved.signal_hold_withdrawals) patch.signal_hold_withdrawals = holdWithdrawals;
    if (resultsTwoPerson !== saved.results_two_person) patch.results_two_person = resultsTwoPerson;
    if (totpRequired !== saved.totp_required) patch.totp_required = totpRequired;
    if (points !== saved.withdrawal_two_person_above) patch.withdrawal_two_person_above = points;
    if (Object.keys(patch).length > 0) setConfirming(patch);
  };

  const changes = confirming ? describe(confirming) : [];

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Settings" className={styles.form}>
        <Panel title="Two-person rules">
          <Toggle
            label="Results need a second operator"
            hint="A declared result pays nothing, and a revert takes nothing back, until another operator with the results role approves it."
            checked={resultsTwoPerson}
            onChange={setResultsTwoPerson}
            disabled={!canChange}
          />
          <div className={styles.threshold}>
            <TextField
              label="Withdrawals above this many points need a second operator, a player's 24 hours counted together (0: never)"
              name="withdrawal_two_person_above"
              inputMode="numeric"
              value={threshold}
              onValueChange={(value) => {
                setThreshold(value.replace(/\D/g, '').slice(0, 8));
                setThresholdError(undefined);
              }}
              error={thresholdError}
              disabled={!canChange}
            />
          </div>
        </Panel>
        <Panel title="Operator limits">
          <p className={styles.note}>
            What one operator may move out of the house alone: manual credits and deposit approvals count as
            credits, withdrawals paid on their approval alone as payouts. Past the allowance a credit waits in
            Held credits for a second operator, a deposit is left for another operator, and a withdrawal
            approval is only the first of two.
          </p>
          <div className={styles.limits}>
            {limitFields.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                name={field.key}
                inputMode="numeric"
                value={limits[field.key]}
                onValueChange={(value) => {
                  setLimits((current) => ({
                    ...current,
                    [field.key]: value.replace(/\D/g, '').slice(0, 10),
                  }));
                  setLimitErrors((current) => ({ ...current, [field.key]: undefined }));
                }}
                error={limitErrors[field.key]}
                disabled={!canChange}
              />
            ))}
          </div>
        </Panel>
        <Panel title="Referrals">
          <Toggle
            label="Referrals on"
            hint="Registration takes a player's referral code, and the referred player's first approved deposit pays the rewards below from the promotions account. Rewards of linked accounts wait in Referrals for review."
            checked={referralsOn}
            onChange={setReferralsOn}
            disabled={!canChange}
          />
          <div className={styles.limits}>
            {referralFields.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                name={field.key}
                inputMode="numeric"
                value={referral[field.key]}
                onValueChange={(value) => {
                  setReferral((current) => ({
                    ...current,
                    [field.key]: value.replace(/\D/g, '').slice(0, 10),
                  }));
                  setReferralErrors((current) => ({ ...current, [field.key]: undefined }));
                }}
                error={referralErrors[field.key]}
                disabled={!canChange}
              />
            ))}
          </div>
        </Panel>
        <Panel title="Risk signals">
          <p className={styles.note}>
            Players are linked by a device, sign-in address, payout number or UPI id they share; transfers are
            flagged when they pass points on in a chain or come in bursts. Flags wait on the risk queue.
          </p>
          <Toggle
            label="Hold withdrawals of flagged players"
            hint="A withdrawal of a player with an open or confirmed flag waits at the desk until an operator clears the hold or the flag is dismissed."
            checked={holdWithdrawals}
            onChange={setHoldWithdrawals}
            disabled={!canChange}
          />
          <div className={styles.limits}>
            {signalFields.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                name={field.key}
                inputMode="numeric"
                value={signals[field.key]}
                onValueChange={(value) => {
                  setSignals((current) => ({
                    ...current,
                    [field.key]: value.replace(/\D/g, '').slice(0, 5),
                  }));
                  setSignalErrors((current) => ({ ...current, [field.key]: undefined }));
                }}
                error={signalErrors[field.key]}
                disabled={!canChange}
              />
            ))}
          </div>
        </Panel>
        <Panel title="Notices to players">
          <p className={styles.note}>
            Notices are written on the Notices screen. Players reached by notices sent without a second
            operator are counted over the day, so a large audience split into small notices still needs one.
          </p>
          <div className={styles.limits}>
            {noticeFields.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                name={field.key}
                inputMode="numeric"
                value={notices[field.key]}
                onValueChange={(value) => {
                  setNotices((current) => ({
                    ...current,
                    [field.key]: value.replace(/\D/g, '').slice(0, 8),
                  }));
                  setNoticeErrors((current) => ({ ...current, [field.key]: undefined }));
                }}
                error={noticeErrors[field.key]}
                disabled={!canChange}
              />
            ))}
          </div>
        </Panel>
        <Panel title="Support">
          <div className={styles.threshold}>
            <TextField
              label="Keep support messages this many days (7 to 3,650)"
              name="support_retention_days"
              inputMode="numeric"
              value={retention}
              onValueChange={(value) => {
                setRetention(value.replace(/\D/g, '').slice(0, 4));
                setRetentionError(undefined);
              }}
              error={retentionError}
              disabled={!canChange}
            />
          </div>
        </Panel>
        <Panel title="Sign-in">
          <Toggle
            label="Two-factor required for every operator"
            hint="Operators without it must enrol at their next sign-in before they can do anything else."
            checked={totpRequired}
            onChange={setTotpRequired}
            disabled={!canChange}
          />
        </Panel>
        {canChange && (
          <div>
            <Button type="submit" icon={<Save size={18} aria-hidden="true" />}>
              Save changes
            </Button>
          </div>
        )}
      </form>
      <SaveDialog
        wording={{ title: 'Save settings', confirmLabel: 'Save', busyText: 'Saving' }}
        pending={confirming}
        onClose={() => setConfirming(null)}
        save={(patch) => call(endpoints.settingsUpdate, patch)}
        saved={{ success: 'Settings saved', refresh: [settingsKey] }}
      >
        <ul className={styles.changes}>
          {changes.map((change, index) => (
            <li key={index}>{change}</li>
          ))}
        </ul>
      </SaveDialog>
    </>
  );
}

function describe(patch: Patch): ReactNode[] {
  const lines: ReactNode[] = [];
  if (patch.results_two_person !== undefined)
    lines.push(
      patch.results_two_person
        ? 'Results will need a second operator’s approval before they pay.'
        : 'A declared result will pay at once, without a second operator.',
    );
  if (patch.withdrawal_two_person_above !== undefined)
    lines.push(
      patch.withdrawal_two_person_above === 0 ? (
        'No withdrawal will need a second operator.'
      ) : (
        <>
          Withdrawals above <strong>{formatWholePoints(patch.withdrawal_two_person_above)} points</strong>{' '}
          will need a second operator (a player's withdrawals of 24 hours count together).
        </>
      ),
    );
  for (const field of limitFields) {
    const value = patch[field.key];
    if (value !== undefined)
      lines.push(
        <>
          {field.label.replace(/ \(.*\)$/, '')}:{' '}
          <strong>
            {field.key === 'credit_payout_window_days'
              ? value === 0
                ? 'off'
                : `${value} days`
              : value === 0
                ? 'no limit'
                : `${formatWholePoints(value)} points`}
          </strong>
        </>,
      );
  }
  if (patch.referrals_on !== undefined)
    lines.push(
      patch.referrals_on
        ? 'Referrals will be on: registration takes a code, and first approved deposits pay rewards.'
        : 'Referrals will be off: codes are not taken, and first deposits from now on pay no reward.',
    );
  for (const field of referralFields) {
    const value = patch[field.key];
    if (value !== undefined)
      lines.push(
        <>
          {field.label.replace(/ \(.*\)$/, '')}:{' '}
          <strong>
            {field.key === 'referral_daily_cap'
              ? value === 0
                ? 'no cap'
                : `${value} a day`
              : value === 0
                ? 'none'
                : `${formatWholePoints(value)} points`}
          </strong>
        </>,
      );
  }
  for (const field of signalFields) {
    const value = patch[field.key];
    if (value !== undefined)
      lines.push(
        <>
          {field.label}: <strong>{value.toLocaleString('en-IN')}</strong>
        </>,
      );
  }
  if (patch.notice_daily_limit !== undefined)
    lines.push(
      <>
        Notices a day: <strong>{patch.notice_daily_limit}</strong>
      </>,
    );
  if (patch.notice_two_person_above !== undefined)
    lines.push(
      patch.notice_two_person_above === 0 ? (
        'No notice will need a second operator.'
      ) : (
        <>
          Notices will need a second operator past{' '}
          <strong>{patch.notice_two_person_above.toLocaleString('en-IN')} players</strong> a day sent alone.
        </>
      ),
    );
  if (patch.signal_hold_withdrawals !== undefined)
    lines.push(
      patch.signal_hold_withdrawals
        ? 'Withdrawals of flagged players will wait for review.'
        : 'Flags will no longer hold withdrawals (they are still raised).',
    );
  if (patch.totp_required !== undefined)
    lines.push(
      patch.totp_required
        ? 'Every operator will need two-factor; those without it must enrol at their next sign-in.'
        : 'Two-factor will be optional.',
    );
  if (patch.support_retention_days !== undefined)
    lines.push(
      `Support messages older than ${patch.support_retention_days} days will be deleted at the next hourly sweep.`,
    );
  return lines;
}
