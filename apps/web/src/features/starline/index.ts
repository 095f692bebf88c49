import { lazyRoute } from '../../lib/router/index.ts';

export const StarlineListScreen = lazyRoute(() => import('./StarlineListScreen.tsx'));
export const StarGameScreen = lazyRoute(() => import('./StarGameScreen.tsx'));
export const StarlineBidScreen = lazyRoute(() => import('./StarlineBidScreen.tsx'));
export const StarlineBidsScreen = lazyRoute(() =>
  import('./StarlineHistoryScreen.tsx').then((m) => ({ default: m.StarlineBidsScreen })),
);
export const StarlineWinsScreen = lazyRoute(() =>
  import('./StarlineHistoryScreen.tsx').then((m) => ({ default: m.StarlineWinsScreen })),
);
