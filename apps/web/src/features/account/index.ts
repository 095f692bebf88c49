import { lazy } from 'react';

export const ProfileScreen = lazy(() => import('./ProfileScreen.tsx'));
export const ChangePasswordScreen = lazy(() => import('./ChangePasswordScreen.tsx'));
export const DeleteAccountScreen = lazy(() => import('./DeleteAccountScreen.tsx'));
