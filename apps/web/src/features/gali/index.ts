import { lazyRoute } from '../../lib/router/index.ts';

export const GaliListScreen = lazyRoute(() => import('./GaliListScreen.tsx'));
export const GaliGameScreen = lazyRoute(() => import('./GaliGameScreen.tsx'));
export const GaliBidScreen = lazyRoute(() => import('./GaliBidScreen.tsx'));
export const GaliBidsScreen = lazyRoute(() =>
  import('./GaliHistoryScreen.tsx').then((m) => ({ default: m.GaliBidsScreen })),
);
export const GaliWinsScreen = lazyRoute(() =>
  import('./GaliHistoryScreen.tsx').then((m) => ({ default: m.GaliWinsScreen })),
);
