import { appShellMessages as m } from '@gama/core/contract/app-shell-messages';
import type { Text } from '@gama/core/i18n/texts';
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useT } from '../../lib/i18n/use-t.ts';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from '../../lib/theme.ts';
import styles from './Shell.module.css';

const OPTIONS: ReadonlyArray<{ choice: ThemeChoice; label: Text; icon: LucideIcon }> = [
  { choice: 'system', label: m.themeSystem, icon: Monitor },
  { choice: 'light', label: m.themeLight, icon: Sun },
  { choice: 'dark', label: m.themeDark, icon: Moon },
];

/** System, light or dark, remembered on this device. */
export function ThemeSwitch() {
  const current = useThemeChoice();
  const t = useT();
  return (
    <fieldset className={styles.themeSwitch}>
      <legend className={styles.themeLegend}>{t(m.theme)}</legend>
      <div className={styles.themeOptions}>
        {OPTIONS.map(({ choice, label, icon: Icon }) => (
          <label key={choice} className={styles.themeOption}>
            <input
              type="radio"
              name="theme"
              value={choice}
              checked={current === choice}
              onChange={() => setThemeChoice(choice)}
            />
            <Icon size={18} aria-hidden="true" />
            {t(label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
