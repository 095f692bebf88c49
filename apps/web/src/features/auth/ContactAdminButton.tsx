import { MessageCircle } from 'lucide-react';
import { ExternalButtonLink } from '@gama/ui/Button';
import { useContactLinks } from '../../lib/contacts.ts';

export function ContactAdminButton() {
  const links = useContactLinks();
  return (
    <ExternalButtonLink
      href={links.whatsapp}
      variant="whatsapp"
      block
      icon={<MessageCircle size={20} aria-hidden="true" />}
    >
      Contact Admin
    </ExternalButtonLink>
  );
}
