import type { RouteObject } from '../../lib/router/index.ts';
import { bidRoutes } from '../../shared/bids/bid-routes.tsx';
import { GaliBidScreen, GaliBidsScreen, GaliGameScreen, GaliListScreen, GaliWinsScreen } from './index.ts';

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [];
/** Main layout, any signed-in player. */
export const memberRoutes: RouteObject[] = [
  { path: '/gali', element: <GaliListScreen /> },
  // `/galiIMP` and `/galigame` are the destination of a market card for an account with betting off.
  { path: '/galiIMP', element: <GaliListScreen readOnly /> },
  { path: '/galigame', element: <GaliListScreen readOnly /> },
];
/** Main layout, betting_status "1" only. */
export const bettingRoutes: RouteObject[] = [
  { path: '/galiallgame', element: <GaliGameScreen /> },
  ...bidRoutes('gali', GaliBidScreen),
  { path: '/impbid', element: <GaliBidsScreen /> },
  { path: '/impwin', element: <GaliWinsScreen /> },
];
