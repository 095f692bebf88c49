import { lazy } from 'react';

export const ChartsScreen = lazy(() => import('./ChartsScreen.tsx'));
