import { lazy } from 'react';

export const HomeScreen = lazy(() => import('./HomeScreen.tsx'));
