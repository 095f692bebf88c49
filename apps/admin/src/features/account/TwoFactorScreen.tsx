import { endpoints } from '@gama/core/endpoints';
import { totpCodeProblem } from '@gama/core/endpoints/operators/index';
import { Button } from '@gama/ui/Button';
import { OtpField, PasswordField } from '@gama/ui/Field';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormFailure } from '../../components/FormFailure.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call, errorMessage, isApiError } from '../../lib/api-client.ts';
import { meKey, useOperator, type MeAnswer } from '../../lib/session.ts';
import { TotpEnrolment, type EnrolledOperator } from '../../shared/two-factor/TotpEnrolment.tsx';
import styles from './TwoFactorScreen.module.css';

export default function TwoFactorScreen() {
  const operator = useOperator();
  // On from the moment it is confirmed, while the recovery codes are still being saved.
  const [confirmed, setConfirmed] = useState(false);
  const on = operator.totp_enabled || confirmed;
  const queryClient = useQueryClient();
  const update = (next: EnrolledOperator) =>
    queryClient.setQueryData<MeAnswer>(meKey, (current) =>
      current ? { ...current, operator: next } : current,
    );

  return (
    <>
      <PageHeader
        title="Two-factor"
        description="A code from your phone at every sign-in, so a stolen password alone cannot open the console."
      />
      <Panel
        title="Authenticator app"
        actions={
          on ? <StatusPill tone="success">On</StatusPill> : <StatusPill tone="warning">Off</StatusPill>
        }
      >
        {operator.totp_enabled ? (
          <TurnOff
            onDone={(next) => {
              setConfirmed(false);
              update(next);
            }}
          />
        ) : (
          <TotpEnrolment
            onConfirmed={() => setConfirmed(true)}
            onEnrolled={(next) => {
              update(next);
              toast.success('Two-factor is on. You will need a code at every sign-in.');
            }}
          />
        )}
      </Panel>
    </>
  );
}

const required = (message: string) => (value: string) => (value === '' ? message : null);

function TurnOff({ onDone }: { onDone: (operator: EnrolledOperator) => void }) {
  const { values, field, validate, show } = useFormFields({ password: '', code: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = useSingleFlight(async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await call(endpoints.totpDisable, { password: values.password, code: values.code });
      onDone(answer.operator);
      toast.success('Two-factor is off');
    } catch (error) {
      if (isApiError(error, 'INVALID_OTP')) show('code', errorMessage(error));
      else if (isApiError(error, 'INVALID_CREDENTIALS')) show('password', errorMessage(error));
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate(event.currentTarget, [
      ['password', required('Enter your password'), values.password],
      ['code', totpCodeProblem, values.code],
    ]);
    if (valid) void send();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Turn off two-factor">
      <p className={styles.note}>
        Two-factor is protecting your account. To turn it off, confirm with your password and a current code.
        An owner may require it for everyone, and then it cannot be turned off.
      </p>
      <PasswordField label="Your password" autoComplete="current-password" {...field('password')} />
      <OtpField label="Code from the app" length={6} {...field('code')} />
      <FormFailure message={failure} />
      <Button
        type="submit"
        variant="danger"
        busy={busy}
        busyText="Turning off"
        icon={<ShieldOff size={18} aria-hidden="true" />}
      >
        Turn off two-factor
      </Button>
    </form>
  );
}
