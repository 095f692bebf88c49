import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { useMutation } from '@tanstack/react-query';
import { Copy, IndianRupee, MessageCircle, QrCode } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { useActionKey } from '@gama/ui/action-key';
import { Button } from '@gama/ui/Button';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { Card, Form, Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { errorMessage } from '../../lib/api-client.ts';
import { copyText } from '../../lib/clipboard.ts';
import { ContactButton } from '../../components/ContactButton.tsx';
import { fundsApi, useQrPay, useRefreshMoney } from './api.ts';
import { typedPoints } from './money.ts';
import { ConfirmPaymentCard } from './ConfirmPaymentCard.tsx';
import {
  AlertNotice,
  AmountField,
  fundsStyles as styles,
  LoadError,
  SectionCard,
  useDepositMinimum,
} from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';

export default function QrPayScreen() {
  const qr = useQrPay();
  const data = qr.data;
  const t = useT();
  // The code is shown only for a request the server accepted: paid against a refused one, the money would match
  // no request (decision 022).
  const [request, setRequest] = useState<{ id: number; points: number } | null>(null);

  const copy = (upiId: string) => {
    void copyText(upiId).then((copied) =>
      copied ? toast.success(m.upiIdCopied) : toast.error('Could not copy. Please copy the UPI ID by hand.'),
    );
  };

  return (
    <Page title={t('Via QR Pay')}>
      {qr.isPending ? (
        <Card className={styles.qr}>
          <Skeleton height={50} radius={12} />
          <Skeleton height={50} radius={12} />
        </Card>
      ) : qr.isError ? (
        <Card className={styles.qr}>
          <LoadError error={qr.error} />
        </Card>
      ) : data && data.qr_image && data.upi_id ? (
        request === null ? (
          <AmountFirst onAccepted={setRequest} />
        ) : (
          <>
            <Card className={styles.qr}>
              <p className={styles.muted} data-testid="qr-request">
                {t('Scan with your UPI app and pay {points} points.', { points: t.number(request.points) })}
              </p>
              <img
                className={styles.qrImage}
                src={data.qr_image}
                alt={t('QR code to pay {upi}', { upi: data.upi_id })}
                width={240}
                height={240}
              />
              <div className={styles.upiId}>
                <span className={styles.upiIdText} data-testid="qr-upi-id">
                  {data.upi_id}
                </span>
                <button type="button" className={styles.copy} onClick={() => copy(data.upi_id)}>
                  <Copy size={18} aria-hidden="true" />
                  {t('Copy')}
                </button>
              </div>
            </Card>
            <ConfirmPaymentCard requestId={request.id} />
          </>
        )
      ) : (
        <Card className={styles.qr}>
          <AlertNotice>
            {t('QR payments are not available right now. Please use a UPI app or contact us.')}
          </AlertNotice>
        </Card>
      )}
      <SectionCard icon={MessageCircle} title={t('Paid? Send us the screenshot')}>
        <p className={styles.muted}>
          {t('After paying, send the payment screenshot on WhatsApp so we can add the points quickly.')}
        </p>
        <ContactButton via="whatsapp" block>
          {t('Send on WhatsApp')}
        </ContactButton>
      </SectionCard>
    </Page>
  );
}

/** Before the code: the amount the player will pay becomes a deposit request the server accepts or refuses. */
function AmountFirst({ onAccepted }: { onAccepted: (request: { id: number; points: number }) => void }) {
  const { values, field, validate } = useFormFields({ amount: '' });
  const { amount } = values;
  const minimum = useDepositMinimum();
  const key = useActionKey();
  const refresh = useRefreshMoney();
  const t = useT();

  const record = useMutation({
    mutationFn: (points: number) => fundsApi.requestDeposit(points, key.current()),
    onSuccess: (response, points) => {
      key.reset();
      refresh();
      toast.success(response.msg);
      onAccepted({ id: response.request_id, points });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((points: number) => record.mutateAsync(points).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const points = typedPoints(amount);
    const valid = validate(event.currentTarget, [['amount', () => minimum.check(points), amount]]);
    if (valid && points !== null) void send(points);
  };

  return (
    <SectionCard icon={IndianRupee} title={t('How much will you pay?')}>
      <p className={styles.muted}>{t('Enter the amount first; the QR code to pay it comes next.')}</p>
      <Form onSubmit={submit} aria-label={t('Amount to pay by QR')}>
        <AmountField placeholder={minimum.placeholder} onEdit={key.reset} {...field('amount')} />
        <Button
          type="submit"
          variant="money"
          block
          disabled={amount === ''}
          busy={record.isPending}
          busyText={t('Processing...')}
          icon={<QrCode size={20} aria-hidden="true" />}
        >
          {t('Show QR code')}
        </Button>
      </Form>
    </SectionCard>
  );
}
