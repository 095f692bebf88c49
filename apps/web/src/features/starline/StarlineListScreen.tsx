import type { MarketRow } from '@gama/core/contract/accounts';
import { STARLINE_RATE_FIELDS } from '@gama/core/rules/bet-types';
import { CirclePlay } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Page, PageTitle } from '../../components/Page.tsx';
import type { BidNavState } from '../../shared/bids/index.ts';
import { isBettingOn, useProfile } from '../../lib/profile.ts';
import { ratePair, useGroupMarkets, useGroupRates } from '../../shared/markets/group-markets.ts';
import {
  ListActions,
  ListEmpty,
  ListSkeleton,
  MarketStatus,
  RatesBox,
  useClosedMarket,
} from '../../shared/markets/market-list-parts.tsx';
import styles from '../../shared/markets/MarketList.module.css';

const RATE_LABELS: Record<(typeof STARLINE_RATE_FIELDS)[number], string> = {
  single_digit: 'Single Digit',
  jodi_digit: 'Jodi Digit',
  single_pana: 'Single Pana',
  double_pana: 'Double Pana',
  tripple_pana: 'Triple Pana',
  half_sangam: 'Half Sangam',
  full_sangam: 'Full Sangam',
};

/** `349-6` once the slot's pana is declared, `***-*` until then. */
function slotResult(market: MarketRow): string {
  return market.open_result || '***-*';
}

/**
 * KING STARLINE: the day's hourly slots. `/star` plays when betting is on; `/imp2` (and `/star` for an
 * account with betting off) is the same list to read only: results, times and the chart.
 */
export default function StarlineListScreen({ readOnly = false }: { readOnly?: boolean }) {
  const profile = useProfile();
  const canPlay = !readOnly && isBettingOn(profile.data);
  const list = useGroupMarkets('starline');
  const rates = useGroupRates('starline', { enabled: canPlay });
  const closed = useClosedMarket();
  const navigate = useNavigate();

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
    void navigate('/stargame', { state });
  };

  return (
    <Page>
      <PageTitle>KING STARLINE</PageTitle>
      <ListActions
        chartUrl={list.data?.chartUrl ?? (list.isError ? '/charts?group=starline' : undefined)}
        bidHistoryTo={canPlay ? '/imp5' : undefined}
        winHistoryTo={canPlay ? '/imp6' : undefined}
      />
      {canPlay && (
        <RatesBox
          title="Starline Rates"
          loading={rates.isPending}
          lines={STARLINE_RATE_FIELDS.map((field) => ({
            label: RATE_LABELS[field],
            value: ratePair(rates.data, field),
          }))}
        />
      )}
      {list.isPending ? (
        <ListSkeleton count={6} />
      ) : !list.data || list.data.markets.length === 0 ? (
        <ListEmpty>NO DATA FOUND</ListEmpty>
      ) : (
        <div className={styles.grid}>
          {list.data.markets.map((market) => {
            const open = market.msg_status === 1;
            const titleId = `slot-${market.game_id}`;
            return (
              <section
                key={market.game_id}
                aria-labelledby={titleId}
                className={[styles.card, styles.slot, closed.shakeClass(market.game_id)]
                  .filter(Boolean)
                  .join(' ')}
              >
                <h2 id={titleId} className={styles.slotTime}>
                  {market.game_name}
                </h2>
                <p className={styles.result} aria-label={`Result ${slotResult(market)}`}>
                  {slotResult(market)}
                </p>
                <MarketStatus open={open}>{open ? 'Open for today' : 'Closed for today'}</MarketStatus>
                {canPlay && (
                  <Button
                    block
                    variant={open ? 'primary' : 'outline'}
                    className={styles.play}
                    icon={<CirclePlay size={18} aria-hidden="true" />}
                    onClick={() => play(market)}
                  >
                    Play
                  </Button>
                )}
              </section>
            );
          })}
        </div>
      )}
      {closed.popup}
    </Page>
  );
}
