import type { RouteObject } from 'react-router';
import { StarGameScreen, StarlineListScreen } from './index.ts';

// Paths match case-insensitively (react-router's default), so `/StarSingle` and `/starsingle` are one route.

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [];
/** Main layout, any signed-in player. */
export const memberRoutes: RouteObject[] = [
  { path: '/star', element: <StarlineListScreen /> },
  { path: '/imp2', element: <StarlineListScreen readOnly /> },
];
/** Main layout, betting_status "1" only. */
export const bettingRoutes: RouteObject[] = [{ path: '/stargame', element: <StarGameScreen /> }];
