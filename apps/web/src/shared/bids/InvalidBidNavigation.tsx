import { accountMessages as m } from '@gama/core/contract/messages';
import { House, TriangleAlert } from 'lucide-react';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Card, Page } from '../../components/Page.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './InvalidBidNavigation.module.css';

/** A bid screen or game menu opened without a market (a bookmark, a reload after the state was lost). */
export function InvalidBidNavigation({ title }: { title: string }) {
  const t = useT();
  return (
    <Page title={t.fromServer(title)}>
      <Card className={styles.notice}>
        <span className={styles.icon}>
          <TriangleAlert size={30} aria-hidden="true" />
        </span>
        <p role="alert">{t(m.invalidNavigation)}</p>
        <ButtonLink to="/imp" replace block icon={<House size={20} aria-hidden="true" />}>
          {t('Go to Home')}
        </ButtonLink>
      </Card>
    </Page>
  );
}
