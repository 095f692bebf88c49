import { endpoints } from '@gama/core/endpoints';
import { languageNames, languages, type Language } from '@gama/core/contract/languages';
import { useState } from 'react';
import { call } from '../lib/api-client.ts';
import { activateLanguage } from '../lib/i18n/i18n.ts';
import { useT } from '../lib/i18n/use-t.ts';
import { getStoredProfile } from '../lib/session.ts';
import styles from './LanguageSwitch.module.css';

/**
 * English / हिन्दी. The choice is this device's; a signed-in player's is also sent to the server, which writes
 * their SMS codes in it (before sign-in the code requests carry it).
 */
export function LanguageSwitch({ tone = 'surface' }: { tone?: 'surface' | 'brand' }) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  const choose = async (language: Language) => {
    if (language === t.language || busy) return;
    setBusy(true);
    try {
      await activateLanguage(language);
      // The screen has switched already; the server's copy is only for SMS, and the next sign-in sends it again.
      if (getStoredProfile()) await call(endpoints.setLanguage, { language }).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={[styles.switch, tone === 'brand' && styles.brand].filter(Boolean).join(' ')}
      role="group"
      aria-label={t('Language')}
      data-testid="language-switch"
    >
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.option}
          aria-pressed={language === t.language}
          disabled={busy}
          onClick={() => void choose(language)}
        >
          {languageNames[language]}
        </button>
      ))}
    </div>
  );
}
