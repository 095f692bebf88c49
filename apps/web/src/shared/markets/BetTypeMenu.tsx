import type { BetType, BetTypeId } from '@gama/core/rules/bet-types';
import { bidMessages } from '@gama/core/rules/messages';
import { Clock } from 'lucide-react';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { Page } from '../../components/Page.tsx';
import { InvalidBidNavigation, openTimePassedNow, readBidNavState } from '../bids/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './BetTypeMenu.module.css';

/** A sample of what each tile takes, drawn as the tile's icon: the player sees the shape of the number. */
const SAMPLES: Partial<Record<BetTypeId, string>> = {
  starline_single_digit: '7',
  starline_single_pana: '128',
  starline_double_pana: '112',
  starline_triple_pana: '777',
  gali_left_digit: '4·',
  gali_right_digit: '·7',
  gali_jodi_digit: '47',
};

interface BetTypeMenuProps {
  title: string;
  betTypes: BetType[];
}

/**
 * The bet-type menu of a Starline slot or a Gali market. Every tile closes at the draw time, judged by the
 * server's clock; the server refuses late bids anyway, this only spares the player a wasted form.
 */
export function BetTypeMenu({ title, betTypes }: BetTypeMenuProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const market = readBidNavState(location.state);
  if (market === null) return <InvalidBidNavigation title={title} />;

  const pick = (betType: BetType) => {
    if (openTimePassedNow(market.openTime)) {
      toast.error(bidMessages.biddingClosedFor(betType.label));
      return;
    }
    void navigate(betType.route, { state: { ...market, pana: betType.label } });
  };

  return (
    <Page title={market.gameName}>
      <p className={[styles.time, 'tabular'].join(' ')}>
        <Clock size={16} aria-hidden="true" />
        {t('Bids close at {time}', { time: market.openTime })}
      </p>
      <div className={styles.tiles}>
        {betTypes.map((betType) => (
          <button key={betType.id} type="button" className={styles.tile} onClick={() => pick(betType)}>
            <span className={styles.sample} aria-hidden="true">
              {SAMPLES[betType.id] ?? ''}
            </span>
            <span className={styles.label}>{betType.label}</span>
          </button>
        ))}
      </div>
    </Page>
  );
}
