import type { MarketRow } from '@gama/core/endpoints/markets/index';
import type { RateField } from '@gama/core/rules/bet-types';
import type { ReactNode } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { Page } from '../../components/Page.tsx';
import { isBettingOn, useProfile } from '../../lib/profile.ts';
import type { BidNavState } from '../bids/index.ts';
import { ratePair, useGroupMarkets, useGroupRates, type SlotGroup } from './group-markets.ts';
import { ListActions, ListEmpty, ListSkeleton, RatesBox, useClosedMarket } from './market-list-parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './MarketList.module.css';

/** What a market card needs from the list around it. */
export interface MarketCardContext {
  /** Id of the card's heading, which names the card. */
  titleId: string;
  /** `msg_status === 1`: the market takes bids today. */
  open: boolean;
  canPlay: boolean;
  /** Opens the bet-type menu, or shakes the card into the closed-market popup. */
  play: () => void;
}

interface GroupListScreenProps {
  group: SlotGroup;
  title: string;
  /** Lists the markets to read only, even for an account with betting on. */
  readOnly: boolean;
  /** The group's bet-type menu, where Play on an open market goes. */
  menuPath: string;
  histories: { bids: string; wins: string };
  /** Opens the chart in a new tab (the Gali list does, spec 02 section 2). */
  chartInNewTab?: boolean;
  rates: { title: string; lines: ReadonlyArray<{ label: string; field: RateField }> };
  /** Starline's hourly slots sit two to a row; Gali's markets are full-width cards. */
  layout: 'grid' | 'stack';
  skeletonCount: number;
  /** The look of the group's cards, on top of the common card. */
  cardClassName: string | undefined;
  renderCard: (market: MarketRow, card: MarketCardContext) => ReactNode;
  /** Dialogs of the group's own (Gali's Game time). */
  children?: ReactNode;
}

/**
 * A Starline or Gali market list: chart and histories, rates, the markets polled every 5 s, and Play, which
 * opens the bet-type menu or, on a market closed for the day, the closed-market popup. Betting off (or
 * `readOnly`) leaves the chart and the results only.
 */
export function GroupListScreen({
  group,
  title,
  readOnly,
  menuPath,
  histories,
  chartInNewTab,
  rates: ratesBox,
  layout,
  skeletonCount,
  cardClassName,
  renderCard,
  children,
}: GroupListScreenProps) {
  const profile = useProfile();
  const canPlay = !readOnly && isBettingOn(profile.data);
  const list = useGroupMarkets(group);
  const rates = useGroupRates(group, { enabled: canPlay });
  const closed = useClosedMarket();
  const navigate = useNavigate();
  const t = useT();

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
    void navigate(menuPath, { state });
  };

  return (
    <Page title={title}>
      <ListActions
        chartUrl={list.data?.chartUrl ?? (list.isError ? `/charts?group=${group}` : undefined)}
        chartInNewTab={chartInNewTab}
        bidHistoryTo={canPlay ? histories.bids : undefined}
        winHistoryTo={canPlay ? histories.wins : undefined}
      />
      {canPlay && (
        <RatesBox
          title={ratesBox.title}
          loading={rates.isPending}
          lines={ratesBox.lines.map(({ label, field }) => ({ label, value: ratePair(rates.data, field) }))}
        />
      )}
      {list.isPending ? (
        <ListSkeleton count={skeletonCount} tall={layout === 'stack'} />
      ) : !list.data || list.data.markets.length === 0 ? (
        <ListEmpty>{t('NO DATA FOUND')}</ListEmpty>
      ) : (
        <div className={styles[layout]}>
          {list.data.markets.map((market) => {
            const titleId = `${group}-${market.game_id}`;
            return (
              <section
                key={market.game_id}
                aria-labelledby={titleId}
                className={[styles.card, cardClassName, closed.shakeClass(market.game_id)]
                  .filter(Boolean)
                  .join(' ')}
              >
                {renderCard(market, {
                  titleId,
                  open: market.msg_status === 1,
                  canPlay,
                  play: () => play(market),
                })}
              </section>
            );
          })}
        </div>
      )}
      {children}
      {closed.popup}
    </Page>
  );
}
