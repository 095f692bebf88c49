import { accountMessages as m } from '@gama/core/contract/messages';
import { newPasswordRule, requiredRule, type Rule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { Form } from '../../components/Page.tsx';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthScreen } from '../../shared/auth-screen/AuthScreen.tsx';
import { InvalidNavigation } from '../../shared/auth-screen/InvalidNavigation.tsx';
import { NewPasswordFields } from '../../shared/auth-screen/NewPasswordFields.tsx';
import { authApi } from './api.ts';
import { readResetPasswordState, type ResetPasswordState } from './navigation-state.ts';

/** Spec 01 section 9: the player reads the success message before landing on login. */
const REDIRECT_DELAY_MS = 1500;

export default function ResetPasswordScreen() {
  const location = useLocation();
  const state = readResetPasswordState(location.state);
  const t = useT();
  if (state === null) return <InvalidNavigation title={t('Set new password')} startOver="/forgotpass" />;
  return <ResetPasswordForm ticket={state} />;
}

function ResetPasswordForm({ ticket }: { ticket: ResetPasswordState }) {
  const { values, field, validate } = useFormFields({ newPassword: '', confirmPassword: '' });
  const { newPassword, confirmPassword } = values;
  const [done, setDone] = useState(false);
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  const t = useT();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const reset = useMutation({
    mutationFn: (password: string) =>
      authApi.resetPassword({
        mobile: ticket.phoneNumber,
        new_pass: password,
        reset_token: ticket.resetToken,
      }),
    onSuccess: (response) => {
      toast.success(response.msg);
      setDone(true);
      timer.current = window.setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((password: string) => reset.mutateAsync(password).catch(() => undefined));

  const matchesNew: Rule = (value) => (value === newPassword ? null : m.passwordsDoNotMatch);
  const confirmRule: Rule = (value) => requiredRule(m.confirmPasswordRequired)(value) ?? matchesNew(value);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (done) return;
    const valid = validate(event.currentTarget, [
      ['newPassword', newPasswordRule(m.newPasswordRequired), newPassword],
      ['confirmPassword', confirmRule, confirmPassword],
    ]);
    if (valid) void send(newPassword);
  };

  return (
    <AuthScreen
      title={t('Set new password')}
      subtitle={t('Choose a new password for {phone}.', { phone: `+91 ${ticket.phoneNumber}` })}
    >
      <Form onSubmit={submit} aria-label={t('Set new password')}>
        <NewPasswordFields
          password={field('newPassword')}
          confirm={field('confirmPassword')}
          confirmPlaceholder={t('Type it again')}
        />
        <SubmitButton
          icon={KeyRound}
          busy={reset.isPending || done}
          busyText={done ? t('Redirecting...') : t('Submitting...')}
        >
          {t('Update Password')}
        </SubmitButton>
      </Form>
    </AuthScreen>
  );
}
