import type { MarketRow } from '@gama/core/endpoints/markets/index';
import { Button } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { weekdayName } from '../../lib/i18n/format.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { useMarketClock } from '../../shared/bids/index.ts';
import styles from './MarketList.module.css';

export interface GameTimeDialogProps {
  open: boolean;
  /** The market whose times are shown; null once closed. */
  row: MarketRow | null;
  onClose: () => void;
}

/**
 * Today's weekday in the market zone, read only while the dialog shows it: the market clock's first reading
 * builds an Intl formatter for the zone, tens of milliseconds on a phone, which the home screen's first render
 * need not pay.
 */
function MarketWeekday() {
  const clock = useMarketClock();
  const t = useT();
  return <p className={styles.weekday}>{weekdayName(clock.weekday, t.language)}</p>;
}

/** A session's result time and its last bid time are one moment: the session's time in the row. */
const TIMES = [
  { label: 'OPEN RESULT TIME', field: 'open_time' },
  { label: 'OPEN BID LAST TIME', field: 'open_time' },
  { label: 'CLOSE RESULT TIME', field: 'close_time' },
  { label: 'CLOSE BID LAST TIME', field: 'close_time' },
] as const;

/** A market's result and bid times, from the Game time button of its card on home. */
export default function GameTimeDialog({ open, row, onClose }: GameTimeDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={row?.game_name ?? t('Game time')}>
      {row && (
        <>
          <p className={[styles.status, row.msg_status === 1 ? styles.open : styles.closed].join(' ')}>
            {row.msg_status === 1 ? t('Market Open for today') : t('Market Close for today')}
          </p>
          <MarketWeekday />
          <dl className={styles.timeTable}>
            {TIMES.map(({ label, field }) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{row[field]}</dd>
              </div>
            ))}
          </dl>
          <Button block onClick={onClose}>
            {t('OK')}
          </Button>
        </>
      )}
    </Dialog>
  );
}
