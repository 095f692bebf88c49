import { Download } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '@gama/ui/Dialog';
import { promptInstall } from '../../lib/install-prompt.ts';
import styles from './Shell.module.css';

/**
 * "Download App" installs this web app on the home screen: there is no separate Android package to
 * fetch, and nothing is downloaded from another host.
 */
export function DownloadAppBar() {
  const [helpOpen, setHelpOpen] = useState(false);
  const install = async () => {
    const prompted = await promptInstall();
    if (!prompted) setHelpOpen(true);
  };
  return (
    <div className={styles.downloadBar}>
      <p className={styles.downloadText}>
        <strong>Gama on your home screen</strong>
        One tap to play, no app store needed.
      </p>
      <button type="button" className={styles.downloadButton} onClick={() => void install()}>
        <Download size={18} aria-hidden="true" />
        Download App
      </button>
      <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} title="Install Gama">
        <ol className={styles.installSteps}>
          <li>Open your browser menu (the ⋮ button at the top right).</li>
          <li>
            Tap <strong>Install app</strong> or <strong>Add to Home screen</strong>.
          </li>
          <li>Open Gama from your home screen like any other app.</li>
        </ol>
      </Dialog>
    </div>
  );
}
