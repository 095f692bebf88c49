import { accountMessages as m } from '@gama/core/contract/messages';
import { phoneRule, requiredRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/Button.tsx';
import { PasswordField, PhoneField } from '../../components/Field.tsx';
import { Form } from '../../components/Page.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useSingleFlight } from '../../components/use-single-flight.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthScreen, authStyles } from '../../shared/auth-screen/AuthScreen.tsx';
import { authApi } from './api.ts';
import { ContactAdminButton } from './ContactAdminButton.tsx';
import { useStartSession } from './use-start-session.ts';

type LoginField = 'mobile' | 'password';

export default function LoginScreen({ showHero = true }: { showHero?: boolean }) {
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const { validate, errorFor, clearFor } = useFormErrors<LoginField>();
  const startSession = useStartSession();

  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: (session) => {
      toast.success(session.msg);
      startSession(session);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((body: { mobile: string; password: string }) =>
    login.mutateAsync(body).catch(() => undefined),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate(event.currentTarget, [
      ['mobile', phoneRule(), mobile],
      ['password', requiredRule(m.passwordRequired), password],
    ]);
    if (valid) void send({ mobile, password });
  };

  return (
    <AuthScreen
      title="Welcome back"
      subtitle="Log in with your phone number and password."
      showHero={showHero}
      footer={
        <>
          <p className={authStyles.muted}>
            New to Gama?{' '}
            <Link to="/r" className={authStyles.textLink}>
              For Registration
            </Link>
          </p>
          <p className={authStyles.divider}>Need help?</p>
          <ContactAdminButton />
        </>
      }
    >
      <Form onSubmit={submit} aria-label="Login">
        <PhoneField
          label="Phone Number"
          name="mobile"
          placeholder="10-digit mobile number"
          value={mobile}
          onValueChange={(value) => {
            setMobile(value);
            clearFor('mobile');
          }}
          error={errorFor('mobile')}
        />
        <PasswordField
          label="Password"
          name="password"
          placeholder="Your password"
          autoComplete="current-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            clearFor('password');
          }}
          error={errorFor('password')}
        />
        <div className={authStyles.links}>
          <span />
          <Link to="/forgotpass" className={authStyles.textLink}>
            Forgot Password?
          </Link>
        </div>
        <Button
          type="submit"
          block
          large
          busy={login.isPending}
          busyText="Please wait..."
          icon={<LogIn size={20} aria-hidden="true" />}
        >
          LOGIN
        </Button>
      </Form>
    </AuthScreen>
  );
}
