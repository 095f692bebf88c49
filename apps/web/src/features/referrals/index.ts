import { lazyRoute } from '../../lib/router/index.ts';

/** Loaded only when opened. */
export const ReferralsScreen = lazyRoute(() => import('./ReferralsScreen.tsx'));
