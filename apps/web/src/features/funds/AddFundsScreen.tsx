import { History, MessageCircle, Phone, QrCode, ScrollText, Smartphone } from 'lucide-react';
import { ExternalButtonLink } from '@gama/ui/Button';
import { Card, Page, PageTitle } from '../../components/Page.tsx';
import { useContactLinks } from '../../lib/contacts.ts';
import { HEADLINE_IDS } from '../../shared/headline/headline.ts';
import { HeadlineMarquee } from '../../shared/headline/HeadlineMarquee.tsx';
import { fundsStyles as styles, TileLink, WalletCard } from './parts.tsx';

export default function AddFundsScreen() {
  const links = useContactLinks();
  return (
    <Page>
      <PageTitle>Add Funds</PageTitle>
      <HeadlineMarquee id={HEADLINE_IDS.addFunds} />
      <WalletCard />
      <nav className={styles.tiles} aria-label="Ways to add funds">
        <TileLink
          to="/payviaupi"
          money
          icon={<Smartphone size={22} />}
          hint="PhonePe, Google Pay, Paytm or any UPI app"
        >
          Via UPI Apps
        </TileLink>
        <TileLink to="/qrpay" money icon={<QrCode size={22} />} hint="Scan our QR code from any UPI app">
          Via QR Pay
        </TileLink>
        <TileLink to="/addfundhistory" icon={<History size={22} />} hint="Your approved deposits">
          Deposit History
        </TileLink>
        <TileLink to="/depositrule" icon={<ScrollText size={22} />} hint="Read before you pay">
          Deposit Rules
        </TileLink>
      </nav>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>
          <MessageCircle size={20} aria-hidden="true" />
          Need help with a payment?
        </h2>
        <p className={styles.muted}>Call us or send a WhatsApp message and we will help.</p>
        <div className={styles.actionsRow}>
          <ExternalButtonLink
            href={links.call}
            variant="outline"
            icon={<Phone size={20} aria-hidden="true" />}
          >
            Call Now
          </ExternalButtonLink>
          <ExternalButtonLink
            href={links.whatsapp}
            variant="whatsapp"
            icon={<MessageCircle size={20} aria-hidden="true" />}
          >
            WhatsApp
          </ExternalButtonLink>
        </div>
      </Card>
    </Page>
  );
}
