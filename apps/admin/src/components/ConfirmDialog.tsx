import type { ButtonVariant } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { DialogActions, useDialogSend } from './FormDialog.tsx';
import { FormFailure } from './FormFailure.tsx';
import styles from './ConfirmDialog.module.css';

export interface ReasonInput {
  label: string;
  /** One line (a payment reference) instead of a paragraph (a reason). */
  singleLine?: boolean;
  /** Shorter reasons are refused before sending (the server checks again). */
  minLength?: number;
  placeholder?: string;
}

/** What a confirmation says: its title, its button and the button's text while the call runs. */
export interface Wording {
  title: string;
  confirmLabel: string;
  busyText: string;
}

interface ConfirmDialogProps extends Wording {
  open: boolean;
  onClose: () => void;
  /** The effect in words and numbers: "Credit 1,000.00 points to Ravi Kumar (98xxxxxx10)". */
  children: ReactNode;
  tone?: Extract<ButtonVariant, 'primary' | 'danger' | 'money'>;
  /** Ask for a reason (reject, revert, adjust); it is passed to `onConfirm`. */
  reason?: ReasonInput;
  /** Runs the action; a refusal keeps the dialog open with the server's message. */
  onConfirm: (reason: string) => Promise<unknown>;
  /**
   * False while the effect shown is still loading (a revert's preview): the confirm button waits for it, so an
   * operator never confirms what they have not read, nor gets an error for pressing it early.
   */
  ready?: boolean;
}

/**
 * Every action that moves money or a result goes through here. The focus starts on Cancel, so Enter on a
 * freshly opened confirmation never does the destructive thing; the confirm button is busy while the call
 * runs and cannot be pressed twice.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} className={styles.dialog}>
      {props.open && <ConfirmBody {...props} />}
    </Dialog>
  );
}

function ConfirmBody({
  onClose,
  children,
  confirmLabel,
  busyText,
  tone = 'primary',
  reason,
  onConfirm,
  ready = true,
}: ConfirmDialogProps) {
  const [text, setText] = useState('');
  const reasonId = useId();
  const errorId = useId();
  const { busy, error, setError, send } = useDialogSend(onClose, async (trimmed: string) => {
    await onConfirm(trimmed);
    return true;
  });

  const submit = () => {
    if (!ready) return;
    const trimmed = text.trim();
    if (reason && trimmed.length < (reason.minLength ?? 1)) {
      setError(
        reason.minLength && reason.minLength > 1
          ? `Enter at least ${reason.minLength} characters`
          : `Fill in: ${reason.label}`,
      );
      return;
    }
    void send(trimmed);
  };

  return (
    <form
      className={styles.body}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A dialog may sit inside a page's form: its submit is its own.
        event.stopPropagation();
        submit();
      }}
    >
      <div className={styles.effect}>{children}</div>
      {reason && (
        <div className={styles.reason}>
          <label htmlFor={reasonId}>{reason.label}</label>
          {reason.singleLine ? (
            <input
              id={reasonId}
              name="reason"
              data-autofocus
              maxLength={100}
              autoComplete="off"
              value={text}
              placeholder={reason.placeholder}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? errorId : undefined}
            />
          ) : (
            <textarea
              id={reasonId}
              name="reason"
              data-autofocus
              rows={3}
              maxLength={500}
              value={text}
              placeholder={reason.placeholder}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? errorId : undefined}
            />
          )}
        </div>
      )}
      <FormFailure id={errorId} message={error} icon={CircleAlert} />
      {/* The focus starts on the reason, or on Cancel. */}
      <DialogActions
        onCancel={onClose}
        busy={busy}
        label={confirmLabel}
        busyText={busyText}
        tone={tone}
        focusCancel={!reason}
        waiting={!ready}
      />
    </form>
  );
}
