import { newPasswordRule, phoneRule, usernameRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { UserPlus, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/Button.tsx';
import { PasswordField, PhoneField, TextField } from '../../components/Field.tsx';
import { Form } from '../../components/Page.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useSingleFlight } from '../../components/use-single-flight.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthScreen, authStyles } from '../../shared/auth-screen/AuthScreen.tsx';
import { authApi, type RegistrationDraft } from './api.ts';
import { ContactAdminButton } from './ContactAdminButton.tsx';
import type { RegisterOtpState } from './navigation-state.ts';

type RegisterField = 'name' | 'mobile' | 'password';

export default function RegisterScreen() {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const { validate, errorFor, clearFor } = useFormErrors<RegisterField>();
  const navigate = useNavigate();

  const checkMobile = useMutation({
    mutationFn: (draft: RegistrationDraft) => authApi.checkMobile(draft.mobile),
    onSuccess: (response, draft) => {
      toast.success(response.msg);
      const state: RegisterOtpState = { draft };
      void navigate('/otpregister', { state });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((draft: RegistrationDraft) =>
    checkMobile.mutateAsync(draft).catch(() => undefined),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate(event.currentTarget, [
      ['name', usernameRule, name],
      ['mobile', phoneRule(), mobile],
      ['password', newPasswordRule(), password],
    ]);
    if (valid) void send({ name: name.trim(), mobile, password });
  };

  return (
    <AuthScreen
      title="Create account"
      subtitle="Register with your phone number. We will send you a 4-digit code."
      footer={
        <>
          <p className={authStyles.muted}>
            Already registered?{' '}
            <Link to="/login" className={authStyles.textLink}>
              For Login
            </Link>
          </p>
          <p className={authStyles.divider}>Need help?</p>
          <ContactAdminButton />
        </>
      }
    >
      <Form onSubmit={submit} aria-label="Register">
        <TextField
          label="Username"
          name="name"
          placeholder="Your name"
          autoComplete="name"
          icon={<UserRound size={20} />}
          value={name}
          onValueChange={(value) => {
            setName(value);
            clearFor('name');
          }}
          error={errorFor('name')}
        />
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
          placeholder="At least 8 characters"
          autoComplete="new-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            clearFor('password');
          }}
          error={errorFor('password')}
        />
        <Button
          type="submit"
          block
          large
          busy={checkMobile.isPending}
          busyText="Please wait..."
          icon={<UserPlus size={20} aria-hidden="true" />}
        >
          REGISTER
        </Button>
      </Form>
    </AuthScreen>
  );
}
