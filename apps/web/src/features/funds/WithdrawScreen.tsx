import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { withdrawMethodNames, type WithdrawMethod } from '@gama/core/contract/funds-types';
import type { PaymentDetails } from '@gama/core/endpoints/funds/index';
import { useMutation } from '@tanstack/react-query';
import {
  ArrowUpFromLine,
  ChevronDown,
  CircleAlert,
  Clock,
  History,
  Megaphone,
  ScrollText,
  Smartphone,
} from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { Link, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import fieldStyles from '@gama/ui/Field.module.css';
import { Card, Form, Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { useFormErrors } from '@gama/ui/use-form-errors';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useActionKey } from '@gama/ui/action-key';
import { errorMessage } from '../../lib/api-client.ts';
import { isBettingOn, useProfile } from '../../lib/profile.ts';
import { HEADLINE_IDS, useHeadline } from '../../shared/headline/headline.ts';
import { fundsApi, usePaymentDetails, useRefreshMoney } from './api.ts';
import { exceedsWallet, typedPoints, withinWithdrawWindow } from './money.ts';
import { AlertNotice, AmountField, fundsStyles as styles, WalletCard } from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';

type WithdrawField = 'amount' | 'method';

const savedField: Record<WithdrawMethod, keyof PaymentDetails> = {
  '2': 'google_pay_number',
  '3': 'paytm_number',
  '4': 'phone_pay_number',
};

function savedMethods(details: PaymentDetails | undefined) {
  if (!details) return [];
  return (['2', '3', '4'] as const)
    .filter((method) => details[savedField[method]] !== '')
    .map((method) => ({ method, number: details[savedField[method]] }));
}

function WithdrawHeadline() {
  const headline = useHeadline(HEADLINE_IDS.withdraw);
  const profile = useProfile();
  if (!headline.data || !isBettingOn(profile.data)) return null;
  return (
    <p className={styles.notice} role="note">
      <Megaphone size={18} aria-hidden="true" />
      {headline.data}
    </p>
  );
}

export default function WithdrawScreen() {
  const profile = useProfile();
  const t = useT();
  return (
    <Page title={t('Withdraw Funds')}>
      <WithdrawHeadline />
      <WalletCard />
      {profile.data && (
        <p className={styles.muted}>
          <Clock size={14} aria-hidden="true" className={styles.inlineIcon} />{' '}
          {t('Withdrawals from {open} to {close}. Minimum {min} points.', {
            open: profile.data.withdraw_open_time,
            close: profile.data.withdraw_close_time,
            min: profile.data.min_withdrawal,
          })}
        </p>
      )}
      <WithdrawForm />
      <div className={styles.links}>
        <Link to="/withdrawhistory" className={styles.textLink}>
          <History size={18} aria-hidden="true" />
          {t('Withdraw History')}
        </Link>
        <Link to="/withdrawrule" className={styles.textLink}>
          <ScrollText size={18} aria-hidden="true" />
          {t('Withdraw Rules')}
        </Link>
      </div>
    </Page>
  );
}

function WithdrawForm() {
  const [amount, setAmount] = useState('');
  // null until the player picks (the blank option included).
  const [pickedMethod, setMethod] = useState<WithdrawMethod | '' | null>(null);
  const { validate, errorFor, clearFor } = useFormErrors<WithdrawField>();
  const profile = useProfile();
  const details = usePaymentDetails();
  const navigate = useNavigate();
  const refresh = useRefreshMoney();
  const key = useActionKey();
  const selectId = useId();
  const t = useT();

  const withdraw = useMutation({
    mutationFn: (input: { points: number; method: WithdrawMethod }) =>
      fundsApi.requestWithdrawal(input.points, input.method, key.current()),
    onSuccess: () => {
      key.reset();
      toast.success(m.withdrawSent);
      refresh();
      void navigate('/imp');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((input: { points: number; method: WithdrawMethod }) =>
    withdraw.mutateAsync(input).catch(() => undefined),
  );

  const saved = savedMethods(details.data);
  // Derived, not stored: with one saved method there is nothing to choose until the player says otherwise.
  const method = pickedMethod ?? (saved.length === 1 ? (saved[0]?.method ?? '') : '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = profile.data;
    const points = typedPoints(amount);
    const min = Number.parseInt(data?.min_withdrawal ?? '0', 10) || 0;
    const valid = validate(event.currentTarget, [
      ['amount', (value) => (value.trim() === '' || points === 0 ? m.withdrawAmountRequired : null), amount],
      ['amount', () => (points === null ? m.pointsInvalid : null), amount],
      [
        'amount',
        () => (points !== null && exceedsWallet(points, data?.wallet_amt) ? m.walletLimitExceeded : null),
        amount,
      ],
      ['amount', () => (points !== null && points < min ? m.minWithdraw(String(min)) : null), amount],
      ['method', (value) => (value === '' ? m.selectPaymentMethod : null), method],
    ]);
    if (!valid || points === null || method === '') return;
    if (data && !withinWithdrawWindow(data.withdraw_open_time, data.withdraw_close_time)) {
      toast.error(m.withdrawHours);
      return;
    }
    void send({ points, method });
  };

  if (details.isPending) {
    return (
      <Card>
        <div className={styles.section} role="status" aria-label={t('Loading payment methods')}>
          <Skeleton height={50} radius={12} />
          <Skeleton height={50} radius={12} />
          <Skeleton height={52} radius={12} />
        </div>
      </Card>
    );
  }

  if (details.isSuccess && saved.length === 0) {
    return (
      <Card className={styles.section}>
        <AlertNotice icon={Smartphone}>{t(m.noPaymentMethods)}</AlertNotice>
        <p className={styles.muted}>
          {t('Add a Paytm, Google Pay or PhonePe number under Withdraw Methods first.')}
        </p>
        <ButtonLink to="/imp7" block large icon={<Smartphone size={20} aria-hidden="true" />}>
          {t('Add Withdraw Method')}
        </ButtonLink>
      </Card>
    );
  }

  const methodError = errorFor('method');
  return (
    <Card>
      <Form onSubmit={submit} aria-label={t('Withdraw funds')}>
        <AmountField
          placeholder={t('Points to withdraw')}
          value={amount}
          error={errorFor('amount')}
          onValueChange={(digits) => {
            setAmount(digits);
            clearFor('amount');
          }}
          onEdit={key.reset}
        />
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={selectId}>
            {t('Payment Method')}
          </label>
          <div
            className={[fieldStyles.control, methodError && fieldStyles.invalid].filter(Boolean).join(' ')}
          >
            <select
              id={selectId}
              name="method"
              className={styles.select}
              value={method}
              aria-invalid={methodError ? true : undefined}
              aria-describedby={methodError ? `${selectId}-error` : undefined}
              onChange={(event) => {
                setMethod(event.target.value as WithdrawMethod | '');
                clearFor('method');
                key.reset();
              }}
            >
              <option value="">{t('Select payment method')}</option>
              {saved.map((item) => (
                <option key={item.method} value={item.method}>
                  {withdrawMethodNames[item.method]} - {item.number}
                </option>
              ))}
            </select>
            <ChevronDown size={20} aria-hidden="true" className={styles.selectChevron} />
          </div>
          {methodError && (
            <p id={`${selectId}-error`} className={fieldStyles.error} role="alert">
              <CircleAlert size={16} aria-hidden="true" />
              {t.fromServer(methodError)}
            </p>
          )}
        </div>
        <SubmitButton icon={ArrowUpFromLine} busy={withdraw.isPending} busyText={t('Submitting...')}>
          {t('Withdraw')}
        </SubmitButton>
      </Form>
    </Card>
  );
}
