/**
 * The count on a bell: nothing at zero, "99+" past 99 so the badge keeps its size. Hidden from screen readers,
 * since the bell's own label says how many are unread.
 */
export function UnreadBadge({
  count,
  className,
  testId,
}: {
  count: number;
  className: string | undefined;
  testId: string;
}) {
  if (count <= 0) return null;
  return (
    <span className={className} aria-hidden="true" data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
