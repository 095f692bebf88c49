import type { OkResponse } from '@gama/core/endpoints/auth/index';
import { otpRule } from '@gama/core/contract/validation';
import { ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '@gama/ui/Button';
import { OtpField } from '@gama/ui/Field';
import type { Text } from '@gama/core/i18n/texts';
import { Form } from '../../components/Page.tsx';
import { translateNodes } from '../../lib/i18n/fill-nodes.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { AuthScreen, authStyles } from './AuthScreen.tsx';
import { ResendCode } from './ResendCode.tsx';

interface CodeFormProps {
  title: string;
  subtitle: string;
  /** Accessible name of the form. */
  formLabel: string;
  /** The sentence naming the phone number, e.g. "Enter the 4-digit code sent to {phone}". */
  sentTo: Text;
  /** Where the code went, shown as `+91 …`. */
  phoneNumber: string;
  /** The message of an empty or short code. */
  invalidCode: string;
  submitText: string;
  /** The caller's mutation: what a right code does and how a wrong one is told differ per screen. */
  verify: { mutateAsync: (code: string) => Promise<unknown>; isPending: boolean };
  resend: () => Promise<OkResponse>;
  resendBusyText: string;
}

/** The SMS-code step: a 4-digit code, its submit button and the resend countdown, in the sign-in frame. */
export function CodeForm({
  title,
  subtitle,
  formLabel,
  sentTo,
  phoneNumber,
  invalidCode,
  submitText,
  verify,
  resend,
  resendBusyText,
}: CodeFormProps) {
  const { values, field, validate } = useFormFields({ otp: '' });
  const t = useT();
  const send = useSingleFlight((code: string) => verify.mutateAsync(code).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { otp } = values;
    if (validate(event.currentTarget, [['otp', otpRule(invalidCode), otp]])) void send(otp);
  };

  return (
    <AuthScreen title={title} subtitle={subtitle}>
      <Form onSubmit={submit} aria-label={formLabel}>
        <p className={authStyles.sentTo}>
          {translateNodes(t, sentTo, { phone: <strong>+91 {phoneNumber}</strong> })}
        </p>
        <OtpField label={t('OTP')} placeholder="••••" autoFocus {...field('otp')} />
        <Button
          type="submit"
          block
          large
          busy={verify.isPending}
          busyText={t('Submitting...')}
          icon={<ShieldCheck size={20} aria-hidden="true" />}
        >
          {submitText}
        </Button>
        <ResendCode resend={resend} busyText={resendBusyText} />
      </Form>
    </AuthScreen>
  );
}
