import { lazyRoute } from '../../lib/router/index.ts';

export const PlayLimitsScreen = lazyRoute(() => import('./PlayLimitsScreen.tsx'));
// Mounted on every signed-in page, so not lazy: it is small and must be there when the check comes due.
export { RealityCheck } from './RealityCheck.tsx';
