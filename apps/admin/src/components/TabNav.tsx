import { NavLink } from 'react-router';
import styles from './TabNav.module.css';

/** A screen's parts as links (each has its own address); on a phone the row scrolls sideways. */
export function TabNav({
  label,
  tabs,
}: {
  label: string;
  tabs: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) => [styles.tab, isActive && styles.active].filter(Boolean).join(' ')}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
