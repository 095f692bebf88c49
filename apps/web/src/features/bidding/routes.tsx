import { betRoutesOf } from '@gama/core/rules/bet-routes';
import type { RouteObject } from '../../lib/router/index.ts';
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
  // The routes come from the catalogue, so a screen and its tile can never disagree.
  ...betRoutesOf('main').map(({ id, route }) => ({
    path: route,
    element: <MainBidScreen betType={id} />,
  })),
  { path: '/gameRates', element: <RatesScreen /> },
  { path: '/imp4', element: <MainBidHistoryScreen /> },
  { path: '/imp3', element: <MainWinHistoryScreen /> },
];
