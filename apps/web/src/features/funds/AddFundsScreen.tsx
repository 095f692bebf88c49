import { CircleCheck, Hash, History, MessageCircle, QrCode, ScrollText, Smartphone } from 'lucide-react';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { ContactButton } from '../../components/ContactButton.tsx';
import { Page } from '../../components/Page.tsx';
import { HEADLINE_IDS } from '../../shared/headline/headline.ts';
import { HeadlineMarquee } from '../../shared/headline/HeadlineMarquee.tsx';
import { usePendingDeposits } from './api.ts';
import { fundsStyles as styles, SectionCard, TileMenu, WalletCard, type Tile } from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';

const ADD_FUNDS_TILES: readonly Tile[] = [
  {
    to: '/payviaupi',
    money: true,
    icon: Smartphone,
    label: 'Via UPI Apps',
    hint: 'PhonePe, Google Pay, Paytm or another UPI app',
  },
  {
    to: '/qrpay',
    money: true,
    icon: QrCode,
    label: 'Via QR Pay',
    hint: 'Scan our QR code from your UPI app',
  },
  { to: '/addfundhistory', icon: History, label: 'Deposit History', hint: 'Your approved deposits' },
  { to: '/depositrule', icon: ScrollText, label: 'Deposit Rules', hint: 'Read before you pay' },
];

export default function AddFundsScreen() {
  const t = useT();
  return (
    <Page title={t('Add Funds')}>
      <HeadlineMarquee id={HEADLINE_IDS.addFunds} />
      <WalletCard />
      <PendingDeposits />
      <TileMenu label={t('Ways to add funds')} tiles={ADD_FUNDS_TILES} />
      <SectionCard icon={MessageCircle} title={t('Need help with a payment?')}>
        <p className={styles.muted}>{t('Call us or send a WhatsApp message and we will help.')}</p>
        <div className={styles.actionsRow}>
          <ContactButton via="call">{t('Call Now')}</ContactButton>
          <ContactButton via="whatsapp">WhatsApp</ContactButton>
        </div>
      </SectionCard>
    </Page>
  );
}

/** Payments made but not yet approved: each either has its UTR, or offers the step to enter it. */
function PendingDeposits() {
  const pending = usePendingDeposits();
  const requests = pending.data ?? [];
  const t = useT();
  if (requests.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="pending-deposits-title">
      <h2 id="pending-deposits-title" className={styles.sectionTitle}>
        {t('Waiting for approval')}
      </h2>
      <div className={styles.pendingList}>
        {requests.map((request) => (
          <article key={request.request_id} className={styles.request} data-testid="pending-deposit">
            <div className={styles.requestHead}>
              <span className={styles.requestAmount}>{t('{amount} points', { amount: request.amount })}</span>
              {request.utr === null ? (
                <span className={`${styles.pill} tone-pending`}>{t('UTR needed')}</span>
              ) : (
                <span className={`${styles.pill} tone-success`}>
                  <CircleCheck size={14} aria-hidden="true" />
                  {t('UTR sent')}
                </span>
              )}
            </div>
            <dl className={styles.facts}>
              <dt>{t('Requested')}</dt>
              <dd>{request.insert_date}</dd>
              {request.utr !== null && (
                <>
                  <dt>UTR</dt>
                  <dd>{request.utr}</dd>
                </>
              )}
            </dl>
            {request.utr === null && (
              <ButtonLink
                to={`/payutr?request=${request.request_id}`}
                variant="money"
                block
                icon={<Hash size={20} aria-hidden="true" />}
              >
                {t('Enter UTR')}
              </ButtonLink>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
