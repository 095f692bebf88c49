import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { totpCodeProblem } from '@gama/core/endpoints/operators/index';
import { Button } from '@gama/ui/Button';
import { OtpField, PasswordField } from '@gama/ui/Field';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { QrCode, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { call, errorMessage, isApiError } from '../../lib/api-client.ts';
import styles from './TotpEnrolment.module.css';

type Enrolment = Answer<typeof endpoints.totpEnrol>;
export type EnrolledOperator = Answer<typeof endpoints.totpConfirm>['operator'];

/** "JBSWY3DPEHPK3PXP" as "JBSW Y3DP EHPK 3PXP", easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-factor enrolment: the server makes a secret and draws its QR code (an image from this server, no other
 * host); the operator scans it and proves it works with a current code, and only then is two-factor on.
 */
export function TotpEnrolment({
  onEnrolled,
  onConfirmed,
}: {
  onEnrolled: (operator: EnrolledOperator) => void;
  /** Two-factor is on, while its recovery codes are still on screen. */
  onConfirmed?: () => void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Two-factor is on once confirmed; its recovery codes are shown this once, before the console goes on.
  const [enrolled, setEnrolled] = useState<{ operator: EnrolledOperator; codes: string[] } | null>(null);
  const { values, field, validate, show } = useFormFields({ password: '', code: '' });

  const start = useSingleFlight(async () => {
    setStarting(true);
    setFailure(null);
    try {
      setEnrolment(await call(endpoints.totpEnrol, { password: values.password }));
    } catch (error) {
      if (isApiError(error, 'INVALID_CREDENTIALS')) show('password', errorMessage(error));
      else setFailure(errorMessage(error));
    } finally {
      setStarting(false);
    }
  });

  const confirm = useSingleFlight(async () => {
    setConfirming(true);
    try {
      const answer = await call(endpoints.totpConfirm, { code: values.code });
      setEnrolled({ operator: answer.operator, codes: answer.recovery_codes });
      onConfirmed?.();
    } catch (error) {
      show('code', errorMessage(error));
    } finally {
      setConfirming(false);
    }
  });

  if (enrolled) {
    return (
      <div className={styles.enrol}>
        <h2 className={styles.codesTitle}>Save your recovery codes</h2>
        <p>
          Two-factor is on. If you lose your phone, each of these codes signs you in once instead of the
          app&apos;s code. Write them down or keep them in a password manager, away from the phone: they are
          shown only now.
        </p>
        <ol className={styles.codes} data-testid="recovery-codes" aria-label="Recovery codes">
          {enrolled.codes.map((code) => (
            <li key={code} className="tabular">
              {code}
            </li>
          ))}
        </ol>
        <Button
          icon={<ShieldCheck size={18} aria-hidden="true" />}
          onClick={() => onEnrolled(enrolled.operator)}
        >
          I have saved them
        </Button>
      </div>
    );
  }

  if (!enrolment) {
    const begin = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const typed = (value: string) => (value === '' ? 'Enter your password' : null);
      if (validate(event.currentTarget, [['password', typed, values.password]])) void start();
    };
    return (
      <form className={styles.start} onSubmit={begin} noValidate aria-label="Start two-factor set-up">
        <p>
          You need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy or
          any other TOTP app). Confirm it is you with your password first; once two-factor is on, your other
          sessions end.
        </p>
        <PasswordField label="Your password" autoComplete="current-password" {...field('password')} />
        {failure && (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        )}
        <Button
          type="submit"
          busy={starting}
          busyText="Preparing"
          icon={<QrCode size={18} aria-hidden="true" />}
        >
          Set up two-factor
        </Button>
      </form>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (validate(event.currentTarget, [['code', totpCodeProblem, values.code]])) void confirm();
  };

  return (
    <div className={styles.enrol}>
      <ol className={styles.steps}>
        <li>Scan this code with your authenticator app.</li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <div className={styles.qrRow}>
        <img
          className={styles.qr}
          src={enrolment.qr_image}
          alt="QR code to add Gama to an authenticator app"
          width={200}
          height={200}
        />
        <div className={styles.secret}>
          <p>Cannot scan? Type this key into the app:</p>
          <code data-testid="totp-secret">{grouped(enrolment.secret)}</code>
        </div>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Confirm two-factor">
        <OtpField label="Code from the app" length={6} {...field('code')} />
        <Button
          type="submit"
          busy={confirming}
          busyText="Checking code"
          icon={<ShieldCheck size={18} aria-hidden="true" />}
        >
          Turn on two-factor
        </Button>
      </form>
    </div>
  );
}
