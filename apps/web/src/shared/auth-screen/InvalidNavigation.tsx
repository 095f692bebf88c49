import { accountMessages as m } from '@gama/core/contract/messages';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { AuthScreen, authStyles } from './AuthScreen.tsx';

/** A code screen opened without the step before it (a bookmark, a reload in another tab). */
export function InvalidNavigation({ title, startOver }: { title: string; startOver: string }) {
  const t = useT();
  return (
    <AuthScreen title={title}>
      <div className={authStyles.notice}>
        <span className={authStyles.noticeIcon}>
          <TriangleAlert size={30} aria-hidden="true" />
        </span>
        <p role="alert">{t(m.invalidNavigation)}</p>
        <ButtonLink to={startOver} replace block icon={<RotateCcw size={20} aria-hidden="true" />}>
          {t('Start over')}
        </ButtonLink>
      </div>
    </AuthScreen>
  );
}
