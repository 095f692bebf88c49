import { MessagesSquare } from 'lucide-react';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { ContactButton } from '../../components/ContactButton.tsx';
import { Dialog } from '@gama/ui/Dialog';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Shell.module.css';

export interface SupportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The simplified footer also offers Telegram (spec 01 section 2.3). */
  withTelegram?: boolean;
}

export function SupportDialog({ open, onClose, withTelegram = false }: SupportDialogProps) {
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
        <ContactButton via="whatsapp" block large>
          {t('Chat on WhatsApp')}
        </ContactButton>
        {withTelegram && (
          <ContactButton via="telegram" block large className={styles.telegram}>
            {t('Message on Telegram')}
          </ContactButton>
        )}
        <ContactButton via="call" block large>
          {t('Call us')}
        </ContactButton>
      </div>
    </Dialog>
  );
}
