import type { MarketRow } from '@gama/core/endpoints/markets/index';
import { CirclePlay, Clock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { todayWeekdayName } from '../../shared/markets/group-markets.ts';
import { GroupListScreen } from '../../shared/markets/GroupListScreen.tsx';
import { MarketStatus } from '../../shared/markets/market-list-parts.tsx';
import listStyles from '../../shared/markets/MarketList.module.css';
import { useT, type Translate } from '../../lib/i18n/use-t.ts';
import styles from './Gali.module.css';

/** Open result followed by close result (Gali declares both digits in the first), `**` until declared. */
function galiResult(market: MarketRow): string {
  return `${market.open_result}${market.close_result}` || '**';
}

const statusText = (t: Translate, open: boolean) =>
  open ? t('Market Open for today') : t('Market Close for today');

const RATE_LINES = [
  { label: 'Left Digit', field: 'single_digit' },
  { label: 'Right Digit', field: 'single_pana' },
  { label: 'Jodi Digit', field: 'double_pana' },
] as const;

/**
 * KING GALI. `/gali` plays when betting is on; `/galiIMP` (and `/gali` for an account with betting off)
 * lists the same markets to read only.
 */
export default function GaliListScreen({ readOnly = false }: { readOnly?: boolean }) {
  const [timesOf, setTimesOf] = useState<MarketRow | null>(null);
  const t = useT();

  return (
    <GroupListScreen
      group="gali"
      title="KING GALI"
      readOnly={readOnly}
      menuPath="/galiallgame"
      histories={{ bids: '/impbid', wins: '/impwin' }}
      chartInNewTab
      rates={{ title: 'Gali Disawar Rates', lines: RATE_LINES }}
      layout="stack"
      skeletonCount={4}
      cardClassName={styles.market}
      renderCard={(market, { titleId, open, canPlay, play }) => (
        <>
          <div className={styles.top}>
            <div className={styles.identity}>
              <h2 id={titleId} className={styles.name}>
                {market.game_name}
              </h2>
              <MarketStatus open={open}>{statusText(t, open)}</MarketStatus>
            </div>
            <p className={[listStyles.result, styles.result].join(' ')}>
              <span className="visually-hidden">{t('Result')} </span>
              {galiResult(market)}
            </p>
          </div>
          <div className={canPlay ? styles.buttons : undefined}>
            <Button
              variant="outline"
              block
              icon={<Clock size={18} aria-hidden="true" />}
              onClick={() => setTimesOf(market)}
            >
              {t('Game time')}
            </Button>
            {canPlay && (
              <Button
                block
                variant={open ? 'primary' : 'outline'}
                icon={<CirclePlay size={18} aria-hidden="true" />}
                onClick={play}
              >
                {t('Play Game')}
              </Button>
            )}
          </div>
        </>
      )}
    >
      <GameTimeDialog market={timesOf} onClose={() => setTimesOf(null)} />
    </GroupListScreen>
  );
}

/** Gali declares once, at the open time, which is also the last moment to bid (game-rules 7.1). */
function GameTimeDialog({ market, onClose }: { market: MarketRow | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={market !== null} onClose={onClose} title={market?.game_name ?? t('Game time')}>
      {market && (
        <div className={styles.times}>
          <MarketStatus open={market.msg_status === 1}>{statusText(t, market.msg_status === 1)}</MarketStatus>
          <p className={styles.weekday}>{todayWeekdayName()}</p>
          <dl className={styles.timeList}>
            <div>
              <dt>{t('OPEN RESULT TIME')}</dt>
              <dd className="tabular">{market.open_time}</dd>
            </div>
            <div>
              <dt>{t('OPEN BID LAST TIME')}</dt>
              <dd className="tabular">{market.open_time}</dd>
            </div>
          </dl>
          <Button block onClick={onClose}>
            {t('OK')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
