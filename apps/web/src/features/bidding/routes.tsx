import type { RouteObject } from '../../lib/router/index.ts';
import { bidRoutes } from '../../shared/bids/bid-routes.tsx';
import {
  GameMenuScreen,
  MainBidHistoryScreen,
  MainBidScreen,
  MainWinHistoryScreen,
  RatesScreen,
} from './index.ts';

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [];
/** Main layout, any signed-in player. */
export const memberRoutes: RouteObject[] = [];
/** Main layout, betting_status "1" only. */
export const bettingRoutes: RouteObject[] = [
  { path: '/game', element: <GameMenuScreen /> },
  ...bidRoutes('main', MainBidScreen),
  { path: '/gameRates', element: <RatesScreen /> },
  { path: '/imp4', element: <MainBidHistoryScreen /> },
  { path: '/imp3', element: <MainWinHistoryScreen /> },
];
