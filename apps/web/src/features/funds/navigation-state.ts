import { upiTypes, type UpiType } from '@gama/core/contract/funds-types';

/** What the withdraw-number modal hands to /otpwithdraw; only in router state, never in storage. */
export interface OtpWithdrawState {
  /** The player's own registered phone, where the code was sent. */
  phoneNumber: string;
  /** The payout number being added. */
  number: string;
  option: UpiType;
}

const isUpiType = (value: unknown): value is UpiType =>
  typeof value === 'string' && (upiTypes as readonly string[]).includes(value);

export function readOtpWithdrawState(state: unknown): OtpWithdrawState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { phoneNumber, number, option } = state as Record<string, unknown>;
  if (typeof phoneNumber !== 'string' || typeof number !== 'string' || !isUpiType(option)) return null;
  return { phoneNumber, number, option };
}
