import type { MarketRow } from '@gama/core/endpoints/markets/index';
import { CircleCheck, CircleX, Clock, Play } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { Button } from '@gama/ui/Button';
import { Skeleton } from '@gama/ui/Skeleton';
import { translateNodes } from '../../lib/i18n/fill-nodes.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { prefersReducedMotion } from '../../lib/motion.ts';
import { useProfile } from '../../lib/profile.ts';
import { onFirstOpen } from '../../lib/on-first-open.tsx';
import type { GameTimeDialogProps } from './GameTimeDialog.tsx';
import { mainResultText } from './market-result.ts';
import styles from './MarketList.module.css';

/** The closed-market popup comes with the first tap on a closed market (the card shakes meanwhile). */
const ClosedMarketDialog = onFirstOpen<{ open: boolean; onClose: () => void }>(() =>
  import('../../shared/markets/market-list-parts.tsx').then((m) => ({ default: m.ClosedMarketDialog })),
);
/** A market's times come with the first tap on Game time: home draws only the button (decision 020). */
const GameTimeDialog = onFirstOpen<GameTimeDialogProps>(() => import('./GameTimeDialog.tsx'));

const POLL_MS = 5_000;
const SHAKE_MS = 500;
const VIBRATE_MS = 100;

/** The main markets of the profile's `result`, polled every 5 s while home is shown (spec 02 section 4). */
export function MarketList({ bettingOn }: { bettingOn: boolean }) {
  // The frame's own profile: the poll refreshes the header wallet too, and stops when home unmounts.
  const profile = useProfile({ intervalMs: POLL_MS });
  // The cards are the home screen's largest render. A query's answer re-renders synchronously; the deferred copy
  // draws the cards at transition priority, in slices, so the thread stays free for a tap (one synchronous render
  // of every card was a long task of about 200 ms on a throttled phone).
  const markets = useDeferredValue(profile.data?.result);
  const [closedOpen, setClosedOpen] = useState(false);
  const [timesOf, setTimesOf] = useState<MarketRow | null>(null);
  // One function for the page's life: the first-open wrapper's effect depends on it.
  const closeTimes = useCallback(() => setTimesOf(null), []);
  const navigate = useNavigate();
  const t = useT();

  if (!markets) {
    return (
      <div className={styles.list} role="status" aria-label={t('Loading markets')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={164} radius={18} />
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby="markets-title" className={styles.section}>
      <h2 id="markets-title" className={styles.heading}>
        {t('Markets')}
      </h2>
      <ul className={styles.list}>
        {markets.map((row) => (
          <MarketCard
            key={row.game_id}
            row={row}
            onClosed={() => setClosedOpen(true)}
            onTimes={() => setTimesOf(row)}
            onPlay={() => {
              // Without betting the player stays on /imp (spec 01 section 2.3): the list is for reading.
              if (!bettingOn) return;
              void navigate('/game', {
                state: { gameId: row.game_id, openTime: row.open_time, gameName: row.game_name },
              });
            }}
          />
        ))}
      </ul>
      <ClosedMarketDialog open={closedOpen} onClose={() => setClosedOpen(false)} />
      <GameTimeDialog open={timesOf !== null} row={timesOf} onClose={closeTimes} />
    </section>
  );
}

function MarketCard({
  row,
  onClosed,
  onTimes,
  onPlay,
}: {
  row: MarketRow;
  onClosed: () => void;
  onTimes: () => void;
  onPlay: () => void;
}) {
  const open = row.msg_status === 1;
  const [shaking, setShaking] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const t = useT();

  const play = () => {
    if (open) {
      onPlay();
      return;
    }
    setShaking(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setShaking(false), SHAKE_MS);
    // Not every phone or browser can vibrate, and reduced motion asks for none; the popup says it anyway.
    if (typeof navigator.vibrate === 'function' && !prefersReducedMotion()) navigator.vibrate(VIBRATE_MS);
    onClosed();
  };

  const titleId = `market-${row.game_id}`;
  return (
    <li
      className={[styles.card, shaking && 'shake'].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      data-testid="market-card"
    >
      <div className={styles.top}>
        <h3 id={titleId} className={styles.name}>
          {row.game_name}
        </h3>
        <p className={[styles.status, open ? styles.open : styles.closed].join(' ')}>
          {open ? <CircleCheck size={14} aria-hidden="true" /> : <CircleX size={14} aria-hidden="true" />}
          {open ? t('Market Open for today') : t('Market Close for today')}
        </p>
      </div>
      <p className={styles.result} data-testid="market-result">
        {mainResultText(row)}
      </p>
      <p className={styles.times}>
        <span>{translateNodes(t, 'Open {time}', { time: <strong>{row.open_time}</strong> })}</span>
        <span>{translateNodes(t, 'Close {time}', { time: <strong>{row.close_time}</strong> })}</span>
      </p>
      <div className={styles.buttons}>
        <Button variant="outline" onClick={onTimes} icon={<Clock size={18} aria-hidden="true" />}>
          {t('Game time')}
        </Button>
        <Button
          variant={open ? 'primary' : 'outline'}
          className={open ? undefined : styles.playClosed}
          onClick={play}
          icon={<Play size={18} aria-hidden="true" />}
          aria-label={t('Play {market}', { market: row.game_name })}
        >
          {t('Play')}
        </Button>
      </div>
    </li>
  );
}
