import type { BetType } from '@gama/core/rules/bet-types';
import { useLocation } from '../../lib/router/index.ts';
import { BidScreen } from './BidScreen.tsx';
import { InvalidBidNavigation } from './InvalidBidNavigation.tsx';
import { readBidNavState } from './nav-state.ts';

export interface BidRouteProps {
  betType: BetType;
  title?: string;
}

/** A bid screen as a route element: reads the market from navigation state, or explains that it is missing. */
export function BidRoute({ betType, title }: BidRouteProps) {
  const market = readBidNavState(useLocation().state);
  if (market === null) return <InvalidBidNavigation title={title ?? betType.label} />;
  // Keyed by market and type so moving between two bid screens never carries a list across.
  return (
    <BidScreen
      key={`${market.gameId}:${betType.id}`}
      betType={betType}
      market={market}
      {...(title !== undefined ? { title } : {})}
    />
  );
}
