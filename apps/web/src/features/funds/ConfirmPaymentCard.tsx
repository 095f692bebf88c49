import { Hash } from 'lucide-react';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Card } from '../../components/Page.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { fundsStyles as styles } from './parts.tsx';

/** After paying through UPI or the QR code: the way to the UTR form of the accepted deposit request. */
export function ConfirmPaymentCard({ requestId }: { requestId: number }) {
  const t = useT();
  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>
        <Hash size={20} aria-hidden="true" />
        {t('Paid? Confirm your payment')}
      </h2>
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
    </Card>
  );
}
