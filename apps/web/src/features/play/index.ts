import { lazy } from 'react';

export const PlayLimitsScreen = lazy(() => import('./PlayLimitsScreen.tsx'));
// Mounted on every signed-in page, so not lazy: it is small and must be there when the check comes due.
export { RealityCheck } from './RealityCheck.tsx';
