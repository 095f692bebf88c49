import type { RouteObject } from '../../lib/router/index.ts';
import { ChartsScreen } from './index.ts';

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [];
/** Main layout, any signed-in player: charts are for players with betting off too (spec 01 section 1). */
export const memberRoutes: RouteObject[] = [{ path: '/charts', element: <ChartsScreen /> }];
/** Main layout, betting_status "1" only. */
export const bettingRoutes: RouteObject[] = [];
