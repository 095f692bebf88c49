import { lazy } from 'react';

export const GaliListScreen = lazy(() => import('./GaliListScreen.tsx'));
export const GaliGameScreen = lazy(() => import('./GaliGameScreen.tsx'));
export const GaliBidScreen = lazy(() => import('./GaliBidScreen.tsx'));
export const GaliBidsScreen = lazy(() =>
  import('./GaliHistoryScreen.tsx').then((m) => ({ default: m.GaliBidsScreen })),
);
export const GaliWinsScreen = lazy(() =>
  import('./GaliHistoryScreen.tsx').then((m) => ({ default: m.GaliWinsScreen })),
);
