import type { OkResponse } from '@gama/core/contract/accounts';
import type {
  BankDetails,
  PaymentDetails,
  TransactionRow,
  UpiType,
  WithdrawMethod,
  WithdrawRow,
} from '@gama/core/contract/funds-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpoints } from '@gama/core/endpoints';
import { call, post } from '../../lib/api-client.ts';
import { profileQueryKey } from '../../lib/profile.ts';

export interface GatewayStatusResponse {
  status: true;
  getaway_status: string;
}

export interface BankDetailsResponse {
  status: true;
  bank_details: BankDetails[];
  msg: string;
}

export interface MinDepositResponse {
  status: true;
  min_amt: string;
  msg: string;
}

export interface QrPayResponse {
  status: true;
  qrdata: Array<{ qr_image: string; upi_id: string }>;
}

export interface PaymentDetailsResponse {
  status: true;
  payment_details: PaymentDetails;
  msg: string;
}

export interface SendWithdrawOtpResponse extends OkResponse {
  /** The player's own registered phone, where the code went. */
  mobile: string;
}

export interface RecipientResponse {
  status: true;
  /** Masked by the server: the sender sees only enough to recognise the person. */
  user_name: string;
}

/** Money-moving calls carry the action's key in the body; the server answers a replay with the first answer. */
const withKey = (body: object, key: string) => ({ ...body, request_id: key });

export const fundsKeys = {
  walletHistory: ['funds', 'wallet-history'] as const,
  withdrawHistory: ['funds', 'withdraw-history'] as const,
  paymentDetails: ['funds', 'payment-details'] as const,
};

export const fundsApi = {
  sendWithdrawOtp: (upi_type: UpiType, number: string) =>
    post<SendWithdrawOtpResponse>('/api-send-withdraw-otp', { upi_type, number }, { session: true }),
  resendWithdrawOtp: (mobile: string) =>
    post<OkResponse>('/api-resend-otp', { mobile, purpose: 'withdraw_upi' }, { session: true }),
  addUpiDetails: (upi_type: UpiType, number: string, otp: string) =>
    post<OkResponse>(
      '/api-add-user-upi-details',
      { upi_type, [UPI_FIELD[upi_type]]: number, otp },
      { session: true },
    ),
  requestDeposit: (request_amount: number, key: string) =>
    post<OkResponse>('/api-fund-request-add', withKey({ request_amount }, key), { session: true }),
  requestWithdrawal: (request_amount: number, payment_method: WithdrawMethod, key: string) =>
    post<OkResponse>('/api-user-withdraw-fund-request', withKey({ request_amount, payment_method }, key), {
      session: true,
    }),
  checkRecipient: (mobile_no: string) =>
    post<RecipientResponse>('/api-check-user-for-transfer-amt', { mobile_no }, { session: true }),
  transfer: (mobile_no: string, amount: number, key: string) =>
    post<OkResponse>(
      '/api-user-transfer-wallet-balance',
      withKey({ mobile_no, amount, transfer_note: '' }, key),
      { session: true },
    ),
};

/** The one body field that carries the number for each upi_type (spec 01 section 7). */
const UPI_FIELD: Record<UpiType, 'paytm_no' | 'google_pay_no' | 'phon_pay_no'> = {
  '1': 'paytm_no',
  '2': 'google_pay_no',
  '3': 'phon_pay_no',
};

export function useGatewayStatus() {
  return useQuery({
    queryKey: ['funds', 'gateway'],
    queryFn: ({ signal }) => post<GatewayStatusResponse>('/apiGetawayStatus', {}, { signal }),
    select: (response) => response.getaway_status === '1',
  });
}

export function useBankDetails() {
  return useQuery({
    queryKey: ['funds', 'bank-details'],
    queryFn: ({ signal }) => post<BankDetailsResponse>('/api-admin-bank-details', {}, { signal }),
    // Spec 01 section 7: the last entry is the one in use.
    select: (response) => response.bank_details.at(-1) ?? null,
  });
}

export function useMinDeposit() {
  return useQuery({
    queryKey: ['funds', 'min-deposit'],
    queryFn: ({ signal }) =>
      post<MinDepositResponse>('/api-last-fund-request-detail', {}, { session: true, signal }),
    select: (response) => Number.parseInt(response.min_amt, 10) || 0,
  });
}

export function useQrPay() {
  return useQuery({
    queryKey: ['funds', 'qr'],
    queryFn: ({ signal }) => post<QrPayResponse>('/api-get-qr-pay', {}, { signal }),
    select: (response) => response.qrdata[0] ?? null,
  });
}

export function useRules() {
  return useQuery({
    queryKey: ['funds', 'rules'],
    queryFn: ({ signal }) => call(endpoints.moneyRules, {}, { signal }),
    select: (response) => response.content[0] ?? null,
    staleTime: 10 * 60_000,
  });
}

export function useWalletHistory() {
  return useQuery({
    queryKey: fundsKeys.walletHistory,
    queryFn: ({ signal }) =>
      post<{ status: true; transaction_history: TransactionRow[] }>(
        '/api-wallet-transaction-history',
        {},
        { session: true, signal },
      ),
    select: (response) => response.transaction_history,
  });
}

export function useWithdrawHistory() {
  return useQuery({
    queryKey: fundsKeys.withdrawHistory,
    queryFn: ({ signal }) =>
      post<{ status: true; withdrawdata: WithdrawRow[] }>(
        '/api-user-withdraw-transaction-history',
        {},
        { session: true, signal },
      ),
    select: (response) => response.withdrawdata,
  });
}

export function usePaymentDetails() {
  return useQuery({
    queryKey: fundsKeys.paymentDetails,
    queryFn: ({ signal }) =>
      post<PaymentDetailsResponse>('/api-get-user-payment-details', {}, { session: true, signal }),
    select: (response) => response.payment_details,
  });
}

/** After any money action: the header wallet and the lists that show the movement are stale. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['funds'] });
  }, [queryClient]);
}
