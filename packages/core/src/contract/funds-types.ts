/** Money constants and response shapes (types only), without zod: screens that only need them stay small. */
/** upi_type of a saved method: 1 Paytm, 2 Google Pay, 3 PhonePe (spec 01 section 3). */
export const upiTypes = ['1', '2', '3'] as const;
export type UpiType = (typeof upiTypes)[number];
export const upiTypeNames: Record<UpiType, string> = { '1': 'Paytm', '2': 'Google Pay', '3': 'PhonePe' };

/** payment_method of a withdraw request: "2" Google Pay, "3" Paytm, "4" PhonePe (spec 01 section 7). */
export const withdrawMethods = ['2', '3', '4'] as const;
export type WithdrawMethod = (typeof withdrawMethods)[number];
export const withdrawMethodUpiType: Record<WithdrawMethod, UpiType> = { '2': '2', '3': '1', '4': '3' };
export const withdrawMethodNames: Record<WithdrawMethod, string> = {
  '2': 'Google Pay',
  '3': 'Paytm',
  '4': 'PhonePe',
};

export const TRANSFER_MIN_POINTS = 100;
