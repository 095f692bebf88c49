import { Hash } from 'lucide-react';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { fundsStyles as styles, SectionCard } from './parts.tsx';

/** After paying through UPI or the QR code: the way to the UTR form of the accepted deposit request. */
export function ConfirmPaymentCard({ requestId }: { requestId: number }) {
  const t = useT();
  return (
    <SectionCard icon={Hash} title={t('Paid? Confirm your payment')}>
      <p className={styles.muted}>
        {t(
          'Enter the 12-digit UTR from your UPI app so we can match your payment and add the points sooner.',
        )}
      </p>
      <ButtonLink
        to={`/payutr?request=${requestId}`}
        variant="money"
        block
        large
        icon={<Hash size={20} aria-hidden="true" />}
      >
        {t('Enter UTR')}
      </ButtonLink>
    </SectionCard>
  );
}
