import type { RouteObject } from '../../lib/router/index.ts';
import { bidRoutes } from '../../shared/bids/bid-routes.tsx';
import {
  StarGameScreen,
  StarlineBidScreen,
  StarlineBidsScreen,
  StarlineListScreen,
  StarlineWinsScreen,
} from './index.ts';

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [];
/** Main layout, any signed-in player. */
export const memberRoutes: RouteObject[] = [
  { path: '/star', element: <StarlineListScreen /> },
  { path: '/imp2', element: <StarlineListScreen readOnly /> },
];
/**
 * Main layout, betting_status "1" only. Paths match case-insensitively (react-router's default), so the
 * catalogue's `/starsingle` also answers the spec's `/StarSingle`, `/Ssinglepana` and the rest.
 */
export const bettingRoutes: RouteObject[] = [
  { path: '/stargame', element: <StarGameScreen /> },
  ...bidRoutes('starline', StarlineBidScreen),
  { path: '/imp5', element: <StarlineBidsScreen /> },
  { path: '/imp6', element: <StarlineWinsScreen /> },
];
