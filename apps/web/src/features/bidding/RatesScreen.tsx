import { MAIN_RATE_FIELDS } from '@gama/core/rules/bet-types';
import { Card, Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { betAccent } from '../../shared/history/index.ts';
import { RATE_LABELS } from '../../shared/markets/rate-labels.ts';
import { useMainRates } from './api.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './RatesScreen.module.css';

/** `/gameRates`: the seven main rates, each `val_1-val_2` (a stake of val_1 points pays val_2). */
export default function RatesScreen() {
  const rates = useMainRates();
  const t = useT();
  return (
    <Page title={t('Market Rates')}>
      <Card className={styles.card}>
        {rates.isPending ? (
          <div className={styles.rows} role="status" aria-label={t('Loading')}>
            {MAIN_RATE_FIELDS.map((field) => (
              <Skeleton key={field} height={44} radius={12} />
            ))}
          </div>
        ) : !rates.data ? (
          <p className={styles.empty}>{t('NO DATA FOUND')}</p>
        ) : (
          <dl className={styles.rows}>
            {MAIN_RATE_FIELDS.map((field) => (
              <div
                key={field}
                className={styles.row}
                style={{ borderLeftColor: betAccent(RATE_LABELS[field]) }}
              >
                <dt>{RATE_LABELS[field]}</dt>
                <dd>
                  {rates.data?.[`${field}_val_1`] ?? '-'}-{rates.data?.[`${field}_val_2`] ?? '-'}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </Page>
  );
}
