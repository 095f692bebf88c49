import { Button, type ButtonVariant } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { CircleAlert } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import styles from './ConfirmDialog.module.css';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  busyText: string;
  tone?: Extract<ButtonVariant, 'primary' | 'danger' | 'money'>;
  /**
   * Checks the form (focusing the first wrong field) and sends it; resolves false when a field was wrong,
   * throws the server's refusal (shown in the dialog), resolves true when done.
   */
  onSubmit: (form: HTMLFormElement) => Promise<boolean>;
  children: ReactNode;
}

/** A small form in a dialog (create an operator, set a password): busy while sending, the server's refusal inline. */
export function FormDialog(props: FormDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} className={styles.dialog}>
      {props.open && <FormBody {...props} />}
    </Dialog>
  );
}

function FormBody({ onClose, submitLabel, busyText, tone = 'primary', onSubmit, children }: FormDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = useSingleFlight(async (form: HTMLFormElement) => {
    setBusy(true);
    setError(null);
    try {
      if (await onSubmit(form)) onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form
      className={styles.body}
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        // A dialog may sit inside a page's form: its submit is its own.
        event.stopPropagation();
        void send(event.currentTarget);
      }}
    >
      {children}
      {error && (
        <p className={styles.error} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant={tone} busy={busy} busyText={busyText}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
