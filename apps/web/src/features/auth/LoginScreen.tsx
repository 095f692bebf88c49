import { accountMessages as m } from '@gama/core/contract/messages';
import { phoneRule, requiredRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@gama/ui/Button';
import { PasswordField, PhoneField } from '@gama/ui/Field';
import { Form } from '../../components/Page.tsx';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthScreen, authStyles } from '../../shared/auth-screen/AuthScreen.tsx';
import { authApi } from './api.ts';
import { AuthFooter } from './AuthFooter.tsx';
import { useStartSession } from './use-start-session.ts';

export default function LoginScreen({ showHero = true }: { showHero?: boolean }) {
  const { values, field, validate } = useFormFields({ mobile: '', password: '' });
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
    const { mobile, password } = values;
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
      footer={<AuthFooter question="New to Gama?" to="/r" link="For Registration" />}
    >
      <Form onSubmit={submit} aria-label="Login">
        <PhoneField label="Phone Number" placeholder="10-digit mobile number" {...field('mobile')} />
        <PasswordField
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          {...field('password')}
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
