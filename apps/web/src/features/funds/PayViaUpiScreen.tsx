import type { BankDetails } from '@gama/core/endpoints/funds/index';
import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { formatPaiseDecimal, pointsToPaise } from '@gama/core/rules/money';
import { useMutation } from '@tanstack/react-query';
import { CirclePlus, ExternalLink, QrCode } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { toast } from '../../lib/toast.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Card, Form, Page } from '../../components/Page.tsx';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useActionKey } from '@gama/ui/action-key';
import { errorMessage } from '../../lib/api-client.ts';
import { fundsApi, useBankDetails, useGatewayStatus, useRefreshMoney } from './api.ts';
import { typedPoints } from './money.ts';
import { ConfirmPaymentCard } from './ConfirmPaymentCard.tsx';
import { AlertNotice, AmountField, fundsStyles as styles, MethodBadge, useDepositMinimum } from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';

type PayMethod = 'phonepe' | 'gpay' | 'paytm' | 'other';

const methods: ReadonlyArray<{
  id: PayMethod;
  label: string;
  badge: string;
  field: keyof BankDetails;
  missing: string;
}> = [
  {
    id: 'phonepe',
    label: 'PhonePe',
    badge: 'Pe',
    field: 'phonepay_upi_payment_id',
    missing: 'PhonePe UPI ID not configured. Please try another payment method.',
  },
  {
    id: 'gpay',
    label: 'Google Pay',
    badge: 'G',
    field: 'google_upi_payment_id',
    missing: 'Google Pay UPI ID not configured. Please try another payment method.',
  },
  {
    id: 'paytm',
    label: 'Paytm',
    badge: 'Pt',
    field: 'paytm_upi_payment_id',
    missing: 'Paytm UPI ID not configured. Please try another payment method.',
  },
  {
    id: 'other',
    label: 'Other UPI Gateway',
    badge: 'UPI',
    field: 'upi_payment_id',
    missing: 'UPI ID not configured. Please try another payment method.',
  },
];

const MIN_DEPOSIT_FAILED = 'An error occurred while fetching minimum deposit amount.';

/** The standard UPI deep link (NPCI): the app fills in payee, amount and note for the player. */
export function upiPayLink(upiId: string, points: number, at: number): string {
  const params = [
    `pa=${encodeURIComponent(upiId)}`,
    'pn=Gama',
    `am=${formatPaiseDecimal(pointsToPaise(points))}`,
    'cu=INR',
    `tr=txn${at}`,
    'tn=Add%20Funds',
  ];
  return `upi://pay?${params.join('&')}`;
}

export default function PayViaUpiScreen() {
  const gateway = useGatewayStatus();
  const t = useT();
  return (
    <Page title={t('Via UPI Apps')}>
      {gateway.isPending ? (
        <PageSkeleton />
      ) : gateway.data === false ? (
        <Card className={styles.section}>
          <AlertNotice>
            {t('Payments through UPI apps are unavailable right now. Please pay by QR code instead.')}
          </AlertNotice>
          <ButtonLink to="/qrpay" replace block large icon={<QrCode size={20} aria-hidden="true" />}>
            {t('Pay via QR')}
          </ButtonLink>
        </Card>
      ) : (
        // A failed status check keeps the form: the spec's default gateway status is "1".
        <PayForm />
      )}
    </Page>
  );
}

function PayForm() {
  const [method, setMethod] = useState<PayMethod | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<number | null>(null);
  const { values, field, validate } = useFormFields({ amount: '' });
  const { amount } = values;
  const minimum = useDepositMinimum();
  const bank = useBankDetails();
  const key = useActionKey();
  const refresh = useRefreshMoney();
  const reported = useRef(false);
  const t = useT();

  useEffect(() => {
    if (minimum.query.isError && !reported.current) {
      reported.current = true;
      toast.error(MIN_DEPOSIT_FAILED);
    }
  }, [minimum.query.isError]);

  // Spec 01 opens the UPI app first and records the request 2 s later. A request the server then refuses (a
  // deposit limit, a break, the minimum) would leave real money paid that no request matches, so the server
  // accepts the request first and only then is the UPI app asked to open (decision 022).
  const record = useMutation({
    mutationFn: ({ points }: { points: number; upiId: string }) =>
      fundsApi.requestDeposit(points, key.current()),
    onSuccess: (response, { points, upiId }) => {
      key.reset();
      setRecorded(response.request_id);
      toast.success(response.msg);
      refresh();
      const target = upiPayLink(upiId, points, Date.now());
      setLink(target);
      // A desktop browser has no UPI app: it refuses the scheme and stays here, where the link remains.
      window.location.href = target;
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((order: { points: number; upiId: string }) =>
    record.mutateAsync(order).catch(() => undefined),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const points = typedPoints(amount);
    const valid = validate(event.currentTarget, [['amount', () => minimum.check(points), amount]]);
    if (!valid || points === null) return;
    const chosen = methods.find((item) => item.id === method);
    if (!chosen) {
      toast.error(m.selectPaymentMethod);
      return;
    }
    void payTo(chosen, points);
  };

  // A tap before the operator's UPI ids have arrived waits for them (the request already on its way, not a
  // second one): judged on nothing, every id read as missing and the player was told so.
  const payTo = async (chosen: (typeof methods)[number], points: number) => {
    const details = bank.data !== undefined ? bank : await bank.refetch({ cancelRefetch: false });
    if (details.isError) {
      toast.error(errorMessage(details.error));
      return;
    }
    const upiId = details.data?.[chosen.field] ?? '';
    if (upiId === '') {
      toast.error(chosen.missing);
      return;
    }
    await send({ points, upiId });
  };

  const changed = () => {
    key.reset();
    setLink(null);
    setRecorded(null);
  };

  return (
    <Form onSubmit={submit} aria-label={t('Add money via UPI')}>
      <Card className={styles.section}>
        <AmountField placeholder={minimum.placeholder} onEdit={changed} {...field('amount')} />
      </Card>
      <section className={styles.section} aria-labelledby="pay-method-title">
        <h2 id="pay-method-title" className={styles.sectionTitle}>
          {t('Choose your UPI app')}
        </h2>
        <div
          className={[styles.methodGrid, styles.methodGridWide].join(' ')}
          role="radiogroup"
          aria-labelledby="pay-method-title"
        >
          {methods.map((item) => (
            <button
              key={item.id}
              type="button"
              role="radio"
              aria-checked={method === item.id}
              className={styles.method}
              onClick={() => {
                setMethod(item.id);
                changed();
              }}
            >
              <MethodBadge text={item.badge} />
              {item.id === 'other' ? t('Other UPI Gateway') : item.label}
            </button>
          ))}
        </div>
      </section>
      <SubmitButton
        icon={CirclePlus}
        variant="money"
        disabled={amount === '' || method === null}
        busy={record.isPending}
        busyText={t('Processing...')}
      >
        {t('Add Money')}
      </SubmitButton>
      {link && (
        <p className={styles.notice}>
          <ExternalLink size={18} aria-hidden="true" />
          <span>
            {t('Your UPI app should open to complete the payment.')}{' '}
            <a href={link} data-testid="upi-pay-link">
              {t('Open UPI app again')}
            </a>
          </span>
        </p>
      )}
      {recorded !== null && <ConfirmPaymentCard requestId={recorded} />}
    </Form>
  );
}
