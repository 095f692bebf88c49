import { MessageCircle, MessagesSquare, Phone, Send } from 'lucide-react';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { ExternalButtonLink } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { useContactLinks } from '../../lib/contacts.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Shell.module.css';

export interface SupportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The simplified footer also offers Telegram (spec 01 section 2.3). */
  withTelegram?: boolean;
}

export function SupportDialog({ open, onClose, withTelegram = false }: SupportDialogProps) {
  const links = useContactLinks();
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('Support')}>
      <p className={styles.supportText}>
        {t('Questions about a bid, a deposit or a withdrawal? Reach us here.')}
      </p>
      <div className={styles.supportLinks}>
        {/* In the app, tied to the record and answered in the console's inbox (issue 31). */}
        <ButtonLink
          to="/support"
          block
          large
          icon={<MessagesSquare size={20} aria-hidden="true" />}
          onClick={onClose}
        >
          {t('Write to support')}
        </ButtonLink>
        <ExternalButtonLink
          href={links.whatsapp}
          variant="whatsapp"
          block
          large
          icon={<MessageCircle size={20} aria-hidden="true" />}
        >
          {t('Chat on WhatsApp')}
        </ExternalButtonLink>
        {withTelegram && (
          <ExternalButtonLink
            href={links.telegram}
            block
            large
            className={styles.telegram}
            icon={<Send size={20} aria-hidden="true" />}
          >
            {t('Message on Telegram')}
          </ExternalButtonLink>
        )}
        <ExternalButtonLink
          href={links.call}
          variant="outline"
          block
          large
          icon={<Phone size={20} aria-hidden="true" />}
        >
          {t('Call us')}
        </ExternalButtonLink>
      </div>
    </Dialog>
  );
}
