import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { upiTypeNames } from '@gama/core/contract/funds-types';
import { accountMessages } from '@gama/core/contract/messages';
import { otpRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { Clock, RefreshCw, RotateCcw, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { OtpField } from '../../components/Field.tsx';
import { Form } from '../../components/Page.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useSingleFlight } from '../../components/use-single-flight.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { fundsApi, useRefreshMoney } from './api.ts';
import { CodeScreen, codeStyles } from './CodeScreen.tsx';
import { readOtpWithdrawState, type OtpWithdrawState } from './navigation-state.ts';

const TITLE = 'Verify UPI number';
const RESEND_SECONDS = 30;

export default function OtpWithdrawScreen() {
  const location = useLocation();
  const state = readOtpWithdrawState(location.state);
  if (state === null) {
    return (
      <CodeScreen title={TITLE}>
        <div className={codeStyles.notice}>
          <span className={codeStyles.noticeIcon}>
            <TriangleAlert size={30} aria-hidden="true" />
          </span>
          <p role="alert">{accountMessages.invalidNavigation}</p>
          <ButtonLink to="/imp7" replace block icon={<RotateCcw size={20} aria-hidden="true" />}>
            Start over
          </ButtonLink>
        </div>
      </CodeScreen>
    );
  }
  return <OtpWithdrawForm state={state} />;
}

function OtpWithdrawForm({ state }: { state: OtpWithdrawState }) {
  const [otp, setOtp] = useState('');
  const { validate, errorFor, clearFor } = useFormErrors<'otp'>();
  const navigate = useNavigate();
  const refresh = useRefreshMoney();

  const save = useMutation({
    mutationFn: (code: string) => fundsApi.addUpiDetails(state.option, state.number, code),
    onSuccess: () => {
      refresh();
      void navigate('/imp7', { replace: true, state: { showToast: true } });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((code: string) => save.mutateAsync(code).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (validate(event.currentTarget, [['otp', otpRule(m.enterValidOtp), otp]])) void send(otp);
  };

  return (
    <CodeScreen
      title={TITLE}
      subtitle={`Confirm your ${upiTypeNames[state.option]} number +91 ${state.number}.`}
    >
      <Form onSubmit={submit} aria-label="Verify withdraw number code">
        <p className={codeStyles.sentTo}>
          Enter the 4-digit code sent by SMS to <strong>+91 {state.phoneNumber}</strong>
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
          busy={save.isPending}
          busyText="Submitting..."
          icon={<ShieldCheck size={20} aria-hidden="true" />}
        >
          Verify &amp; Save
        </Button>
        <ResendCode mobile={state.phoneNumber} />
      </Form>
    </CodeScreen>
  );
}

/** Seconds left until the deadline; counts from a deadline so a busy tab cannot drift. */
function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const restart = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, [seconds]);

  return { remaining: Math.max(0, Math.ceil((deadline - now) / 1000)), restart };
}

function ResendCode({ mobile }: { mobile: string }) {
  const { remaining, restart } = useCountdown(RESEND_SECONDS);
  const resend = useMutation({
    mutationFn: () => fundsApi.resendWithdrawOtp(mobile),
    onSuccess: (response) => {
      toast.success(response.msg);
      restart();
    },
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : accountMessages.failedToResend),
  });
  const send = useSingleFlight(() => resend.mutateAsync().catch(() => undefined));

  if (remaining > 0) {
    return (
      <p className={codeStyles.countdown}>
        <Clock size={16} aria-hidden="true" />
        <span>
          Resend Code in <strong>0:{String(remaining).padStart(2, '0')}</strong>
        </span>
      </p>
    );
  }
  return (
    <Button
      variant="ghost"
      block
      busy={resend.isPending}
      busyText="Please wait..."
      icon={<RefreshCw size={18} aria-hidden="true" />}
      onClick={() => void send()}
    >
      Resend Code
    </Button>
  );
}
