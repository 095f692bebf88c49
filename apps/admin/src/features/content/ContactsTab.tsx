import { CONTACT_PLACEHOLDER, contactNumber } from '@gama/core/contract/validation';
import type { OwnerSettings } from '@gama/core/endpoints/settings/index';
import { MessageCircle, Phone, Send } from 'lucide-react';
import {
  PhonePreview,
  PreviewButton,
  PreviewCard,
  previewStyles,
} from '../../shared/phone-preview/PhonePreview.tsx';
import { SettingsForm, type FieldGroup } from './SettingsForm.tsx';

const groups: readonly FieldGroup[] = [
  {
    title: 'Contact numbers',
    fields: [
      {
        key: 'contact_phone',
        label: 'Phone',
        kind: 'phone',
        hint: 'Call us, on the support popup and Add Funds; WhatsApp too when the WhatsApp number is empty.',
      },
      {
        key: 'contact_whatsapp',
        label: 'WhatsApp',
        kind: 'phone',
        hint: 'Chat on WhatsApp, Contact Admin on sign-in, and “send the screenshot” after a QR payment.',
      },
      {
        key: 'contact_telegram',
        label: 'Telegram',
        kind: 'phone',
        hint: 'Message on Telegram, on the support popup of players whose betting is off.',
      },
      {
        key: 'contact_phone_2',
        label: 'Second phone',
        kind: 'phone',
        hint: 'Sent to the app as mobile_1 for apps that show a second number.',
      },
    ],
  },
];

/** +91 98765 43210, as the link dials it; a missing number is the spec's placeholder. */
function dialled(raw: string): string {
  const digits = contactNumber(raw);
  if (digits === CONTACT_PLACEHOLDER) return `${digits} (placeholder: no number set)`;
  return digits.length === 10 ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : `+${digits}`;
}

export function ContactsTab({ saved }: { saved: OwnerSettings }) {
  return (
    <SettingsForm
      name="Contact numbers"
      saved={saved}
      groups={groups}
      preview={(values) => (
        <PhonePreview label="Support popup" title="Support">
          <PreviewCard>
            <p className={previewStyles.muted}>
              Questions about a bid, a deposit or a withdrawal? Reach us here.
            </p>
            <PreviewButton
              tone="whatsapp"
              icon={<MessageCircle size={20} aria-hidden="true" />}
              detail={dialled(values.contact_whatsapp || values.contact_phone)}
            >
              Chat on WhatsApp
            </PreviewButton>
            <PreviewButton
              tone="telegram"
              icon={<Send size={20} aria-hidden="true" />}
              detail={dialled(values.contact_telegram)}
            >
              Message on Telegram
            </PreviewButton>
            <PreviewButton
              tone="outline"
              icon={<Phone size={20} aria-hidden="true" />}
              detail={dialled(values.contact_phone)}
            >
              Call us
            </PreviewButton>
          </PreviewCard>
          <p className={previewStyles.muted}>
            Apps already open pick up a new number within 10 minutes; an app opened afterwards has it at once.
          </p>
        </PhonePreview>
      )}
    />
  );
}
