import { Headset, House, Landmark, ListOrdered, ReceiptText, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from '../../lib/router/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Shell.module.css';
import { onFirstOpen } from '../../lib/on-first-open.tsx';
import type { SupportDialogProps } from './SupportDialog.tsx';

/** The support popup's numbers and links come when it is first opened. */
const SupportDialog = onFirstOpen<SupportDialogProps>(() =>
  import('./SupportDialog.tsx').then((m) => ({ default: m.SupportDialog })),
);

function FooterLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <NavLink to={to} className={styles.footerItem}>
      <Icon size={22} aria-hidden="true" />
      {label}
    </NavLink>
  );
}

/** Betting on: five items with the big centre home button. */
export function BettingFooter() {
  const [supportOpen, setSupportOpen] = useState(false);
  const t = useT();
  return (
    <nav className={[styles.footer, styles.footerFull].join(' ')} aria-label={t('Quick links')}>
      <FooterLink to="/imp4" icon={ListOrdered} label={t('Bids')} />
      <FooterLink to="/transaction" icon={ReceiptText} label={t('Passbook')} />
      <NavLink to="/imp" className={styles.footerHome} aria-label={t('Home')}>
        <span className={styles.footerHomeCircle}>
          <House size={28} aria-hidden="true" />
        </span>
        {t('Home')}
      </NavLink>
      <FooterLink to="/imp9" icon={Landmark} label={t('Funds')} />
      <button type="button" className={styles.footerItem} onClick={() => setSupportOpen(true)}>
        <Headset size={22} aria-hidden="true" />
        {t('Support')}
      </button>
      <SupportDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </nav>
  );
}

/** Betting off: home, a welcome line and support (with Telegram). */
export function SimpleFooter() {
  const [supportOpen, setSupportOpen] = useState(false);
  const t = useT();
  return (
    <nav className={[styles.footer, styles.footerSimple].join(' ')} aria-label={t('Quick links')}>
      <NavLink to="/imp" className={styles.footerRoundButton} aria-label={t('Home')}>
        <House size={22} aria-hidden="true" />
      </NavLink>
      <p className={styles.welcome}>{t('Welcome to Gama APP')}</p>
      <button
        type="button"
        className={[styles.footerRoundButton, styles.footerSupport].join(' ')}
        onClick={() => setSupportOpen(true)}
        aria-label={t('Support')}
      >
        <Headset size={22} aria-hidden="true" />
      </button>
      <SupportDialog open={supportOpen} onClose={() => setSupportOpen(false)} withTelegram />
    </nav>
  );
}
