import type { MarketRow } from '@gama/core/contract/accounts';
import { CirclePlay, Clock } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Page, PageTitle } from '../../components/Page.tsx';
import type { BidNavState } from '../../shared/bids/index.ts';
import { isBettingOn, useProfile } from '../../lib/profile.ts';
import {
  ratePair,
  todayWeekdayName,
  useGroupMarkets,
  useGroupRates,
} from '../../shared/markets/group-markets.ts';
import {
  ListActions,
  ListEmpty,
  ListSkeleton,
  MarketStatus,
  RatesBox,
  useClosedMarket,
} from '../../shared/markets/market-list-parts.tsx';
import listStyles from '../../shared/markets/MarketList.module.css';
import styles from './Gali.module.css';

/** Open result followed by close result (Gali declares both digits in the first), `**` until declared. */
function galiResult(market: MarketRow): string {
  return `${market.open_result}${market.close_result}` || '**';
}

const statusText = (open: boolean) => (open ? 'Market Open for today' : 'Market Close for today');

/**
 * KING GALI. `/gali` plays when betting is on; `/galiIMP` (and `/gali` for an account with betting off)
 * lists the same markets to read only.
 */
export default function GaliListScreen({ readOnly = false }: { readOnly?: boolean }) {
  const profile = useProfile();
  const canPlay = !readOnly && isBettingOn(profile.data);
  const list = useGroupMarkets('gali');
  const rates = useGroupRates('gali', { enabled: canPlay });
  const closed = useClosedMarket();
  const navigate = useNavigate();
  const [timesOf, setTimesOf] = useState<MarketRow | null>(null);

  const play = (market: MarketRow) => {
    if (market.msg_status !== 1) {
      closed.refuse(market.game_id);
      return;
    }
    const state: BidNavState = {
      gameId: market.game_id,
      openTime: market.open_time,
      gameName: market.game_name,
    };
    void navigate('/galiallgame', { state });
  };

  return (
    <Page>
      <PageTitle>KING GALI</PageTitle>
      <ListActions
        chartUrl={list.data?.chartUrl ?? (list.isError ? '/charts?group=gali' : undefined)}
        chartInNewTab
        bidHistoryTo={canPlay ? '/impbid' : undefined}
        winHistoryTo={canPlay ? '/impwin' : undefined}
      />
      {canPlay && (
        <RatesBox
          title="Gali Disawar Rates"
          loading={rates.isPending}
          lines={[
            { label: 'Left Digit', value: ratePair(rates.data, 'single_digit') },
            { label: 'Right Digit', value: ratePair(rates.data, 'single_pana') },
            { label: 'Jodi Digit', value: ratePair(rates.data, 'double_pana') },
          ]}
        />
      )}
      {list.isPending ? (
        <ListSkeleton count={4} tall />
      ) : !list.data || list.data.markets.length === 0 ? (
        <ListEmpty>NO DATA FOUND</ListEmpty>
      ) : (
        <div className={listStyles.stack}>
          {list.data.markets.map((market) => {
            const open = market.msg_status === 1;
            const titleId = `gali-${market.game_id}`;
            return (
              <section
                key={market.game_id}
                aria-labelledby={titleId}
                className={[listStyles.card, styles.market, closed.shakeClass(market.game_id)]
                  .filter(Boolean)
                  .join(' ')}
              >
                <div className={styles.top}>
                  <div className={styles.identity}>
                    <h2 id={titleId} className={styles.name}>
                      {market.game_name}
                    </h2>
                    <MarketStatus open={open}>{statusText(open)}</MarketStatus>
                  </div>
                  <p className={[listStyles.result, styles.result].join(' ')}>
                    <span className="visually-hidden">Result </span>
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
                    Game time
                  </Button>
                  {canPlay && (
                    <Button
                      block
                      variant={open ? 'primary' : 'outline'}
                      icon={<CirclePlay size={18} aria-hidden="true" />}
                      onClick={() => play(market)}
                    >
                      Play Game
                    </Button>
                  )}
                </div>
              </section>
            );
          })}
        </div>
      )}
      <GameTimeDialog market={timesOf} onClose={() => setTimesOf(null)} />
      {closed.popup}
    </Page>
  );
}

/** Gali declares once, at the open time, which is also the last moment to bid (game-rules 7.1). */
function GameTimeDialog({ market, onClose }: { market: MarketRow | null; onClose: () => void }) {
  return (
    <Dialog open={market !== null} onClose={onClose} title={market?.game_name ?? 'Game time'}>
      {market && (
        <div className={styles.times}>
          <MarketStatus open={market.msg_status === 1}>{statusText(market.msg_status === 1)}</MarketStatus>
          <p className={styles.weekday}>{todayWeekdayName()}</p>
          <dl className={styles.timeList}>
            <div>
              <dt>OPEN RESULT TIME</dt>
              <dd className="tabular">{market.open_time}</dd>
            </div>
            <div>
              <dt>OPEN BID LAST TIME</dt>
              <dd className="tabular">{market.open_time}</dd>
            </div>
          </dl>
          <Button block onClick={onClose}>
            OK
          </Button>
        </div>
      )}
    </Dialog>
  );
}
