import type {
  OkResponse,
  OtpPurpose,
  ResetTicketResponse,
  SessionResponse,
} from '@gama/core/contract/accounts';
import { post } from '../../lib/api-client.ts';

export interface Credentials {
  mobile: string;
  password: string;
}

export interface RegistrationDraft {
  name: string;
  mobile: string;
  password: string;
}

export const authApi = {
  login: (body: Credentials) => post<SessionResponse>('/api-user-login', body),
  checkMobile: (mobile: string) => post<OkResponse>('/api-check-mobile', { mobile }),
  resendOtp: (mobile: string, purpose: OtpPurpose) =>
    post<OkResponse>('/api-resend-otp', { mobile, purpose }),
  register: (body: RegistrationDraft & { otp: string }) =>
    post<SessionResponse>('/api-user-registration', body),
  forgotCheckMobile: (mobile: string) => post<OkResponse>('/api-forget-check-mobile', { mobile }),
  verifyForgotOtp: (mobile: string, otp: string) =>
    post<ResetTicketResponse>('/api-verify-forgot-otp', { mobile, otp }),
  resetPassword: (body: { mobile: string; new_pass: string; reset_token: string }) =>
    post<OkResponse>('/api-forgot-password', body),
};
