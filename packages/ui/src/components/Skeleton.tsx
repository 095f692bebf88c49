import type { CSSProperties } from 'react';
import { useUiText } from '../lib/ui-text.ts';
import styles from './Skeleton.module.css';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps) {
  return (
    <span
      className={[styles.skeleton, className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
      // Marks data still on its way, which the browser tests wait out before they judge a screen.
      data-skeleton=""
    />
  );
}

/** A page-shaped placeholder while a route's code or data arrives. */
export function PageSkeleton() {
  const text = useUiText();
  return (
    // data-page-skeleton: the player app keeps its first paint up while a page still shows this (first-paint).
    <div className={styles.page} role="status" aria-label={text('Loading')} data-page-skeleton="">
      <Skeleton height={28} width="55%" />
      <Skeleton height={140} radius={18} />
      <Skeleton height={52} radius={12} />
      <Skeleton height={52} radius={12} />
    </div>
  );
}
