import { Navigate, Outlet } from '../../lib/router/index.ts';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { isBettingOn, useProfile } from '../../lib/profile.ts';

/**
 * Screens that exist only for accounts with betting_status "1" (spec 01 section 1). Its own chunk, with the
 * profile query it reads: a visitor's first screen needs neither.
 */
export default function RequireBetting() {
  const profile = useProfile();
  if (profile.isPending) return <PageSkeleton />;
  return isBettingOn(profile.data) ? <Outlet /> : <Navigate to="/imp" replace />;
}
