import { accountMessages as m } from '@gama/core/contract/messages';
import { otpRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/Button.tsx';
import { OtpField } from '../../components/Field.tsx';
import { Form } from '../../components/Page.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useSingleFlight } from '../../components/use-single-flight.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { authApi, type RegistrationDraft } from './api.ts';
import { AuthScreen, authStyles } from './AuthScreen.tsx';
import { InvalidNavigation } from './InvalidNavigation.tsx';
import { readRegisterOtpState } from './navigation-state.ts';
import { ResendCode } from './ResendCode.tsx';
import { useStartSession } from './use-start-session.ts';

const TITLE = 'Verify your number';

export default function RegisterOtpScreen() {
  const location = useLocation();
  const state = readRegisterOtpState(location.state);
  if (state === null) return <InvalidNavigation title={TITLE} startOver="/r" />;
  return <RegisterOtpForm draft={state.draft} />;
}

function RegisterOtpForm({ draft }: { draft: RegistrationDraft }) {
  const [otp, setOtp] = useState('');
  const { validate, errorFor, clearFor } = useFormErrors<'otp'>();
  const startSession = useStartSession();

  const register = useMutation({
    mutationFn: (code: string) => authApi.register({ ...draft, otp: code }),
    onSuccess: (session) => {
      toast.success(session.msg);
      startSession(session);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((code: string) => register.mutateAsync(code).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (validate(event.currentTarget, [['otp', otpRule(m.enterValidOtp), otp]])) void send(otp);
  };

  return (
    <AuthScreen title={TITLE} subtitle="One last step to create your account.">
      <Form onSubmit={submit} aria-label="Verify registration code">
        <p className={authStyles.sentTo}>
          Enter the 4-digit code sent by SMS to <strong>+91 {draft.mobile}</strong>
        </p>
        <OtpField
          label="OTP"
          name="otp"
          placeholder="••••"
          autoFocus
          value={otp}
          onValueChange={(value) => {
            setOtp(value);
            clearFor('otp');
          }}
          error={errorFor('otp')}
        />
        <Button
          type="submit"
          block
          large
          busy={register.isPending}
          busyText="Submitting..."
          icon={<ShieldCheck size={20} aria-hidden="true" />}
        >
          Verify &amp; Register
        </Button>
        <ResendCode mobile={draft.mobile} purpose="register" />
      </Form>
    </AuthScreen>
  );
}
