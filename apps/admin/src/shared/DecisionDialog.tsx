import type { ReactNode } from 'react';
import { ConfirmDialog, type Wording } from '../components/ConfirmDialog.tsx';

interface DecisionDialogProps<P extends { kind: 'approve' | 'reject' }> {
  /** The item being decided and which way; nothing while the dialog is closed. */
  pending: P | null;
  onClose: () => void;
  approve: Wording & { tone: 'primary' | 'money' };
  /** A rejection always gives a reason (three characters at least), shown to whom `reasonLabel` names. */
  reject: Wording & { reasonLabel: string };
  onApprove: (pending: P) => Promise<unknown>;
  onReject: (pending: P, reason: string) => Promise<unknown>;
  /** The effect in words and numbers. */
  children: (pending: P) => ReactNode;
}

/**
 * A second operator's decision on something waiting (a held credit, a notice, a referral reward): approve it,
 * or reject it with a reason, in the danger tone.
 */
export function DecisionDialog<P extends { kind: 'approve' | 'reject' }>(props: DecisionDialogProps<P>) {
  const { pending, approve, reject } = props;
  const rejecting = pending?.kind === 'reject';
  const wording = rejecting ? reject : approve;
  return (
    <ConfirmDialog
      open={pending !== null}
      onClose={props.onClose}
      title={wording.title}
      confirmLabel={wording.confirmLabel}
      busyText={wording.busyText}
      tone={rejecting ? 'danger' : approve.tone}
      reason={rejecting ? { label: reject.reasonLabel, minLength: 3 } : undefined}
      onConfirm={async (reason) => {
        if (!pending) return;
        if (pending.kind === 'approve') await props.onApprove(pending);
        else await props.onReject(pending, reason);
      }}
    >
      {pending && props.children(pending)}
    </ConfirmDialog>
  );
}
