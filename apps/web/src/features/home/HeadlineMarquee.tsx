import { Megaphone } from 'lucide-react';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useHomeHeadline } from './api.ts';
import styles from './HeadlineMarquee.module.css';

export function HeadlineMarquee() {
  const headline = useHomeHeadline();
  if (headline.isPending) return <Skeleton height={40} radius={12} />;
  if (!headline.data) return null;
  return (
    <div className={styles.bar} role="marquee" aria-label="Announcement">
      <span className={styles.icon} aria-hidden="true">
        <Megaphone size={16} />
      </span>
      <div className={styles.track}>
        <p className={styles.text}>{headline.data}</p>
      </div>
    </div>
  );
}
