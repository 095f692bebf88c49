import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { upiTypeNames, type UpiType } from '@gama/core/contract/funds-types';
import { phoneRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { Dialog } from '@gama/ui/Dialog';
import { PhoneField } from '@gama/ui/Field';
import { Form } from '../../components/Page.tsx';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { errorMessage } from '../../lib/api-client.ts';
import { fundsApi } from './api.ts';
import { fundsStyles as styles } from './parts.tsx';
import type { OtpWithdrawState } from './navigation-state.ts';
import { useT } from '../../lib/i18n/use-t.ts';

interface WithdrawMethodDialogProps {
  type: UpiType | null;
  title: string;
  onClose: () => void;
}

export function WithdrawMethodDialog({ type, title, onClose }: WithdrawMethodDialogProps) {
  return (
    <Dialog open={type !== null} onClose={onClose} title={title}>
      {type && <NumberForm key={type} type={type} />}
    </Dialog>
  );
}

function NumberForm({ type }: { type: UpiType }) {
  const { values, field, validate } = useFormFields({ number: '' });
  const navigate = useNavigate();
  const t = useT();

  const sendCode = useMutation({
    mutationFn: (value: string) => fundsApi.sendWithdrawOtp(type, value),
    onSuccess: (response, value) => {
      toast.success(response.msg);
      const state: OtpWithdrawState = { phoneNumber: response.mobile, number: value, option: type };
      void navigate('/otpwithdraw', { state });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((value: string) => sendCode.mutateAsync(value).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { number } = values;
    const valid = validate(event.currentTarget, [
      ['number', phoneRule(m.upiPhoneRequired, m.upiPhoneInvalid), number],
    ]);
    if (valid) void send(number);
  };

  return (
    <Form onSubmit={submit} aria-label={t('Add {method} number', { method: upiTypeNames[type] })}>
      <p className={styles.muted}>
        {t(
          'Enter the number your UPI app uses. We send a code to your registered phone to confirm it is you.',
        )}
      </p>
      <PhoneField label={t('UPI Number')} placeholder={t('10-digit number')} autoFocus {...field('number')} />
      <SubmitButton icon={Send} busy={sendCode.isPending} busyText={t('Please wait...')}>
        {t('Send OTP')}
      </SubmitButton>
    </Form>
  );
}
