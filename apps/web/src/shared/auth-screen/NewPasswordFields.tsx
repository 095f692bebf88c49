import { PasswordField } from '@gama/ui/Field';
import { useT } from '../../lib/i18n/use-t.ts';

export interface FieldBinding {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/**
 * A new password typed twice, as changing it (signed in) and resetting it (after the code) both ask; each
 * form keeps its own rules and messages for the pair.
 */
export function NewPasswordFields({
  password,
  confirm,
  confirmPlaceholder,
}: {
  /** `field('newPassword')` and `field('confirmPassword')` of the form's `useFormFields`. */
  password: FieldBinding;
  confirm: FieldBinding;
  confirmPlaceholder?: string;
}) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={t('New Password')}
        placeholder={t('At least 8 characters')}
        autoComplete="new-password"
        {...password}
      />
      <PasswordField
        label={t('Confirm Password')}
        placeholder={confirmPlaceholder}
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}
