import type { OtpPurpose } from '@gama/core/contract/accounts';
import { endpoints } from '@gama/core/endpoints';
import { call } from '../../lib/api-client.ts';
import { deviceId } from '../../lib/device-id.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';

export interface Credentials {
  mobile: string;
  password: string;
}

export interface RegistrationDraft {
  name: string;
  mobile: string;
  password: string;
  /** `YYYY-MM-DD` */
  dob: string;
  /** From the share link or typed; absent when referrals are off or none was given. */
  referral_code?: string;
}

/**
 * The calls that tell a registered phone from an unknown one carry the device's name (decision 013); signing in
 * and every code request carry the language on screen, which the server writes the SMS in.
 */
const device = () => ({ device_id: deviceId(), language: currentLanguage() });

export const authApi = {
  login: (body: Credentials) => call(endpoints.login, { ...body, ...device() }),
  checkMobile: (mobile: string, referralCode?: string) =>
    call(endpoints.checkMobile, {
      mobile,
      ...device(),
      ...(referralCode === undefined ? {} : { referral_code: referralCode }),
    }),
  referralProgram: () => call(endpoints.referralProgram, {}),
  resendOtp: (mobile: string, purpose: OtpPurpose) =>
    call(endpoints.resendOtp, { mobile, purpose, ...device() }),
  register: (body: RegistrationDraft & { otp: string }) => call(endpoints.register, { ...body, ...device() }),
  forgotCheckMobile: (mobile: string) => call(endpoints.forgotCheckMobile, { mobile, ...device() }),
  verifyForgotOtp: (mobile: string, otp: string) => call(endpoints.verifyForgotOtp, { mobile, otp }),
  resetPassword: (body: { mobile: string; new_pass: string; reset_token: string }) =>
    call(endpoints.forgotPassword, body),
};
