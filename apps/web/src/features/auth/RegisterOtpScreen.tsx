import { accountMessages as m } from '@gama/core/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { CodeForm } from '../../shared/auth-screen/CodeForm.tsx';
import { InvalidNavigation } from '../../shared/auth-screen/InvalidNavigation.tsx';
import { authApi, type RegistrationDraft } from './api.ts';
import { readRegisterOtpState } from './navigation-state.ts';
import { useStartSession } from './use-start-session.ts';

export default function RegisterOtpScreen() {
  const location = useLocation();
  const state = readRegisterOtpState(location.state);
  const t = useT();
  if (state === null) return <InvalidNavigation title={t('Verify your number')} startOver="/r" />;
  return <RegisterOtpForm draft={state.draft} />;
}

function RegisterOtpForm({ draft }: { draft: RegistrationDraft }) {
  const startSession = useStartSession();
  const t = useT();

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
      title={t('Verify your number')}
      subtitle={t('One last step to create your account.')}
      formLabel={t('Verify registration code')}
      sentTo="Enter the 4-digit code sent by SMS to {phone}"
      phoneNumber={draft.mobile}
      invalidCode={m.enterValidOtp}
      submitText={t('Verify & Register')}
      verify={register}
      resend={() => authApi.resendOtp(draft.mobile, 'register')}
      resendBusyText={t('Sending...')}
    />
  );
}
