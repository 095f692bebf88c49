/**
 * Wallet, funds, withdrawals and transfers: the spec's texts (spec 01 sections 5 and 8) and request shapes.
 * Amounts in requests are whole points; responses carry points as display strings.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from './validation.ts';

export const fundsMessages = {
  withdrawAmountRequired: 'Amount is required!',
  walletLimitExceeded: 'Wallet Limit Exceeded',
  minWithdraw: (min: string) => `Min amt is ${min}`,
  selectPaymentMethod: 'Please select a payment method',
  withdrawHours: 'Withdrawals are only allowed during specified hours.',
  withdrawSent: 'Withdraw request sent successfully',
  methodNotSaved: 'Add this payment method before withdrawing to it',
  noPaymentMethods: 'No payment methods available.',
  noWithdrawHistory: 'No withdrawal history available',
  noDepositHistory: 'No add fund transactions found.',
  upiPhoneRequired: 'Phone No is required!',
  upiPhoneInvalid: 'Phone No is not Valid!',
  upiAdded: 'UPI Number Added Successfully!',
  enterValidOtp: 'Enter Valid OTP',
  otpSent: 'OTP sent to your registered mobile number',
  transferPhoneInvalid: 'Phone.No is not Valid!',
  transferOwnPhone: "Don't Use Your Own Phone No.",
  transferPointsRequired: 'Points is required!',
  transferMin: 'Points Must be More than 100',
  transferNotEnough: 'Not Enough Points',
  recipientNotFound: 'Username or password incorrect',
  transferDone: 'Points transferred successfully',
  depositMin: (min: string) => `Minimum amount to add is ${min}`,
  depositRequested: 'Fund request submitted. It will be credited after approval.',
  pointsInvalid: 'Please enter whole points',
  upiIdCopied: 'UPI ID Copied!',
  debtBlocked: (amount: string) =>
    `Your account owes ${amount} points after a result correction. Add funds to clear it before you bid, withdraw or transfer.`,
} as const;

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

/** Whole points as typed: digits only (a JSON number is accepted too). Range rules live in the services. */
const pointsField = (required: string) =>
  z.union([z.string(), z.number()], { error: required }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (!/^\d{1,10}$/.test(text) || !Number.isSafeInteger(Number(text))) {
      ctx.addIssue({ code: 'custom', message: fundsMessages.pointsInvalid });
      return z.NEVER;
    }
    return Number(text);
  });

const upiNumber = z
  .string({ error: fundsMessages.upiPhoneRequired })
  .trim()
  .min(1, { error: fundsMessages.upiPhoneRequired })
  .regex(PHONE_PATTERN, { error: fundsMessages.upiPhoneInvalid });

export const fundRequestAdd = z.object({ request_amount: pointsField(fundsMessages.withdrawAmountRequired) });

export const sendWithdrawOtpRequest = z.object({
  upi_type: z.enum(upiTypes, { error: fundsMessages.selectPaymentMethod }),
  number: upiNumber,
});

export const addUpiDetailsRequest = z
  .object({
    upi_type: z.enum(upiTypes, { error: fundsMessages.selectPaymentMethod }),
    paytm_no: z.string().optional(),
    google_pay_no: z.string().optional(),
    phon_pay_no: z.string().optional(),
    otp: z
      .string({ error: fundsMessages.enterValidOtp })
      .regex(/^\d{4}$/, { error: fundsMessages.enterValidOtp }),
  })
  .transform((body, ctx) => {
    const raw =
      body.upi_type === '1' ? body.paytm_no : body.upi_type === '2' ? body.google_pay_no : body.phon_pay_no;
    const parsed = upiNumber.safeParse(raw ?? '');
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? fundsMessages.upiPhoneInvalid,
      });
      return z.NEVER;
    }
    return { upi_type: body.upi_type, number: parsed.data, otp: body.otp };
  });

export const withdrawRequest = z.object({
  request_amount: pointsField(fundsMessages.withdrawAmountRequired),
  payment_method: z.enum(withdrawMethods, { error: fundsMessages.selectPaymentMethod }),
});

export const transferCheckRequest = z.object({
  mobile_no: z
    .string({ error: fundsMessages.transferPhoneInvalid })
    .regex(PHONE_PATTERN, { error: fundsMessages.transferPhoneInvalid }),
});

export const transferRequest = z.object({
  mobile_no: z
    .string({ error: fundsMessages.transferPhoneInvalid })
    .regex(PHONE_PATTERN, { error: fundsMessages.transferPhoneInvalid }),
  amount: pointsField(fundsMessages.transferPointsRequired),
  transfer_note: z.string().max(200).optional(),
});

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
