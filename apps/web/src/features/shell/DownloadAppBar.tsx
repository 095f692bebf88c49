import { Download } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '@gama/ui/Dialog';
import { translateNodes } from '../../lib/i18n/fill-nodes.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { promptInstall } from '../../lib/install-prompt.ts';
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
      <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} title={t('Install Gama')}>
        <ol className={styles.installSteps}>
          <li>{t('Open your browser menu (the ⋮ button at the top right).')}</li>
          <li>
            {translateNodes(t, 'Tap {install} or {add}.', {
              install: <strong>{t('Install app')}</strong>,
              add: <strong>{t('Add to Home screen')}</strong>,
            })}
          </li>
          <li>{t('Open Gama from your home screen, as you open other apps.')}</li>
        </ol>
      </Dialog>
    </div>
  );
}
