export { BidRoute, type BidRouteProps } from './BidRoute.tsx';
export { BidScreen, type BidScreenProps } from './BidScreen.tsx';
export { InvalidBidNavigation } from './InvalidBidNavigation.tsx';
export { isOpenTimePassed, openTimePassedNow, useMarketClock, type MarketClock } from './market-clock.ts';
export { readBidNavState, type BidNavState } from './nav-state.ts';
