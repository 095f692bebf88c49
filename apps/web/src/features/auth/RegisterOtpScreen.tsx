import { accountMessages as m } from '@gama/core/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { CodeForm } from '../../shared/auth-screen/CodeForm.tsx';
import { InvalidNavigation } from '../../shared/auth-screen/InvalidNavigation.tsx';
import { authApi, type RegistrationDraft } from './api.ts';
import { readRegisterOtpState } from './navigation-state.ts';
import { useStartSession } from './use-start-session.ts';

const TITLE = 'Verify your number';

export default function RegisterOtpScreen() {
  const location = useLocation();
  const state = readRegisterOtpState(location.state);
  if (state === null) return <InvalidNavigation title={TITLE} startOver="/r" />;
  return <RegisterOtpForm draft={state.draft} />;
}

function RegisterOtpForm({ draft }: { draft: RegistrationDraft }) {
  const startSession = useStartSession();

  const register = useMutation({
    mutationFn: (code: string) => authApi.register({ ...draft, otp: code }),
    onSuccess: (session) => {
      toast.success(session.msg);
      startSession(session);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <CodeForm
      title={TITLE}
      subtitle="One last step to create your account."
      formLabel="Verify registration code"
      sentTo="Enter the 4-digit code sent by SMS to"
      phoneNumber={draft.mobile}
      invalidCode={m.enterValidOtp}
      submitText="Verify & Register"
      verify={register}
      resend={() => authApi.resendOtp(draft.mobile, 'register')}
      resendBusyText="Sending..."
    />
  );
}
