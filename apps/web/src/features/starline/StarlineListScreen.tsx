import type { MarketRow } from '@gama/core/endpoints/markets/index';
import { STARLINE_RATE_FIELDS } from '@gama/core/rules/bet-types';
import { CirclePlay } from 'lucide-react';
import { Button } from '@gama/ui/Button';
import { GroupListScreen } from '../../shared/markets/GroupListScreen.tsx';
import { MarketStatus } from '../../shared/markets/market-list-parts.tsx';
import { RATE_LABELS } from '../../shared/markets/rate-labels.ts';
import styles from '../../shared/markets/MarketList.module.css';
import { useT } from '../../lib/i18n/use-t.ts';

const RATE_LINES = STARLINE_RATE_FIELDS.map((field) => ({ label: RATE_LABELS[field], field }));

/** `349-6` once the slot's pana is declared, `***-*` until then. */
function slotResult(market: MarketRow): string {
  return market.open_result || '***-*';
}

/**
 * KING STARLINE: the day's hourly slots. `/star` plays when betting is on; `/imp2` (and `/star` for an
 * account with betting off) is the same list to read only: results, times and the chart.
 */
export default function StarlineListScreen({ readOnly = false }: { readOnly?: boolean }) {
  const t = useT();
  return (
    <GroupListScreen
      group="starline"
      title="KING STARLINE"
      readOnly={readOnly}
      menuPath="/stargame"
      histories={{ bids: '/imp5', wins: '/imp6' }}
      rates={{ title: 'Starline Rates', lines: RATE_LINES }}
      layout="grid"
      skeletonCount={6}
      cardClassName={styles.slot}
      renderCard={(market, { titleId, open, canPlay, play }) => (
        <>
          <h2 id={titleId} className={styles.slotTime}>
            {market.game_name}
          </h2>
          <p className={styles.result} aria-label={t('Result {result}', { result: slotResult(market) })}>
            {slotResult(market)}
          </p>
          <MarketStatus open={open}>{open ? t('Open for today') : t('Closed for today')}</MarketStatus>
          {canPlay && (
            <Button
              block
              variant={open ? 'primary' : 'outline'}
              className={styles.play}
              icon={<CirclePlay size={18} aria-hidden="true" />}
              onClick={play}
            >
              {t('Play')}
            </Button>
          )}
        </>
      )}
    />
  );
}
