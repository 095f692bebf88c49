import { lazy } from 'react';

export const StarlineListScreen = lazy(() => import('./StarlineListScreen.tsx'));
export const StarGameScreen = lazy(() => import('./StarGameScreen.tsx'));
