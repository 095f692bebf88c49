import { accountClosureMessages as closure, accountMessages as m } from '@gama/core/contract/messages';
import { requiredRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { PasswordField } from '@gama/ui/Field';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { Card, Form, Page } from '../../components/Page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { clearCachedAnswers } from '../../lib/cached-answers.ts';
import { clearStoredProfile } from '../../lib/session.ts';
import { accountApi } from './api.ts';
import styles from './Account.module.css';

/**
 * `/delete` (issue 17): the player closes their account. The server refuses while points, debt, a pending
 * request or an open bid remain, and says which; this screen says so up front.
 */
export default function DeleteAccountScreen() {
  const { values, field, validate } = useFormFields({ password: '' });
  const [understood, setUnderstood] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const navigate = useNavigate();
  const t = useT();

  const close = useMutation({
    mutationFn: accountApi.deleteAccount,
    onSuccess: (response) => {
      clearStoredProfile();
      clearCachedAnswers();
      toast.success(response.msg);
      void navigate('/login', { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((password: string) => close.mutateAsync(password).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate(event.currentTarget, [
      ['password', requiredRule(m.passwordRequired), values.password],
    ]);
    setConfirmError(understood ? null : closure.confirmRequired);
    if (valid && understood) void send(values.password);
  };

  return (
    <Page title={t('Delete Account')}>
      <Card>
        <Form onSubmit={submit} aria-label={t('Delete account')}>
          <ul className={styles.terms}>
            <li>{t('Your wallet must be at 0 points: withdraw what is left first.')}</li>
            <li>
              {t(
                'No deposit or withdrawal request may be pending, and no bid may be waiting for its result.',
              )}
            </li>
            <li>
              {t(
                'Your name, phone number, password and payout numbers are removed. The record of your bids and payments is kept, as the law requires of the operator.',
              )}
            </li>
            <li>{t('This cannot be undone. You can register again later with the same phone number.')}</li>
          </ul>
          <PasswordField label={t('Password')} autoComplete="current-password" {...field('password')} />
          <label className={styles.confirm}>
            <input
              type="checkbox"
              checked={understood}
              onChange={(event) => {
                setUnderstood(event.target.checked);
                if (event.target.checked) setConfirmError(null);
              }}
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? 'delete-confirm-error' : undefined}
            />
            {t('I understand that my account will be deleted for good.')}
          </label>
          {confirmError && (
            <p id="delete-confirm-error" className={styles.confirmError} role="alert">
              {t.fromServer(confirmError)}
            </p>
          )}
          <SubmitButton icon={Trash2} variant="danger" busy={close.isPending} busyText={t('Deleting...')}>
            {t('Delete My Account')}
          </SubmitButton>
        </Form>
      </Card>
    </Page>
  );
}
