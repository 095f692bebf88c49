/**
 * Deposits, payout numbers and withdrawals (spec 01 sections 5, 7 and 8). Every personal route needs betting on;
 * the payment settings a deposit screen shows are public.
 */
import { z } from 'zod';
import {
  addUpiDetailsRequest,
  fundRequestAdd,
  sendWithdrawOtpRequest,
  withdrawRequest,
} from '../../contract/funds.ts';
import { okAnswer } from '../auth/index.ts';
import { endpoint } from '../define.ts';

const ok = z.literal(true);

export const gatewayStatusAnswer = z.strictObject({ status: ok, getaway_status: z.enum(['0', '1']) });

export const bankDetails = z.strictObject({
  google_upi_payment_id: z.string(),
  phonepay_upi_payment_id: z.string(),
  upi_payment_id: z.string(),
  paytm_upi_payment_id: z.string(),
});
export const bankDetailsAnswer = z.strictObject({
  status: ok,
  /** Spec 01 section 7: the last entry is the one in use. */
  bank_details: z.array(bankDetails),
  msg: z.string(),
});

export const qrPayAnswer = z.strictObject({
  status: ok,
  /** `qr_image` is a data: URL of an SVG; both fields are empty when no UPI id is set. */
  qrdata: z.array(z.strictObject({ qr_image: z.string(), upi_id: z.string() })),
});

export const minDepositAnswer = z.strictObject({ status: ok, min_amt: z.string(), msg: z.string() });

export const depositRequestedAnswer = z.strictObject({
  status: ok,
  msg: z.string(),
  request_id: z.number().int(),
});

export const paymentDetails = z.strictObject({
  google_pay_number: z.string(),
  paytm_number: z.string(),
  phone_pay_number: z.string(),
});
export const paymentDetailsAnswer = z.strictObject({
  status: ok,
  payment_details: paymentDetails,
  msg: z.string(),
});

export const withdrawOtpSentAnswer = z.strictObject({
  status: ok,
  msg: z.string(),
  /** The player's own registered phone, where the code went. */
  mobile: z.string(),
});

export const withdrawRequestedAnswer = z.strictObject({
  status: ok,
  msg: z.string(),
  request_number: z.number().int(),
});

/** One withdrawal; the payout number sits in the field of its method. */
export const withdrawRow = z.strictObject({
  request_number: z.number().int(),
  /** "0" pending, "1" paid, "2" rejected. */
  request_status: z.enum(['0', '1', '2']),
  request_amount: z.string(),
  insert_date: z.string(),
  payment_receipt: z.string(),
  google_pay_number: z.string().optional(),
  phone_pay_number: z.string().optional(),
  paytm_number: z.string().optional(),
});
export const withdrawHistoryAnswer = z.strictObject({ status: ok, withdrawdata: z.array(withdrawRow) });

const domain = 'funds';

export const fundsEndpoints = {
  gatewayStatus: endpoint({
    domain,
    method: 'POST',
    path: '/apiGetawayStatus',
    access: 'public',
    summary: 'Whether deposits by UPI are open ("1") or closed ("0")',
    response: gatewayStatusAnswer,
    errors: [],
  }),
  bankDetails: endpoint({
    domain,
    method: 'POST',
    path: '/api-admin-bank-details',
    access: 'public',
    summary: 'The UPI ids deposits are paid to',
    response: bankDetailsAnswer,
    errors: [],
  }),
  qrPay: endpoint({
    domain,
    method: 'POST',
    path: '/api-get-qr-pay',
    access: 'public',
    summary: 'A UPI payment QR code for the deposit UPI id',
    response: qrPayAnswer,
    errors: [],
  }),
  minDeposit: endpoint({
    domain,
    method: 'POST',
    path: '/api-last-fund-request-detail',
    access: 'betting',
    summary: 'The smallest deposit accepted, in points',
    response: minDepositAnswer,
    errors: [],
  }),
  requestDeposit: endpoint({
    domain,
    method: 'POST',
    path: '/api-fund-request-add',
    access: 'betting',
    summary: 'Claim a UPI payment: a pending deposit request an operator approves',
    body: fundRequestAdd,
    response: depositRequestedAnswer,
    errors: [
      'VALIDATION',
      'IDEMPOTENCY_MISMATCH',
      'IDEMPOTENCY_IN_PROGRESS',
      'DEPOSIT_BELOW_MIN',
      'PLAY_LIMIT_REACHED',
      'BREAK_RUNNING',
      'DEPOSIT_POINTS_INVALID',
    ],
    idempotent: true,
  }),
  paymentDetails: endpoint({
    domain,
    method: 'POST',
    path: '/api-get-user-payment-details',
    access: 'betting',
    summary: "The player's verified payout numbers",
    response: paymentDetailsAnswer,
    errors: [],
  }),
  sendWithdrawOtp: endpoint({
    domain,
    method: 'POST',
    path: '/api-send-withdraw-otp',
    access: 'betting',
    summary: "Send a code to the player's own phone that authorizes one payout number",
    body: sendWithdrawOtpRequest,
    response: withdrawOtpSentAnswer,
    errors: ['VALIDATION', 'RATE_LIMITED', 'UNAVAILABLE'],
  }),
  addUpiDetails: endpoint({
    domain,
    method: 'POST',
    path: '/api-add-user-upi-details',
    access: 'betting',
    summary: 'Save a payout number with the code that authorizes it',
    body: addUpiDetailsRequest,
    response: okAnswer,
    errors: ['VALIDATION', 'INVALID_OTP'],
  }),
  requestWithdrawal: endpoint({
    domain,
    method: 'POST',
    path: '/api-user-withdraw-fund-request',
    access: 'betting',
    summary: 'Withdraw to a saved payout number: the points are held until an operator pays or rejects',
    body: withdrawRequest,
    response: withdrawRequestedAnswer,
    errors: [
      'VALIDATION',
      'IDEMPOTENCY_MISMATCH',
      'IDEMPOTENCY_IN_PROGRESS',
      'ACCOUNT_BLOCKED',
      'WITHDRAWAL_OVER_BALANCE',
      'WITHDRAWAL_BELOW_MIN',
      'PAYOUT_METHOD_NOT_SAVED',
      'WITHDRAWAL_OUTSIDE_HOURS',
      'DEBT_BLOCKED',
    ],
    idempotent: true,
  }),
  withdrawHistory: endpoint({
    domain,
    method: 'POST',
    path: '/api-user-withdraw-transaction-history',
    access: 'betting',
    // The legacy body names a mobile_no; the history is always the session's own (S8).
    summary: "The session player's withdrawals, newest first",
    response: withdrawHistoryAnswer,
    errors: [],
  }),
};

export type BankDetails = z.output<typeof bankDetails>;
export type PaymentDetails = z.output<typeof paymentDetails>;
export type WithdrawRow = z.output<typeof withdrawRow>;
