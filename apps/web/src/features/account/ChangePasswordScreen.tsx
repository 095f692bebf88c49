import { accountMessages as m } from '@gama/core/contract/messages';
import { newPasswordRule, requiredRule, type Rule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/Button.tsx';
import { PasswordField } from '../../components/Field.tsx';
import { Card, Form, Page, PageTitle } from '../../components/Page.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useSingleFlight } from '../../components/use-single-flight.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { accountApi } from './api.ts';
import styles from './Account.module.css';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

export default function ChangePasswordScreen() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { validate, errorFor, clearFor } = useFormErrors<PasswordField>();
  const navigate = useNavigate();

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

  const onChange = (field: PasswordField, set: (value: string) => void) => (value: string) => {
    set(value);
    clearFor(field);
  };

  return (
    <Page>
      <PageTitle>Change Password</PageTitle>
      <Card>
        <Form onSubmit={submit} aria-label="Change password">
          <p className={styles.hint}>Other devices signed in to your account will be logged out.</p>
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onValueChange={onChange('currentPassword', setCurrentPassword)}
            error={errorFor('currentPassword')}
          />
          <PasswordField
            label="New Password"
            name="newPassword"
            placeholder="At least 8 characters"
            autoComplete="new-password"
            value={newPassword}
            onValueChange={onChange('newPassword', setNewPassword)}
            error={errorFor('newPassword')}
          />
          <PasswordField
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onValueChange={onChange('confirmPassword', setConfirmPassword)}
            error={errorFor('confirmPassword')}
          />
          <Button
            type="submit"
            block
            large
            busy={change.isPending}
            busyText="Submitting..."
            icon={<KeyRound size={20} aria-hidden="true" />}
          >
            Change Password
          </Button>
        </Form>
      </Card>
    </Page>
  );
}
