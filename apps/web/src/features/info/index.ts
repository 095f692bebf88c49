import { lazyRoute } from '../../lib/router/index.ts';

export const AboutScreen = lazyRoute(() => import('./AboutScreen.tsx'));

export const HowToPlayScreen = lazyRoute(() => import('./HowToPlayScreen.tsx'));
export const PrivacyPolicyScreen = lazyRoute(() => import('./PrivacyPolicyScreen.tsx'));
