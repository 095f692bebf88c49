import { Button, type ButtonVariant } from '@gama/ui/Button';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** The action's icon, drawn at the size every form's main button uses. */
  icon: LucideIcon;
  /** While the form's call runs: the button is disabled and reads `busyText` (the spec's busy wording). */
  busy: boolean;
  busyText: string;
  variant?: Extract<ButtonVariant, 'primary' | 'money' | 'danger'>;
  disabled?: boolean;
  children: ReactNode;
}

/** A form's main action, the way every player form ends: full width, large, with an icon. */
export function SubmitButton({ icon: Icon, busy, busyText, variant, disabled, children }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant={variant}
      block
      large
      disabled={disabled}
      busy={busy}
      busyText={busyText}
      icon={<Icon size={20} aria-hidden="true" />}
    >
      {children}
    </Button>
  );
}
