import type { RegistrationDraft } from './api.ts';

/**
 * What one auth screen hands to the next. It travels only in router navigation state (memory and the
 * tab's own history entry), never in storage, because it can hold a password or a reset ticket.
 */
export interface RegisterOtpState {
  draft: RegistrationDraft;
}

export interface ForgotOtpState {
  phoneNumber: string;
}

export interface ResetPasswordState {
  phoneNumber: string;
  resetToken: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function readRegisterOtpState(state: unknown): RegisterOtpState | null {
  if (!isRecord(state) || !isRecord(state.draft)) return null;
  const { name, mobile, password, dob, referral_code: referralCode } = state.draft;
  if (
    typeof name !== 'string' ||
    typeof mobile !== 'string' ||
    typeof password !== 'string' ||
    typeof dob !== 'string' ||
    (referralCode !== undefined && typeof referralCode !== 'string')
  )
    return null;
  return {
    draft: {
      name,
      mobile,
      password,
      dob,
      ...(referralCode === undefined ? {} : { referral_code: referralCode }),
    },
  };
}

export function readForgotOtpState(state: unknown): ForgotOtpState | null {
  if (!isRecord(state) || typeof state.phoneNumber !== 'string') return null;
  return { phoneNumber: state.phoneNumber };
}

export function readResetPasswordState(state: unknown): ResetPasswordState | null {
  if (!isRecord(state) || typeof state.phoneNumber !== 'string' || typeof state.resetToken !== 'string') {
    return null;
  }
  return { phoneNumber: state.phoneNumber, resetToken: state.resetToken };
}
