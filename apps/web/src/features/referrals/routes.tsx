import type { RouteObject } from '../../lib/router/index.ts';
import { ReferralsScreen } from './index.ts';

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [];
/** Any signed-in player has a code, betting on or not. */
export const memberRoutes: RouteObject[] = [{ path: '/refer', element: <ReferralsScreen /> }];
export const bettingRoutes: RouteObject[] = [];
