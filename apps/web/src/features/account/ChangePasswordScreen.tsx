import { accountMessages as m } from '@gama/core/contract/messages';
import { newPasswordRule, requiredRule, type Rule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { Link, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { PasswordField } from '@gama/ui/Field';
import { Card, Form, Page } from '../../components/Page.tsx';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { errorMessage } from '../../lib/api-client.ts';
import { accountApi } from './api.ts';
import { NewPasswordFields } from '../../shared/auth-screen/NewPasswordFields.tsx';
import styles from './Account.module.css';

export default function ChangePasswordScreen() {
  const { values, field, validate } = useFormFields({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { currentPassword, newPassword, confirmPassword } = values;
  const navigate = useNavigate();
  const t = useT();

  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: (response) => {
      toast.success(response.msg);
      void navigate('/imp', { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((body: { old_pass: string; new_pass: string }) =>
    change.mutateAsync(body).catch(() => undefined),
  );

  const confirmRule: Rule = (value) =>
    requiredRule(m.confirmPasswordRequired)(value) ?? (value === newPassword ? null : m.confirmNotEqualNew);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate(event.currentTarget, [
      ['currentPassword', requiredRule(m.currentPasswordRequired), currentPassword],
      ['newPassword', newPasswordRule(m.newPasswordRequired), newPassword],
      ['confirmPassword', confirmRule, confirmPassword],
    ]);
    if (valid) void send({ old_pass: currentPassword, new_pass: newPassword });
  };

  return (
    <Page title={t('Change Password')}>
      <Card>
        <Form onSubmit={submit} aria-label={t('Change password')}>
          <p className={styles.hint}>{t('Other devices signed in to your account will be logged out.')}</p>
          <PasswordField
            label={t('Current Password')}
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <NewPasswordFields password={field('newPassword')} confirm={field('confirmPassword')} />
          <SubmitButton icon={KeyRound} busy={change.isPending} busyText={t('Submitting...')}>
            {t('Change Password')}
          </SubmitButton>
        </Form>
      </Card>
      <p className={styles.hint}>
        {t('Leaving Gama?')} <Link to="/delete">{t('Delete your account')}</Link>
      </p>
    </Page>
  );
}
