import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog, type Wording } from '../components/ConfirmDialog.tsx';
import { useAfterAction } from './use-action.ts';

interface SaveDialogProps<P> {
  /** The change waiting for the operator's confirmation; nothing while the dialog is closed. */
  pending: P | null;
  onClose: () => void;
  wording: Wording;
  /** Sends the change; a refusal keeps the dialog open with the server's message. */
  save: (pending: P) => Promise<unknown>;
  /** The toast once it is saved, and the lists the change refreshes. */
  saved: { success: string; refresh: QueryKey[] };
  /** The change in words. */
  children: ReactNode;
}

/** A screen's edit saved only after its effect is confirmed (caps, settings, a timetable, the QR image). */
export function SaveDialog<P>({ pending, onClose, wording, save, saved, children }: SaveDialogProps<P>) {
  const after = useAfterAction();
  return (
    <ConfirmDialog
      open={pending !== null}
      onClose={onClose}
      {...wording}
      onConfirm={async () => {
        if (pending !== null) await after(() => save(pending), saved);
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
