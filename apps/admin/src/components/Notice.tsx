import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './Notice.module.css';

/**
 * A line of information in the page's flow (not an error): what a rule means for the screen, or what the
 * server answered when nothing changed. `role` is `note` for a standing remark, `status` for an answer.
 */
export function Notice({
  icon: Icon,
  role = 'note',
  children,
}: {
  icon: LucideIcon;
  role?: 'note' | 'status';
  children: ReactNode;
}) {
  return (
    <div className={styles.notice} role={role}>
      <Icon size={18} aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
