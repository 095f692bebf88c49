import type { RouteObject } from 'react-router';

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [];
/** Main layout, any signed-in player. */
export const memberRoutes: RouteObject[] = [];
/** Main layout, betting_status "1" only. */
export const bettingRoutes: RouteObject[] = [];
