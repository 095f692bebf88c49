import { Download } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../lib/i18n/use-t.ts';
import { promptInstall } from '../../lib/install-prompt.ts';
import { InstallHelp } from './menus.tsx';
import styles from './Shell.module.css';

/**
 * "Download App" installs this web app on the home screen: there is no separate Android package to
 * fetch, and nothing is downloaded from another host.
 */
export function DownloadAppBar() {
  const [helpOpen, setHelpOpen] = useState(false);
  const t = useT();
  const install = async () => {
    const prompted = await promptInstall();
    if (!prompted) setHelpOpen(true);
  };
  return (
    <div className={styles.downloadBar}>
      <p className={styles.downloadText}>
        <strong>{t('Gama on your home screen')}</strong>
        {t('One tap to play, no app store needed.')}
      </p>
      <button type="button" className={styles.downloadButton} onClick={() => void install()}>
        <Download size={18} aria-hidden="true" />
        {t('Download App')}
      </button>
      <InstallHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
