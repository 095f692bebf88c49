import { lazyRoute } from '../../lib/router/index.ts';

// Each screen is its own chunk; the ten bid screens share one (they are one component).
export const GameMenuScreen = lazyRoute(() => import('./GameMenuScreen.tsx'));
export const MainBidScreen = lazyRoute(() => import('./MainBidScreen.tsx'));
export const RatesScreen = lazyRoute(() => import('./RatesScreen.tsx'));
export const MainBidHistoryScreen = lazyRoute(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.MainBidHistoryScreen })),
);
export const MainWinHistoryScreen = lazyRoute(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.MainWinHistoryScreen })),
);
