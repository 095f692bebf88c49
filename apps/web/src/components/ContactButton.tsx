import { MessageCircle, Phone, Send, type LucideIcon } from 'lucide-react';
import { ExternalButtonLink, type ButtonVariant, type ExternalButtonLinkProps } from '@gama/ui/Button';
import { useContactLinks, type ContactLinks } from '../lib/contacts.ts';

/** Each way to reach the admin looks the same on every screen that offers it. */
const LOOKS: Record<keyof ContactLinks, { variant?: ButtonVariant; Icon: LucideIcon }> = {
  whatsapp: { variant: 'whatsapp', Icon: MessageCircle },
  call: { variant: 'outline', Icon: Phone },
  telegram: { Icon: Send },
};

/** A button-looking link to the admin's WhatsApp, phone or Telegram, from the numbers the operator set. */
export function ContactButton({
  via,
  ...rest
}: { via: keyof ContactLinks } & Omit<ExternalButtonLinkProps, 'href' | 'variant' | 'icon'>) {
  const links = useContactLinks();
  const { variant, Icon } = LOOKS[via];
  return (
    <ExternalButtonLink
      href={links[via]}
      variant={variant}
      icon={<Icon size={20} aria-hidden="true" />}
      {...rest}
    />
  );
}
