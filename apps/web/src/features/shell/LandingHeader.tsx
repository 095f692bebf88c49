import { LogIn, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../lib/router/index.ts';
import { LogoMark } from '@gama/ui/Logo';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Shell.module.css';
import { VisitorMenu } from './menus.tsx';

/** The logged-out header: a matka-site brand, a menu that mostly asks for a login, and a Login button. */
export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const t = useT();
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.iconButton}
        onClick={() => setMenuOpen(true)}
        aria-label={t('Open menu')}
      >
        <Menu size={26} aria-hidden="true" />
      </button>
      <Link to="/" className={styles.brand} aria-label={t('Gama Matka home')}>
        <LogoMark size={30} />
        <span className={styles.brandName}>
          GAMA <span className={styles.brandAccent}>MATKA</span>
        </span>
      </Link>
      <Link to="/login" className={styles.headerLogin}>
        <LogIn size={18} aria-hidden="true" />
        {t('Login')}
      </Link>
      <VisitorMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
