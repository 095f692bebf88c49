import { onFirstOpen } from '../../lib/on-first-open.tsx';
import type { SideMenuProps, VisitorMenuProps } from './SideMenu.tsx';

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
