import { lazy } from 'react';

// Each screen is its own chunk; the ten bid screens share one (they are one component).
export const GameMenuScreen = lazy(() => import('./GameMenuScreen.tsx'));
export const MainBidScreen = lazy(() => import('./MainBidScreen.tsx'));
export const RatesScreen = lazy(() => import('./RatesScreen.tsx'));
export const MainBidHistoryScreen = lazy(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.MainBidHistoryScreen })),
);
export const MainWinHistoryScreen = lazy(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.MainWinHistoryScreen })),
);
