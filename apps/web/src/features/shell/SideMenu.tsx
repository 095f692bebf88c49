import { LogOut } from 'lucide-react';
import { LogoMark } from '@gama/ui/Logo';
import { NavLink } from '../../lib/router/index.ts';
import { Dialog } from '@gama/ui/Dialog';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { useSupportUnread } from '../../shared/support/unread.ts';
import { useLogout } from './api.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { memberMenu, menuName, visitorMenu, type MenuEntry } from './menu-entries.ts';
import styles from './Shell.module.css';

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  userName: string;
  mobile: string;
  bettingOn: boolean;
}

export function SideMenu({ open, onClose, userName, mobile, bettingOn }: SideMenuProps) {
  const logout = useLogout();
  const t = useT();
  const entries = memberMenu.filter((entry) => bettingOn || !entry.bettingOnly);
  const supportUnread = useSupportUnread(open).data ?? 0;
  return (
    <Dialog open={open} onClose={onClose} title={t('Menu')} hideTitle variant="sheet-left">
      <div className={styles.menuSheet}>
        <div className={styles.menuProfile}>
          <span className={styles.avatar} aria-hidden="true">
            {userName.trim().charAt(0) || '?'}
          </span>
          <div>
            <p className={styles.menuName} data-testid="menu-user-name">
              {menuName(userName)}
            </p>
            <p className={styles.menuMobile}>+91 {mobile}</p>
          </div>
        </div>
        <MenuLinks entries={entries} onNavigate={onClose} badges={{ '/support': supportUnread }} />
        <div className={styles.menuDivider} />
        <div className={styles.menuLanguage}>
          <LanguageSwitch />
        </div>
        <ThemeSwitch />
        <div className={styles.menuDivider} />
        <button
          type="button"
          className={[styles.menuItem, styles.logout].join(' ')}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
        >
          <LogOut size={22} aria-hidden="true" />
          {logout.isPending ? t('Please wait...') : t('Log out')}
        </button>
      </div>
    </Dialog>
  );
}

export interface VisitorMenuProps {
  open: boolean;
  onClose: () => void;
}

/** The logged-out header's menu: mostly links that ask for a login. */
export function VisitorMenu({ open, onClose }: VisitorMenuProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('Menu')} hideTitle variant="sheet-left">
      <div className={styles.menuSheet}>
        <div className={styles.menuProfile}>
          <LogoMark size={48} />
          <div>
            <p className={styles.menuName}>Gama Matka</p>
            <p className={styles.menuMobile}>{t('Log in to play')}</p>
          </div>
        </div>
        <MenuLinks entries={visitorMenu} onNavigate={onClose} />
      </div>
    </Dialog>
  );
}

function MenuLinks({
  entries,
  onNavigate,
  badges = {},
}: {
  entries: readonly MenuEntry[];
  onNavigate: () => void;
  /** Unread counts by path (support replies). */
  badges?: Readonly<Record<string, number>>;
}) {
  const t = useT();
  return (
    <nav aria-label={t('Main menu')}>
      <ul className={styles.menuList}>
        {entries.map(({ label, to, icon: Icon }) => (
          <li key={label}>
            <NavLink to={to} end className={styles.menuItem} onClick={onNavigate}>
              <Icon size={22} aria-hidden="true" />
              {t(label)}
              {(badges[to] ?? 0) > 0 && (
                <span className={styles.menuBadge} data-testid="menu-badge">
                  <span className="visually-hidden">{t('New replies: {n}', { n: badges[to] ?? 0 })}</span>
                  <span aria-hidden="true">{badges[to]}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
