import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Hash, ImagePlus, Send, X } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { Link, useNavigate, useSearchParams } from '../../lib/router/index.ts';
import { askAboutPath } from '../../shared/support/unread.ts';
import { toast } from '../../lib/toast.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { TextField } from '@gama/ui/Field';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { useFormErrors } from '@gama/ui/use-form-errors';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { Card, Form, Page } from '../../components/Page.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { fundsApi, usePendingDeposits, useRefreshMoney } from './api.ts';
import { EmptyState, fundsStyles as styles } from './parts.tsx';
import { screenshotDataUrl } from '../../shared/screenshot.ts';
import { useT } from '../../lib/i18n/use-t.ts';

const UTR = /^\d{12}$/;

/**
 * After paying: the 12-digit UPI transaction reference (UTR) from the payment app, and if the player likes a
 * screenshot of the payment, for the deposit request `?request=` (or the newest one still without a UTR).
 */

/** The refusals that belong under the UTR field (by code: the message is only for the player to read). */
const UTR_CODES: ReadonlySet<string> = new Set(['UTR_USED', 'UTR_ALREADY_ENTERED', 'VALIDATION']);
export default function UtrScreen() {
  const [params] = useSearchParams();
  const pending = usePendingDeposits();
  const wanted = Number(params.get('request'));
  const requests = pending.data ?? [];
  const t = useT();
  const request =
    requests.find((r) => r.request_id === wanted) ?? requests.find((r) => r.utr === null) ?? requests[0];

  return (
    <Page title={t('Confirm Payment')}>
      {pending.isPending ? (
        <PageSkeleton />
      ) : pending.isError ? (
        <p className={styles.notice} role="alert">
          {t.fromServer(errorMessage(pending.error))}
        </p>
      ) : request === undefined ? (
        <>
          <EmptyState>{t('No payment is waiting for its UTR.')}</EmptyState>
          <ButtonLink to="/imp9" block large variant="outline">
            {t('Add Funds')}
          </ButtonLink>
        </>
      ) : (
        <>
          <section className={styles.request} aria-label={t('Deposit request')} data-testid="utr-request">
            <div className={styles.requestHead}>
              <span className={styles.requestAmount}>{t('{amount} points', { amount: request.amount })}</span>
              <span className={`${styles.pill} tone-pending`}>{t('Waiting for approval')}</span>
            </div>
            <dl className={styles.facts}>
              <dt>{t('Request')}</dt>
              <dd>#{request.request_id}</dd>
              <dt>{t('Requested')}</dt>
              <dd>{request.insert_date}</dd>
            </dl>
            <Link to={askAboutPath('deposit', request.request_id)} data-testid="ask-about">
              {t('Ask about this')}
            </Link>
          </section>
          {request.utr === null ? (
            <UtrForm key={request.request_id} requestId={request.request_id} />
          ) : (
            <p className={styles.notice} data-testid="utr-sent">
              <CircleCheck size={18} aria-hidden="true" />
              <span>
                {request.screenshot
                  ? t(
                      'UTR {utr} sent with a screenshot. We will add the points once the payment is checked.',
                      {
                        utr: request.utr,
                      },
                    )
                  : t('UTR {utr} sent. We will add the points once the payment is checked.', {
                      utr: request.utr,
                    })}
              </span>
            </p>
          )}
        </>
      )}
    </Page>
  );
}

function UtrForm({ requestId }: { requestId: number }) {
  const [utr, setUtr] = useState('');
  const [shot, setShot] = useState<{ url: string; name: string } | null>(null);
  const [shotError, setShotError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const { validate, errorFor, clearFor, show } = useFormErrors<'utr'>();
  const navigate = useNavigate();
  const refresh = useRefreshMoney();
  const fileId = useId();
  const t = useT();

  const submitUtr = useMutation({
    mutationFn: (input: { utr: string; screenshot: string | undefined }) =>
      fundsApi.submitUtr(requestId, input.utr, input.screenshot),
    onSuccess: (response) => {
      toast.success(response.msg);
      refresh();
      void navigate('/imp9');
    },
    onError: (error) => {
      const message = errorMessage(error);
      // The UTR's own problems belong under its field; anything else is a toast. The screenshot's refusals have
      // codes of their own, so a VALIDATION here is the body's one typed field, the UTR.
      if (error instanceof ApiError && UTR_CODES.has(error.code)) show('utr', message);
      else toast.error(message);
    },
  });
  const send = useSingleFlight((input: { utr: string; screenshot: string | undefined }) =>
    submitUtr.mutateAsync(input).catch(() => undefined),
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be picked again after removing it.
    event.target.value = '';
    if (!file) return;
    setShotError(null);
    setReading(true);
    void screenshotDataUrl(file)
      .then(
        (url) => setShot({ url, name: file.name }),
        (error: unknown) => {
          setShot(null);
          setShotError(error instanceof Error ? error.message : m.screenshotInvalid);
        },
      )
      .finally(() => setReading(false));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate(event.currentTarget, [
      ['utr', (value) => (UTR.test(value) ? null : m.utrInvalid), utr],
    ]);
    if (valid) void send({ utr, screenshot: shot?.url });
  };

  return (
    <Form onSubmit={submit} aria-label={t('Payment reference')}>
      <Card className={styles.section}>
        <p className={styles.muted}>
          {t(
            'Open the payment in your UPI app and copy its UTR (also called UPI Ref. No. or Transaction ID): 12 digits.',
          )}
        </p>
        <TextField
          label={t('UTR number')}
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('12-digit UTR')}
          icon={<Hash size={20} />}
          value={utr}
          onValueChange={(value) => {
            setUtr(value.replace(/\D/g, '').slice(0, 12));
            clearFor('utr');
          }}
          error={errorFor('utr')}
        />
        <div className={styles.upload}>
          <span className={styles.uploadLabel} id={`${fileId}-label`}>
            {t('Payment screenshot (optional)')}
          </span>
          {shot ? (
            <div className={styles.shot}>
              <img src={shot.url} alt={t('Your payment screenshot')} className={styles.shotImage} />
              <button
                type="button"
                className={styles.shotRemove}
                onClick={() => setShot(null)}
                aria-label={t('Remove the screenshot')}
              >
                <X size={18} aria-hidden="true" />
                {t('Remove')}
              </button>
            </div>
          ) : (
            <label className={styles.uploadButton} htmlFor={fileId}>
              <ImagePlus size={20} aria-hidden="true" />
              {reading ? t('Preparing...') : t('Attach screenshot')}
            </label>
          )}
          <input
            id={fileId}
            className={styles.fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-labelledby={`${fileId}-label`}
            onChange={choose}
          />
          {shotError && (
            <p className={styles.uploadError} role="alert">
              {t.fromServer(shotError)}
            </p>
          )}
        </div>
      </Card>
      <SubmitButton
        icon={Send}
        variant="money"
        disabled={reading}
        busy={submitUtr.isPending}
        busyText={t('Submitting...')}
      >
        {t('Submit UTR')}
      </SubmitButton>
    </Form>
  );
}
