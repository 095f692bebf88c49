import { accountMessages as m } from '@gama/core/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { ApiError } from '../../lib/api-client.ts';
import { CodeForm } from '../../shared/auth-screen/CodeForm.tsx';
import { InvalidNavigation } from '../../shared/auth-screen/InvalidNavigation.tsx';
import { authApi } from './api.ts';
import { readForgotOtpState, type ResetPasswordState } from './navigation-state.ts';

export default function ForgotOtpScreen() {
  const location = useLocation();
  const state = readForgotOtpState(location.state);
  const t = useT();
  if (state === null) return <InvalidNavigation title={t('Enter reset code')} startOver="/forgotpass" />;
  return <ForgotOtpForm phoneNumber={state.phoneNumber} />;
}

function ForgotOtpForm({ phoneNumber }: { phoneNumber: string }) {
  const navigate = useNavigate();
  const t = useT();

  const verify = useMutation({
    mutationFn: (code: string) => authApi.verifyForgotOtp(phoneNumber, code),
    onSuccess: (response) => {
      const state: ResetPasswordState = { phoneNumber, resetToken: response.reset_token };
      // Replace: going back must not land on a code that has already been used.
      void navigate('/change-password', { state, replace: true });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : m.invalidOtpReset),
  });

  return (
    <CodeForm
      title={t('Enter reset code')}
      subtitle={t('Check your SMS for the verification code.')}
      formLabel={t('Verify reset code')}
      sentTo="Enter the 4-digit code sent to {phone}"
      phoneNumber={phoneNumber}
      invalidCode={m.invalidOtpReset}
      submitText={t('Verify Code')}
      verify={verify}
      resend={() => authApi.resendOtp(phoneNumber, 'reset')}
      resendBusyText={t('Sending...')}
    />
  );
}
