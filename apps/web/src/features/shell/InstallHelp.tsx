import { Dialog } from '@gama/ui/Dialog';
import { translateNodes } from '../../lib/i18n/fill-nodes.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Shell.module.css';

/** How to put Gama on the home screen by hand, for a browser that offers no install prompt. */
export default function InstallHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('Install Gama')}>
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
  );
}
