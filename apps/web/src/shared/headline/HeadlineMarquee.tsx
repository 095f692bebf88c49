import { Megaphone } from 'lucide-react';
import { Skeleton } from '@gama/ui/Skeleton';
import { useT } from '../../lib/i18n/use-t.ts';
import { useHeadline, type HeadlineId } from './headline.ts';
import styles from './HeadlineMarquee.module.css';

/** A scrolling headline (home, Add Funds); nothing at all when it is switched off. */
export function HeadlineMarquee({ id }: { id: HeadlineId }) {
  const headline = useHeadline(id);
  const t = useT();
  if (headline.isPending) return <Skeleton height={40} radius={12} />;
  if (!headline.data) return null;
  return (
    <div className={styles.bar} role="marquee" aria-label={t('Announcement')}>
      <span className={styles.icon} aria-hidden="true">
        <Megaphone size={16} />
      </span>
      <div className={styles.track}>
        <p className={styles.text}>{headline.data}</p>
      </div>
    </div>
  );
}
