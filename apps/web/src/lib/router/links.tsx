import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation } from './context.tsx';
import { navigate } from './history.ts';
import { samePath } from './match.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path, with its search and hash. */
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** A plain click the app handles itself; a modified one (new tab, download) is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * A real `<a href>` (it can be opened in a new tab, and reads as a link) that moves inside the app. A link to the
 * address already on screen replaces the entry rather than stacking a copy of it, as react-router's did.
 */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const location = useLocation();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event)) return;
    event.preventDefault();
    const here = location.pathname + location.search + location.hash;
    navigate(to, { replace: replace ?? here === to, state });
  };
  return <a {...rest} href={to} onClick={handle} />;
}

interface NavLinkProps extends LinkProps {
  /** Active only on `to` itself, not on the pages under it. */
  end?: boolean;
}

/** A link that marks itself as the current page (`aria-current`, and react-router's `active` class). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const path = to.split(/[?#]/)[0] ?? to;
  const active =
    samePath(path, pathname) || (!end && pathname.toLowerCase().startsWith(`${path.toLowerCase()}/`));
  return (
    <Link
      {...rest}
      to={to}
      className={[className, active && 'active'].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
