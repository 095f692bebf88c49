import { betTypesOf, type BetTypeId } from '@gama/core/rules/bet-types';
import { bidMessages } from '@gama/core/rules/messages';
import {
  Contrast,
  Dice1,
  Dice2,
  Gauge,
  Hash,
  Layers2,
  Layers3,
  Lock,
  Shapes,
  Target,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { CSSProperties } from 'react';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { Page } from '../../components/Page.tsx';
import {
  InvalidBidNavigation,
  isOpenTimePassed,
  openTimePassedNow,
  readBidNavState,
  useMarketClock,
  type BidNavState,
} from '../../shared/bids/index.ts';
import { betAccent } from '../../shared/history/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './GameMenuScreen.module.css';

const ICONS: Partial<Record<BetTypeId, LucideIcon>> = {
  single_digit: Dice1,
  jodi_digit: Dice2,
  single_pana: Hash,
  double_pana: Layers2,
  triple_pana: Layers3,
  half_sangam: Contrast,
  full_sangam: Target,
  sp_dp_tp: Shapes,
  sp_motor: Zap,
  dp_motor: Gauge,
};

/** `/game`: the ten main bet types as large labelled tiles (spec 02 section 2). */
export default function GameMenuScreen() {
  const market = readBidNavState(useLocation().state);
  if (market === null) return <InvalidBidNavigation title="Select Game" />;
  return <GameMenu market={market} />;
}

function GameMenu({ market }: { market: BidNavState }) {
  const navigate = useNavigate();
  const clock = useMarketClock();
  const closed = isOpenTimePassed(market.openTime, clock.minutes);
  const t = useT();

  return (
    <Page title={market.gameName}>
      <p className={styles.hint}>{t('Select a game type')}</p>
      <ul className={styles.tiles}>
        {betTypesOf('main').map((betType) => {
          const Icon = ICONS[betType.id] ?? Hash;
          const locked = betType.timed && closed;
          return (
            <li key={betType.id}>
              <button
                type="button"
                className={[styles.tile, locked && styles.locked].filter(Boolean).join(' ')}
                style={{ '--accent': betAccent(betType.label) } as CSSProperties}
                aria-describedby={locked ? `${betType.id}-closed` : undefined}
                onClick={() => {
                  // The spec lets the tap happen and answers it, so the player learns why.
                  if (betType.timed && openTimePassedNow(market.openTime)) {
                    toast.error(bidMessages.biddingClosedFor(betType.label), { id: 'game-menu' });
                    return;
                  }
                  void navigate(betType.route, { state: { ...market, pana: betType.label } });
                }}
              >
                <span className={styles.icon} aria-hidden="true">
                  <Icon size={30} strokeWidth={2.2} />
                </span>
                <span className={styles.label}>{betType.label}</span>
                {locked && (
                  <span id={`${betType.id}-closed`} className={styles.closed}>
                    <Lock size={12} aria-hidden="true" />
                    {t('Closed')}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </Page>
  );
}
