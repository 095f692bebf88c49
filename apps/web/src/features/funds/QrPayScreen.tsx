import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { Copy, MessageCircle, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { ExternalButtonLink } from '@gama/ui/Button';
import { Card, Page, PageTitle } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { errorMessage } from '../../lib/api-client.ts';
import { useContactLinks } from '../../lib/contacts.ts';
import { useQrPay } from './api.ts';
import { fundsStyles as styles } from './parts.tsx';

/** Older phones and plain-http pages have no async clipboard; a hidden textarea still copies there. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

export default function QrPayScreen() {
  const qr = useQrPay();
  const links = useContactLinks();
  const data = qr.data;

  const copy = (upiId: string) => {
    copyText(upiId).then(
      () => toast.success(m.upiIdCopied),
      () => toast.error('Could not copy. Please copy the UPI ID by hand.'),
    );
  };

  return (
    <Page>
      <PageTitle>Via QR Pay</PageTitle>
      <Card className={styles.qr}>
        {qr.isPending ? (
          <>
            <Skeleton width={240} height={240} radius={12} />
            <Skeleton height={50} radius={12} />
          </>
        ) : qr.isError ? (
          <p className={styles.notice} role="alert">
            <TriangleAlert size={18} aria-hidden="true" />
            {errorMessage(qr.error)}
          </p>
        ) : data && data.qr_image && data.upi_id ? (
          <>
            <p className={styles.muted}>Scan with any UPI app and pay the amount you want to add.</p>
            <img
              className={styles.qrImage}
              src={data.qr_image}
              alt={`QR code to pay ${data.upi_id}`}
              width={240}
              height={240}
            />
            <div className={styles.upiId}>
              <span className={styles.upiIdText} data-testid="qr-upi-id">
                {data.upi_id}
              </span>
              <button type="button" className={styles.copy} onClick={() => copy(data.upi_id)}>
                <Copy size={18} aria-hidden="true" />
                Copy
              </button>
            </div>
          </>
        ) : (
          <p className={styles.notice} role="alert">
            <TriangleAlert size={18} aria-hidden="true" />
            QR payments are not available right now. Please use a UPI app or contact us.
          </p>
        )}
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>
          <MessageCircle size={20} aria-hidden="true" />
          Paid? Send us the screenshot
        </h2>
        <p className={styles.muted}>
          After paying, send the payment screenshot on WhatsApp so we can add the points quickly.
        </p>
        <ExternalButtonLink
          href={links.whatsapp}
          variant="whatsapp"
          block
          icon={<MessageCircle size={20} aria-hidden="true" />}
        >
          Send on WhatsApp
        </ExternalButtonLink>
      </Card>
    </Page>
  );
}
