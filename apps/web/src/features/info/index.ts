import { lazy } from 'react';

export const AboutScreen = lazy(() => import('./AboutScreen.tsx'));

export const HowToPlayScreen = lazy(() => import('./HowToPlayScreen.tsx'));
export const PrivacyPolicyScreen = lazy(() => import('./PrivacyPolicyScreen.tsx'));
