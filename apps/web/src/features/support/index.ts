import { lazyRoute } from '../../lib/router/index.ts';

/** Loaded only when opened. */
export const SupportScreen = lazyRoute(() => import('./SupportScreen.tsx'));
