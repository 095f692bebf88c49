import { endpoints } from '@gama/core/endpoints';
import { totpCodeProblem } from '@gama/core/endpoints/operators/index';
import { Button } from '@gama/ui/Button';
import { OtpField, PasswordField, TextField } from '@gama/ui/Field';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Clock, LogIn, ShieldCheck, User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthFrame } from '../../components/AuthFrame.tsx';
import { Notice } from '../../components/Notice.tsx';
import { call, errorMessage, isApiError } from '../../lib/api-client.ts';
import { rememberSignedIn } from '../../lib/session.ts';
import styles from './SignInScreen.module.css';

const required = (message: string) => (value: string) => (value.trim() === '' ? message : null);

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
  const { values, field, validate, show } = useFormFields({ username: '', password: '', totp: '' });
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = useSingleFlight(async (withCode: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const { token: _token, ...signedIn } = await call(endpoints.operatorLogin, {
        username: values.username.trim(),
        password: values.password,
        ...(withCode ? { totp: values.totp } : {}),
      });
      rememberSignedIn(queryClient, signedIn);
      const next = typeof from === 'string' && from.startsWith('/') && from !== '/sign-in' ? from : '/';
      await navigate(signedIn.totp_enrolment_required ? '/enrol' : next, { replace: true });
    } catch (error) {
      if (isApiError(error, 'TOTP_REQUIRED')) {
        setStep('code');
      } else if (withCode && isApiError(error, 'INVALID_OTP')) {
        show('totp', errorMessage(error));
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
      if (valid) void send(false);
    } else if (validate(form, [['totp', totpCodeProblem, values.totp]])) {
      void send(true);
    }
  };

  return (
    <AuthFrame
      title={step === 'password' ? 'Sign in' : 'Two-factor code'}
      subtitle={
        step === 'password'
          ? 'Operators only. Every sign-in is recorded in the audit log.'
          : `Open your authenticator app and enter the 6-digit code for ${values.username.trim()}.`
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
        ) : (
          <OtpField label="Authenticator code" length={6} autoFocus {...field('totp')} />
        )}
        {failure && (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        )}
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
          <Button
            variant="ghost"
            block
            icon={<ArrowLeft size={18} aria-hidden="true" />}
            onClick={() => {
              setStep('password');
              setFailure(null);
              field('totp').onValueChange('');
            }}
          >
            Use another account
          </Button>
        )}
      </form>
    </AuthFrame>
  );
}
