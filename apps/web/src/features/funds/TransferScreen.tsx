import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { phoneRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeftRight, Coins, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { toast } from '../../lib/toast.ts';
import { Button } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { PhoneField } from '@gama/ui/Field';
import { Card, Form, Page } from '../../components/Page.tsx';
import { useFormErrors } from '@gama/ui/use-form-errors';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useActionKey } from '@gama/ui/action-key';
import { errorMessage } from '../../lib/api-client.ts';
import { useProfile } from '../../lib/profile.ts';
import { fundsApi, useRefreshMoney } from './api.ts';
import { exceedsWallet, typedPoints } from './money.ts';
import { AmountField, fundsStyles as styles, WalletCard } from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';

type TransferField = 'mobile' | 'points';

interface Pending {
  mobile: string;
  points: number;
  recipient: string;
}

/**
 * The operator's transfer minimum as the profile carries it (owner setting transfer_min). Until the profile
 * has loaded there is none to check here; the server refuses a smaller transfer with the same message.
 */
function minTransfer(raw: string | undefined): number | null {
  const min = Number(raw);
  return raw !== undefined && Number.isSafeInteger(min) && min > 0 ? min : null;
}

export default function TransferScreen() {
  const [mobile, setMobile] = useState('');
  const [points, setPoints] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const { validate, errorFor, clearFor } = useFormErrors<TransferField>();
  const profile = useProfile();
  const refresh = useRefreshMoney();
  const key = useActionKey();
  const minimum = minTransfer(profile.data?.min_transfer);
  const t = useT();

  const check = useMutation({
    mutationFn: (input: { mobile: string; points: number }) => fundsApi.checkRecipient(input.mobile),
    onSuccess: (response, input) => setPending({ ...input, recipient: response.user_name }),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const sendCheck = useSingleFlight((input: { mobile: string; points: number }) =>
    check.mutateAsync(input).catch(() => undefined),
  );

  const transfer = useMutation({
    mutationFn: (input: Pending) => fundsApi.transfer(input.mobile, input.points, key.current()),
    onSuccess: (response) => {
      key.reset();
      toast.success(response.msg);
      refresh();
      setPending(null);
      setMobile('');
      setPoints('');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const sendTransfer = useSingleFlight((input: Pending) =>
    transfer.mutateAsync(input).catch(() => undefined),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = typedPoints(points);
    const wallet = profile.data?.wallet_amt;
    const valid = validate(event.currentTarget, [
      ['mobile', phoneRule(m.transferPhoneInvalid, m.transferPhoneInvalid), mobile],
      ['mobile', (value) => (value === profile.data?.mobile ? m.transferOwnPhone : null), mobile],
      ['points', (value) => (value.trim() === '' ? m.transferPointsRequired : null), points],
      ['points', () => (amount === null ? m.pointsInvalid : null), points],
      [
        'points',
        () =>
          amount !== null && minimum !== null && amount < minimum ? m.transferMinOf(String(minimum)) : null,
        points,
      ],
      [
        'points',
        () => (amount !== null && exceedsWallet(amount, wallet) ? m.transferNotEnough : null),
        points,
      ],
    ]);
    if (valid && amount !== null) void sendCheck({ mobile, points: amount });
  };

  return (
    <Page title={t('Transfer Points')}>
      <WalletCard />
      <Card>
        <Form onSubmit={submit} aria-label={t('Transfer points')}>
          <PhoneField
            label={t('Phone Number')}
            name="mobile"
            placeholder={t("Receiver's phone number")}
            value={mobile}
            onValueChange={(value) => {
              setMobile(value);
              clearFor('mobile');
              key.reset();
            }}
            error={errorFor('mobile')}
          />
          <AmountField
            label={t('Points')}
            name="points"
            icon={<Coins size={20} />}
            placeholder={minimum === null ? t('Points') : t('At least {min}', { min: minimum })}
            value={points}
            error={errorFor('points')}
            onValueChange={(digits) => {
              setPoints(digits);
              clearFor('points');
            }}
            onEdit={key.reset}
          />
          <SubmitButton icon={ArrowLeftRight} busy={check.isPending} busyText={t('Please wait...')}>
            {t('Transfer')}
          </SubmitButton>
        </Form>
      </Card>
      <Dialog open={pending !== null} onClose={() => setPending(null)} title={t('Confirm Transfer')}>
        {pending && (
          <div className={styles.confirm}>
            <p className={styles.muted}>{t('Points leave your wallet at once and cannot be taken back.')}</p>
            <dl className={styles.facts}>
              <dt>{t('Name')}</dt>
              <dd data-testid="transfer-recipient">{pending.recipient}</dd>
              <dt>{t('Phone')}</dt>
              <dd>+91 {pending.mobile}</dd>
              <dt>{t('Points')}</dt>
              <dd data-testid="transfer-points">{pending.points}</dd>
            </dl>
            <Button
              block
              large
              busy={transfer.isPending}
              busyText={t('Processing...')}
              icon={<Send size={20} aria-hidden="true" />}
              onClick={() => void sendTransfer(pending)}
            >
              {t('Confirm')}
            </Button>
            <Button variant="ghost" block onClick={() => setPending(null)}>
              {t('Cancel')}
            </Button>
          </div>
        )}
      </Dialog>
    </Page>
  );
}
