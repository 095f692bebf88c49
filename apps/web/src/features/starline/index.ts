import { lazy } from 'react';

export const StarlineListScreen = lazy(() => import('./StarlineListScreen.tsx'));
export const StarGameScreen = lazy(() => import('./StarGameScreen.tsx'));
export const StarlineBidScreen = lazy(() => import('./StarlineBidScreen.tsx'));
export const StarlineBidsScreen = lazy(() =>
  import('./StarlineHistoryScreen.tsx').then((m) => ({ default: m.StarlineBidsScreen })),
);
export const StarlineWinsScreen = lazy(() =>
  import('./StarlineHistoryScreen.tsx').then((m) => ({ default: m.StarlineWinsScreen })),
);
