import { accountMessages as m } from '@gama/core/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api-client.ts';
import { CodeForm } from '../../shared/auth-screen/CodeForm.tsx';
import { InvalidNavigation } from '../../shared/auth-screen/InvalidNavigation.tsx';
import { authApi } from './api.ts';
import { readForgotOtpState, type ResetPasswordState } from './navigation-state.ts';

const TITLE = 'Enter reset code';

export default function ForgotOtpScreen() {
  const location = useLocation();
  const state = readForgotOtpState(location.state);
  if (state === null) return <InvalidNavigation title={TITLE} startOver="/forgotpass" />;
  return <ForgotOtpForm phoneNumber={state.phoneNumber} />;
}

function ForgotOtpForm({ phoneNumber }: { phoneNumber: string }) {
  const navigate = useNavigate();

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
      title={TITLE}
      subtitle="Check your SMS for the verification code."
      formLabel="Verify reset code"
      sentTo="Enter the 4-digit code sent to"
      phoneNumber={phoneNumber}
      invalidCode={m.invalidOtpReset}
      submitText="Verify Code"
      verify={verify}
      resend={() => authApi.resendOtp(phoneNumber, 'reset')}
      resendBusyText="Sending..."
    />
  );
}
