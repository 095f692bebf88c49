import { endpoints } from '@gama/core/endpoints';
import { recoveryCode, totpCodeProblem } from '@gama/core/endpoints/operators/index';
import { Button } from '@gama/ui/Button';
import { OtpField, PasswordField, TextField } from '@gama/ui/Field';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Clock, KeyRound, LogIn, ShieldCheck, User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FormFailure } from '../../components/FormFailure.tsx';
import { AuthFrame } from '../../components/AuthFrame.tsx';
import { Notice } from '../../components/Notice.tsx';
import { call, errorMessage, isApiError } from '../../lib/api-client.ts';
import { rememberSignedIn } from '../../lib/session.ts';
import styles from './SignInScreen.module.css';

const required = (message: string) => (value: string) => (value.trim() === '' ? message : null);
/** The server's rule for a recovery code as a form rule, in its words. */
const recoveryProblem = (value: string): string | null => {
  const parsed = recoveryCode.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

/**
 * Sign-in in two steps: username and password, then, for an operator with two-factor on, the code from their
 * authenticator app. The password stays in this screen's memory between the steps and nowhere else.
 */
export default function SignInScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { from?: unknown; notice?: unknown } | null;
  const from = state?.from;
  // Why the console came back here by itself (the session sat idle, or ended elsewhere).
  const notice = typeof state?.notice === 'string' ? state.notice : null;
  const { values, field, validate, show } = useFormFields({
    username: '',
    password: '',
    totp: '',
    recovery: '',
  });
  // `recovery`: the phone is lost, and one of the codes saved at enrolment stands in for the app's code.
  const [step, setStep] = useState<'password' | 'code' | 'recovery'>('password');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = useSingleFlight(async (second: 'none' | 'code' | 'recovery') => {
    const withCode = second !== 'none';
    setBusy(true);
    setFailure(null);
    try {
      const { token: _token, ...signedIn } = await call(endpoints.operatorLogin, {
        username: values.username.trim(),
        password: values.password,
        ...(second === 'code' ? { totp: values.totp } : {}),
        ...(second === 'recovery' ? { recovery_code: values.recovery } : {}),
      });
      rememberSignedIn(queryClient, signedIn);
      const next = typeof from === 'string' && from.startsWith('/') && from !== '/sign-in' ? from : '/';
      await navigate(signedIn.totp_enrolment_required ? '/enrol' : next, { replace: true });
    } catch (error) {
      if (isApiError(error, 'TOTP_REQUIRED')) {
        setStep('code');
      } else if (withCode && isApiError(error, 'INVALID_OTP')) {
        show(second === 'recovery' ? 'recovery' : 'totp', errorMessage(error));
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (step === 'password') {
      const valid = validate(form, [
        ['username', required('Enter your username'), values.username],
        ['password', required('Enter your password'), values.password],
      ]);
      if (valid) void send('none');
    } else if (step === 'recovery') {
      if (validate(form, [['recovery', recoveryProblem, values.recovery]])) void send('recovery');
    } else if (validate(form, [['totp', totpCodeProblem, values.totp]])) {
      void send('code');
    }
  };
  const toRecovery = () => {
    setStep('recovery');
    setFailure(null);
  };
  // Back to the first step, the codes typed for this account cleared.
  const startOver = () => {
    setStep('password');
    setFailure(null);
    field('totp').onValueChange('');
    field('recovery').onValueChange('');
  };

  return (
    <AuthFrame
      title={step === 'password' ? 'Sign in' : step === 'code' ? 'Two-factor code' : 'Recovery code'}
      subtitle={
        step === 'password'
          ? 'Operators only. Every sign-in is recorded in the audit log.'
          : step === 'code'
            ? `Open your authenticator app and enter the 6-digit code for ${values.username.trim()}.`
            : 'Enter one of the recovery codes you saved when you turned two-factor on. Each works once.'
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in">
        {notice && step === 'password' && !failure && (
          <Notice icon={Clock} role="status">
            {notice}
          </Notice>
        )}
        {step === 'password' ? (
          <>
            <TextField
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              icon={<User size={18} />}
              {...field('username')}
            />
            <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
          </>
        ) : step === 'code' ? (
          <OtpField label="Authenticator code" length={6} autoFocus {...field('totp')} />
        ) : (
          <TextField
            label="Recovery code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            placeholder="xxxxx-xxxxx"
            icon={<KeyRound size={18} />}
            {...field('recovery')}
          />
        )}
        <FormFailure message={failure} />
        <Button
          type="submit"
          block
          large
          busy={busy}
          busyText={step === 'password' ? 'Signing in' : 'Checking code'}
          icon={
            step === 'password' ? (
              <LogIn size={20} aria-hidden="true" />
            ) : (
              <ShieldCheck size={20} aria-hidden="true" />
            )
          }
        >
          {step === 'password' ? 'Sign in' : 'Verify and sign in'}
        </Button>
        {step === 'code' && (
          <Button variant="ghost" block icon={<KeyRound size={18} aria-hidden="true" />} onClick={toRecovery}>
            Lost your phone? Use a recovery code
          </Button>
        )}
        {step !== 'password' && (
          <Button variant="ghost" block icon={<ArrowLeft size={18} aria-hidden="true" />} onClick={startOver}>
            Use another account
          </Button>
        )}
      </form>
    </AuthFrame>
  );
}
