import { accountMessages as m } from '@gama/core/contract/messages';
import { otpRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/Button.tsx';
import { OtpField } from '../../components/Field.tsx';
import { Form } from '../../components/Page.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useSingleFlight } from '../../components/use-single-flight.ts';
import { ApiError } from '../../lib/api-client.ts';
import { authApi } from './api.ts';
import { AuthScreen, authStyles } from './AuthScreen.tsx';
import { InvalidNavigation } from './InvalidNavigation.tsx';
import { readForgotOtpState, type ResetPasswordState } from './navigation-state.ts';
import { ResendCode } from './ResendCode.tsx';

const TITLE = 'Enter reset code';

export default function ForgotOtpScreen() {
  const location = useLocation();
  const state = readForgotOtpState(location.state);
  if (state === null) return <InvalidNavigation title={TITLE} startOver="/forgotpass" />;
  return <ForgotOtpForm phoneNumber={state.phoneNumber} />;
}

function ForgotOtpForm({ phoneNumber }: { phoneNumber: string }) {
  const [otp, setOtp] = useState('');
  const { validate, errorFor, clearFor } = useFormErrors<'otp'>();
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
  const send = useSingleFlight((code: string) => verify.mutateAsync(code).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (validate(event.currentTarget, [['otp', otpRule(m.invalidOtpReset), otp]])) void send(otp);
  };

  return (
    <AuthScreen title={TITLE} subtitle="Check your SMS for the verification code.">
      <Form onSubmit={submit} aria-label="Verify reset code">
        <p className={authStyles.sentTo}>
          Enter the 4-digit code sent to <strong>+91 {phoneNumber}</strong>
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
          busy={verify.isPending}
          busyText="Submitting..."
          icon={<ShieldCheck size={20} aria-hidden="true" />}
        >
          Verify Code
        </Button>
        <ResendCode mobile={phoneNumber} purpose="reset" />
      </Form>
    </AuthScreen>
  );
}
