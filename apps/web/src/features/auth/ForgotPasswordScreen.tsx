import { accountMessages as m } from '@gama/core/contract/messages';
import { phoneRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { Link, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { PhoneField } from '@gama/ui/Field';
import { Form } from '../../components/Page.tsx';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { ApiError } from '../../lib/api-client.ts';
import { AuthScreen, authStyles } from '../../shared/auth-screen/AuthScreen.tsx';
import { authApi } from './api.ts';
import type { ForgotOtpState } from './navigation-state.ts';

export default function ForgotPasswordScreen() {
  const { values, field, validate, show } = useFormFields({ mobile: '' });
  const navigate = useNavigate();
  const t = useT();

  const sendCode = useMutation({
    mutationFn: authApi.forgotCheckMobile,
    onSuccess: (response, phoneNumber) => {
      toast.success(response.msg);
      const state: ForgotOtpState = { phoneNumber };
      void navigate('/otpforgotpass', { state });
    },
    // The spec puts this failure under the phone field rather than in a toast.
    onError: (error) => show('mobile', error instanceof ApiError ? error.message : m.failedToSendOtp),
  });
  const send = useSingleFlight((phone: string) => sendCode.mutateAsync(phone).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { mobile } = values;
    const valid = validate(event.currentTarget, [
      ['mobile', phoneRule(m.forgotPhoneRequired, m.forgotPhoneInvalid), mobile],
    ]);
    if (valid) void send(mobile);
  };

  return (
    <AuthScreen
      title={t('Reset Password')}
      subtitle={t('Enter your registered phone number and we will send you a verification code.')}
      footer={
        <Link to="/login" className={authStyles.textLink}>
          <ArrowLeft size={18} aria-hidden="true" />
          &nbsp;{t('Back to Login')}
        </Link>
      }
    >
      <Form onSubmit={submit} aria-label={t('Reset password')}>
        <PhoneField
          label={t('Phone Number')}
          placeholder={t('10-digit mobile number')}
          autoFocus
          {...field('mobile')}
        />
        <SubmitButton icon={Send} busy={sendCode.isPending} busyText={t('Sending...')}>
          {t('Send Reset Code')}
        </SubmitButton>
      </Form>
    </AuthScreen>
  );
}
