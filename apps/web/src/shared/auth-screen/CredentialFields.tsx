import { PasswordField, PhoneField } from '@gama/ui/Field';
import { useT } from '../../lib/i18n/use-t.ts';
import type { FieldBinding } from './NewPasswordFields.tsx';

/**
 * The phone number and password an account is known by, as logging in asks them and registering sets them:
 * `newPassword` when the player chooses the password rather than types the one they have.
 */
export function CredentialFields({
  mobile,
  password,
  newPassword = false,
}: {
  /** `field('mobile')` and `field('password')` of the form's `useFormFields`. */
  mobile: FieldBinding;
  password: FieldBinding;
  newPassword?: boolean;
}) {
  const t = useT();
  return (
    <>
      <PhoneField label={t('Phone Number')} placeholder={t('10-digit mobile number')} {...mobile} />
      <PasswordField
        label={t('Password')}
        placeholder={newPassword ? t('At least 8 characters') : t('Your password')}
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        {...password}
      />
    </>
  );
}
