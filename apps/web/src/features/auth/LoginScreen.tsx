import { accountMessages as m } from '@gama/core/contract/messages';
import { phoneRule, requiredRule } from '@gama/core/contract/validation';
import { LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '@gama/ui/Button';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { Form } from '../../components/Form.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthScreen, authStyles } from '../../shared/auth-screen/AuthScreen.tsx';
import { CredentialFields } from '../../shared/auth-screen/CredentialFields.tsx';
import { authApi, type Credentials } from './api.ts';
import { AuthFooter } from './AuthFooter.tsx';
import { useStartSession } from './use-start-session.ts';

export default function LoginScreen({ showHero = true }: { showHero?: boolean }) {
  const { values, field, validate } = useFormFields({ mobile: '', password: '' });
  const startSession = useStartSession();
  const t = useT();

  // A plain call rather than TanStack Query's useMutation: the landing draws this form, and the query client is
  // about 10 KB gzip its first screen does not otherwise need.
  const [pending, setPending] = useState(false);
  const send = useSingleFlight(async (body: Credentials) => {
    setPending(true);
    try {
      const session = await authApi.login(body);
      toast.success(session.msg);
      startSession(session);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  });

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
      title={t('Welcome back')}
      subtitle={t('Log in with your phone number and password.')}
      showHero={showHero}
      footer={<AuthFooter question={t('New to Gama?')} to="/r" link={t('For Registration')} />}
    >
      <div className={authStyles.language}>
        <LanguageSwitch />
      </div>
      <Form onSubmit={submit} aria-label={t('Login')}>
        <CredentialFields mobile={field('mobile')} password={field('password')} />
        <div className={authStyles.links}>
          <span />
          <Link to="/forgotpass" className={authStyles.textLink}>
            {t('Forgot Password?')}
          </Link>
        </div>
        <Button
          type="submit"
          block
          large
          busy={pending}
          busyText={t('Please wait...')}
          icon={<LogIn size={20} aria-hidden="true" />}
        >
          {t('LOGIN')}
        </Button>
      </Form>
    </AuthScreen>
  );
}
