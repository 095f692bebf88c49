/** Player sign-in, registration, password reset and change, sign-out (spec 01 sections 2, 5 and 7). */
import { z } from 'zod';
import {
  changePasswordRequest,
  checkMobileRequest,
  forgotCheckRequest,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  resendOtpRequest,
  verifyForgotOtpRequest,
} from '../../contract/accounts.ts';
import { endpoint } from '../define.ts';

const ok = z.literal(true);
export const bettingStatus = z.enum(['0', '1']);

export const okAnswer = z.strictObject({ status: ok, msg: z.string() });

export const sessionAnswer = z.strictObject({
  status: ok,
  msg: z.string(),
  user_name: z.string(),
  /** Omitted for the web app, which receives the token only as an HttpOnly cookie. */
  unique_token: z.string().optional(),
  mobile: z.string(),
  betting_status: bettingStatus,
});

export const resetTicketAnswer = z.strictObject({ status: ok, msg: z.string(), reset_token: z.string() });

/** The session is replaced: legacy clients get the new token in the body, the web app only as a cookie. */
export const passwordChangedAnswer = z.strictObject({
  status: ok,
  msg: z.string(),
  unique_token: z.string().optional(),
});

const domain = 'auth';

export const authEndpoints = {
  login: endpoint({
    domain,
    method: 'POST',
    path: '/api-user-login',
    access: 'public',
    summary: 'Sign in with phone and password; starts a session',
    body: loginRequest,
    response: sessionAnswer,
    errors: ['VALIDATION', 'INVALID_CREDENTIALS', 'RATE_LIMITED', 'ACCOUNT_BLOCKED'],
  }),
  checkMobile: endpoint({
    domain,
    method: 'POST',
    path: '/api-check-mobile',
    access: 'public',
    summary: 'Registration step 1: send a code to a phone not yet registered',
    body: checkMobileRequest,
    response: okAnswer,
    errors: [
      'VALIDATION',
      'RATE_LIMITED',
      'UNAVAILABLE',
      'USER_ALREADY_REGISTERED',
      'REFERRAL_CODE_UNKNOWN',
      'CLOSED_ACCOUNT_BREAK',
    ],
  }),
  resendOtp: endpoint({
    domain,
    method: 'POST',
    path: '/api-resend-otp',
    // Public: registration and reset codes come before any session; a withdraw_upi code needs the session's own phone.
    access: 'public',
    summary: 'Send a new code for registration, password reset or a payout number',
    body: resendOtpRequest,
    response: okAnswer,
    errors: [
      'VALIDATION',
      'NOT_FOUND',
      'UNAUTHENTICATED',
      'RATE_LIMITED',
      'UNAVAILABLE',
      'USER_ALREADY_REGISTERED',
      'OTP_NAVIGATION_INVALID',
      'CLOSED_ACCOUNT_BREAK',
    ],
  }),
  register: endpoint({
    domain,
    method: 'POST',
    path: '/api-user-registration',
    access: 'public',
    summary: 'Registration step 2: create the player with the code; starts a session',
    body: registerRequest,
    response: sessionAnswer,
    errors: [
      'VALIDATION',
      'INVALID_OTP',
      'RATE_LIMITED',
      'USER_ALREADY_REGISTERED',
      'AGE_REFUSED',
      'OTP_EXPIRED',
      'REFERRAL_CODE_UNKNOWN',
      'CLOSED_ACCOUNT_BREAK',
    ],
  }),
  forgotCheckMobile: endpoint({
    domain,
    method: 'POST',
    path: '/api-forget-check-mobile',
    access: 'public',
    summary: 'Password reset step 1: send a code to a registered phone',
    body: forgotCheckRequest,
    response: okAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'RATE_LIMITED', 'UNAVAILABLE'],
  }),
  verifyForgotOtp: endpoint({
    domain,
    method: 'POST',
    path: '/api-verify-forgot-otp',
    access: 'public',
    summary: 'Password reset step 2: trade the code for a one-time reset ticket',
    body: verifyForgotOtpRequest,
    response: resetTicketAnswer,
    errors: ['VALIDATION', 'INVALID_OTP'],
  }),
  forgotPassword: endpoint({
    domain,
    method: 'POST',
    path: '/api-forgot-password',
    access: 'public',
    summary: 'Password reset step 3: set a new password with the ticket; ends every session',
    body: forgotPasswordRequest,
    response: okAnswer,
    errors: ['VALIDATION', 'RESET_EXPIRED'],
  }),
  logout: endpoint({
    domain,
    method: 'POST',
    path: '/api-user-logout',
    access: 'player',
    summary: 'End this session',
    response: okAnswer,
    errors: [],
  }),
  changePassword: endpoint({
    domain,
    method: 'POST',
    path: '/api-change-password',
    access: 'player',
    summary: 'Change the password; ends every other session and replaces this one',
    body: changePasswordRequest,
    response: passwordChangedAnswer,
    errors: ['VALIDATION', 'OLD_PASSWORD_MISMATCH'],
  }),
};

export type OkResponse = z.output<typeof okAnswer>;
export type SessionResponse = z.output<typeof sessionAnswer>;
