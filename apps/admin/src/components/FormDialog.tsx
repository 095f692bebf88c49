import { Button, type ButtonVariant } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { CircleAlert } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import styles from './ConfirmDialog.module.css';
import { FormFailure } from './FormFailure.tsx';

type DialogTone = Extract<ButtonVariant, 'primary' | 'danger' | 'money'>;

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  busyText: string;
  tone?: DialogTone;
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

/**
 * A dialog's call: busy while it runs, the server's refusal kept for the dialog to show, closed when `run`
 * resolves true (false: the form found a wrong field and stays open). One call at a time (a double tap sends once).
 */
export function useDialogSend<A extends unknown[]>(
  onClose: () => void,
  run: (...args: A) => Promise<boolean>,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useSingleFlight(async (...args: A) => {
    setBusy(true);
    setError(null);
    try {
      if (await run(...args)) onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });
  return { busy, error, setError, send };
}

/** Cancel and the dialog's action, side by side (stacked, action on top, on a phone). */
export function DialogActions({
  onCancel,
  busy,
  label,
  busyText,
  tone = 'primary',
  focusCancel = false,
  waiting = false,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyText: string;
  tone?: DialogTone;
  /** The focus starts on Cancel: the safe choice is the default one. */
  focusCancel?: boolean;
  /** What the action would do is still loading: it cannot be confirmed unseen. */
  waiting?: boolean;
}) {
  return (
    <div className={styles.actions}>
      <Button variant="outline" onClick={onCancel} disabled={busy} data-autofocus={focusCancel || undefined}>
        Cancel
      </Button>
      <Button type="submit" variant={tone} busy={busy} busyText={busyText} disabled={waiting}>
        {label}
      </Button>
    </div>
  );
}

function FormBody({ onClose, submitLabel, busyText, tone, onSubmit, children }: FormDialogProps) {
  const { busy, error, send } = useDialogSend(onClose, onSubmit);

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
      <FormFailure message={error} icon={CircleAlert} />
      <DialogActions onCancel={onClose} busy={busy} label={submitLabel} busyText={busyText} tone={tone} />
    </form>
  );
}
