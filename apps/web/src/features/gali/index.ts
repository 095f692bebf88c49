import { lazy } from 'react';

export const GaliListScreen = lazy(() => import('./GaliListScreen.tsx'));
export const GaliGameScreen = lazy(() => import('./GaliGameScreen.tsx'));
