import type { RouteObject } from '../../lib/router/index.ts';
import { SupportScreen } from './index.ts';

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [];
/** Any signed-in player may ask, betting on or not. */
export const memberRoutes: RouteObject[] = [{ path: '/support', element: <SupportScreen /> }];
export const bettingRoutes: RouteObject[] = [];
