import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { SideMenuProps, VisitorMenuProps } from './SideMenu.tsx';

interface Openable {
  open: boolean;
}

/**
 * A dialog whose code is a chunk fetched when it first opens: the first screen draws only the button that opens
 * it. Once opened it stays mounted, so closing it hands focus back as before.
 */
function onFirstOpen<P extends Openable>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Sheet = lazy(load);
  return function OnFirstOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Sheet {...props} />
      </Suspense>
    );
  };
}

// The menus' links, icons, theme and language switches: about 3 KB gzip.
const menus = () => import('./SideMenu.tsx');
/** The signed-in side menu. */
export const SideMenu = onFirstOpen<SideMenuProps>(() => menus().then((m) => ({ default: m.SideMenu })));
/** The logged-out header's menu. */
export const VisitorMenu = onFirstOpen<VisitorMenuProps>(() =>
  menus().then((m) => ({ default: m.VisitorMenu })),
);
/** The install steps, for a browser that offers no install prompt. */
export const InstallHelp = onFirstOpen(() => import('./InstallHelp.tsx'));
