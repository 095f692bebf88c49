import { MessageCircle } from 'lucide-react';
import { ExternalButtonLink } from '@gama/ui/Button';
import { useContactLinks } from '../../lib/contacts.ts';
import { useT } from '../../lib/i18n/use-t.ts';

export function ContactAdminButton() {
  const links = useContactLinks();
  const t = useT();
  return (
    <ExternalButtonLink
      href={links.whatsapp}
      variant="whatsapp"
      block
      icon={<MessageCircle size={20} aria-hidden="true" />}
    >
      {t('Contact Admin')}
    </ExternalButtonLink>
  );
}
