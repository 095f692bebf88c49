import { Button } from '@gama/ui/Button';

interface DecisionButtonsProps {
  /** The approve button's words, when the screen says more than "Approve" ("Approve and send"). */
  approveLabel?: string;
  /** Money when approving pays or credits it; primary or outline where nothing is paid. */
  approveTone?: 'primary' | 'money' | 'outline';
  onApprove: () => void;
  onReject: () => void;
}

/** A waiting item's row buttons: approve it, or reject it (the dialog they open asks why). */
export function DecisionButtons({
  approveLabel = 'Approve',
  approveTone = 'money',
  onApprove,
  onReject,
}: DecisionButtonsProps) {
  return (
    <>
      <Button small variant={approveTone} onClick={onApprove}>
        {approveLabel}
      </Button>
      <Button small variant="outline" onClick={onReject}>
        Reject
      </Button>
    </>
  );
}
