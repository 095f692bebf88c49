import { lazy } from 'react';

// Each screen is its own chunk: a player on a slow phone downloads only the screen in front of them.
export const LoginScreen = lazy(() => import('./LoginScreen.tsx'));
export const RegisterScreen = lazy(() => import('./RegisterScreen.tsx'));
export const RegisterOtpScreen = lazy(() => import('./RegisterOtpScreen.tsx'));
export const ForgotPasswordScreen = lazy(() => import('./ForgotPasswordScreen.tsx'));
export const ForgotOtpScreen = lazy(() => import('./ForgotOtpScreen.tsx'));
export const ResetPasswordScreen = lazy(() => import('./ResetPasswordScreen.tsx'));
