import type { OtpPurpose } from '@gama/core/contract/accounts';
import { endpoints } from '@gama/core/endpoints';
import { call } from '../../lib/api-client.ts';

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
  login: (body: Credentials) => call(endpoints.login, body),
  checkMobile: (mobile: string) => call(endpoints.checkMobile, { mobile }),
  resendOtp: (mobile: string, purpose: OtpPurpose) => call(endpoints.resendOtp, { mobile, purpose }),
  register: (body: RegistrationDraft & { otp: string }) => call(endpoints.register, body),
  forgotCheckMobile: (mobile: string) => call(endpoints.forgotCheckMobile, { mobile }),
  verifyForgotOtp: (mobile: string, otp: string) => call(endpoints.verifyForgotOtp, { mobile, otp }),
  resetPassword: (body: { mobile: string; new_pass: string; reset_token: string }) =>
    call(endpoints.forgotPassword, body),
};
