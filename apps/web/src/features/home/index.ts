import { lazyRoute } from '../../lib/router/index.ts';

export const HomeScreen = lazyRoute(() => import('./HomeScreen.tsx'));
