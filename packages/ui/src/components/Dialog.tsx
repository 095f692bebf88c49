import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useUiText } from '../lib/ui-text.ts';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Visually hide the title (the content shows its own heading) while keeping it for screen readers. */
  hideTitle?: boolean;
  variant?: 'centered' | 'sheet-left';
  className?: string;
  children: ReactNode;
}

/**
 * Focus goes back to what opened the dialog; when that is gone with what it acted on (an approved deposit's
 * row leaves the queue, whose list was read again before the dialog closed), to the page's main region, so a
 * keyboard or screen-reader user goes on from the page rather than from the top of the document.
 */
function handFocusBack(opener: HTMLElement | null): void {
  if (opener?.isConnected) {
    opener.focus();
    return;
  }
  document.querySelector<HTMLElement>('main[tabindex]')?.focus();
}

/**
 * The native modal dialog: the browser makes the page behind it inert (focus stays inside), closes it on
 * Escape, and we hand focus back to whatever opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle,
  variant = 'centered',
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const text = useUiText();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The browser focuses the first control (the close button); a dialog may name a safer first choice.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      return () => {
        if (dialog.open) dialog.close();
        handFocusBack(opener);
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={[styles.dialog, variant === 'sheet-left' && styles.sheetLeft, className]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <>
          <div className={styles.header}>
            <h2
              id={titleId}
              className={[styles.title, hideTitle && 'visually-hidden'].filter(Boolean).join(' ')}
            >
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={text('Close')}>
              <X size={20} aria-hidden="true" />
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      )}
    </dialog>
  );
}
