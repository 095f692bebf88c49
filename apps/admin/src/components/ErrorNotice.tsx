import { Button } from '@gama/ui/Button';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { errorMessage } from '../lib/api-client.ts';
import styles from './ErrorNotice.module.css';

/** A failed load in the server's own words, with a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className={styles.notice} role="alert">
      <TriangleAlert size={18} aria-hidden="true" />
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <Button small variant="outline" onClick={onRetry} icon={<RefreshCw size={16} aria-hidden="true" />}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: string }) {
  return <p className={styles.empty}>{children}</p>;
}
