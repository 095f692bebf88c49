import { lazy } from 'react';

export const HowToPlayScreen = lazy(() => import('./HowToPlayScreen.tsx'));
export const PrivacyPolicyScreen = lazy(() => import('./PrivacyPolicyScreen.tsx'));
