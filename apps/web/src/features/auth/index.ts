import { lazyRoute } from '../../lib/router/index.ts';

// Each screen is its own chunk: a player on a slow phone downloads only the screen in front of them.
export const LoginScreen = lazyRoute(() => import('./LoginScreen.tsx'));
export const RegisterScreen = lazyRoute(() => import('./RegisterScreen.tsx'));
export const RegisterOtpScreen = lazyRoute(() => import('./RegisterOtpScreen.tsx'));
export const ForgotPasswordScreen = lazyRoute(() => import('./ForgotPasswordScreen.tsx'));
export const ForgotOtpScreen = lazyRoute(() => import('./ForgotOtpScreen.tsx'));
export const ResetPasswordScreen = lazyRoute(() => import('./ResetPasswordScreen.tsx'));
