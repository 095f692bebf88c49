import { lazyRoute } from '../../lib/router/index.ts';

export const ProfileScreen = lazyRoute(() => import('./ProfileScreen.tsx'));
export const ChangePasswordScreen = lazyRoute(() => import('./ChangePasswordScreen.tsx'));
export const DeleteAccountScreen = lazyRoute(() => import('./DeleteAccountScreen.tsx'));
