/** Money constants and response shapes, without zod: screens that only need them stay small. */
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

export interface TransactionRow {
  transaction_id: number;
  /** "1" credit, "2" debit. */
  transaction_type: '1' | '2';
  transaction_note: string;
  insert_date: string;
  amount: string;
  amount_status: '1';
  /** What moved the points: deposit, bid, win, transfer, withdraw, … */
  kind: string;
}

export interface WithdrawRow {
  request_number: number;
  request_status: '0' | '1' | '2';
  request_amount: string;
  insert_date: string;
  payment_receipt: string;
  google_pay_number?: string;
  phone_pay_number?: string;
  paytm_number?: string;
}

export interface PaymentDetails {
  google_pay_number: string;
  paytm_number: string;
  phone_pay_number: string;
}

export interface BankDetails {
  google_upi_payment_id: string;
  phonepay_upi_payment_id: string;
  upi_payment_id: string;
  paytm_upi_payment_id: string;
}
