import type { LucideIcon } from 'lucide-react';
import styles from './FormFailure.module.css';

/**
 * Why a form or a dialog was refused, in the server's words, where the person looks before trying again. Draws
 * nothing while there is no message, so a screen writes `<FormFailure message={failure} />` unconditionally.
 */
export function FormFailure({
  message,
  icon: Icon,
  id,
}: {
  message: string | null;
  icon?: LucideIcon;
  id?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={styles.failure} role="alert">
      {Icon && <Icon size={16} aria-hidden="true" />}
      {message}
    </p>
  );
}
