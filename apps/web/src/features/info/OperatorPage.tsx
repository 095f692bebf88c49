import type { AppPagesResponse } from '@gama/core/endpoints/content/index';
import type { Text } from '@gama/core/i18n/texts';
import { Skeleton } from '@gama/ui/Skeleton';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router/index.ts';
import { Card, Page } from '../../components/Page.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { operatorText } from '../../lib/operator-text.ts';
import { useAppPages } from './api.ts';
import styles from './Info.module.css';

/**
 * A page whose text the operator writes in the console (`/api-get-app-pages`). Until they write one, or when
 * the server cannot be reached, the app's own text stands in: a player should always be able to read the
 * policy, never an error in its place.
 */
export function OperatorPage({
  title,
  pick,
  fallback,
  related,
}: {
  title: Text;
  pick: keyof Pick<AppPagesResponse, 'privacy_policy' | 'about_text'>;
  fallback: ReactNode;
  related: { to: string; label: Text };
}) {
  const pages = useAppPages();
  const t = useT();
  const text = operatorText(t.language, pages.data, pick);
  return (
    <Page title={t(title)}>
      <Card>
        {pages.isPending ? (
          <div
            className={styles.loading}
            role="status"
            aria-label={t('Loading {title}', { title: t(title) })}
          >
            <Skeleton height={16} />
            <Skeleton height={16} width="85%" />
            <Skeleton height={16} width="70%" />
          </div>
        ) : text === '' ? (
          fallback
        ) : (
          <p className={styles.operatorText} data-testid="operator-text">
            {text}
          </p>
        )}
      </Card>
      <Link to={related.to} className={styles.related}>
        <span>{t(related.label)}</span>
        <ChevronRight size={20} aria-hidden="true" />
      </Link>
    </Page>
  );
}
