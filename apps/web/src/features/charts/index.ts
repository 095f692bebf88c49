import { lazyRoute } from '../../lib/router/index.ts';

export const ChartsScreen = lazyRoute(() => import('./ChartsScreen.tsx'));
