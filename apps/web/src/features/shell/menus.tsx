import { lazy, Suspense, useState } from 'react';
import type { SideMenuProps, VisitorMenuProps } from './SideMenu.tsx';

// The menus' chunk (their links, icons, theme and language switches: about 3 KB gzip) is fetched when a menu is
// first opened: the first screen draws only the button that opens it.
const menus = () => import('./SideMenu.tsx');
const MemberSheet = lazy(() => menus().then((m) => ({ default: m.SideMenu })));
const VisitorSheet = lazy(() => menus().then((m) => ({ default: m.VisitorMenu })));

/** True from the first render with `open` on, and from then on: a closed menu stays mounted, as before. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The signed-in side menu, mounted at its first opening. */
export function SideMenu(props: SideMenuProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MemberSheet {...props} />
    </Suspense>
  );
}

/** The logged-out header's menu, mounted at its first opening. */
export function VisitorMenu(props: VisitorMenuProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <VisitorSheet {...props} />
    </Suspense>
  );
}
