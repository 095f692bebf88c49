import type { UpiType, WithdrawMethod } from '@gama/core/contract/funds-types';
import { endpoints } from '@gama/core/endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/api-client.ts';
import { profileResource } from '../../lib/profile.ts';

export const fundsKeys = {
  pendingDeposits: ['funds', 'pending-deposits'] as const,
  walletHistory: ['funds', 'wallet-history'] as const,
  withdrawHistory: ['funds', 'withdraw-history'] as const,
  paymentDetails: ['funds', 'payment-details'] as const,
};

/** Money-moving calls carry the action's key; the server answers a replay with the first answer. */
export const fundsApi = {
  sendWithdrawOtp: (upi_type: UpiType, number: string) =>
    call(endpoints.sendWithdrawOtp, { upi_type, number }),
  resendWithdrawOtp: (mobile: string) => call(endpoints.resendOtp, { mobile, purpose: 'withdraw_upi' }),
  addUpiDetails: (upi_type: UpiType, number: string, otp: string) =>
    call(endpoints.addUpiDetails, { upi_type, [UPI_FIELD[upi_type]]: number, otp }),
  requestDeposit: (request_amount: number, key: string) =>
    call(endpoints.requestDeposit, { request_amount }, { idempotencyKey: key }),
  /** The UTR (and a screenshot as a data URL) for a pending request; sending the same UTR again is harmless. */
  submitUtr: (request_id: number, utr: string, screenshot: string | undefined) =>
    call(endpoints.fundRequestUtr, { request_id, utr, ...(screenshot === undefined ? {} : { screenshot }) }),
  requestWithdrawal: (request_amount: number, payment_method: WithdrawMethod, key: string) =>
    call(endpoints.requestWithdrawal, { request_amount, payment_method }, { idempotencyKey: key }),
  checkRecipient: (mobile_no: string) => call(endpoints.checkRecipient, { mobile_no }),
  transfer: (mobile_no: string, amount: number, key: string) =>
    call(endpoints.transfer, { mobile_no, amount, transfer_note: '' }, { idempotencyKey: key }),
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
    queryFn: ({ signal }) => call(endpoints.gatewayStatus, {}, { signal }),
    select: (response) => response.getaway_status === '1',
  });
}

export function useBankDetails() {
  return useQuery({
    queryKey: ['funds', 'bank-details'],
    queryFn: ({ signal }) => call(endpoints.bankDetails, {}, { signal }),
    // Spec 01 section 7: the last entry is the one in use.
    select: (response) => response.bank_details.at(-1) ?? null,
  });
}

export function useMinDeposit() {
  return useQuery({
    queryKey: ['funds', 'min-deposit'],
    queryFn: ({ signal }) => call(endpoints.minDeposit, {}, { signal }),
    select: (response) => Number.parseInt(response.min_amt, 10) || 0,
  });
}

export function useQrPay() {
  return useQuery({
    queryKey: ['funds', 'qr'],
    queryFn: ({ signal }) => call(endpoints.qrPay, {}, { signal }),
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

/** The player's deposit requests still waiting for approval, newest first (with their UTR once sent). */
export function usePendingDeposits() {
  return useQuery({
    queryKey: fundsKeys.pendingDeposits,
    queryFn: ({ signal }) => call(endpoints.pendingDeposits, {}, { signal }),
    select: (response) => response.requests,
  });
}

export function useWalletHistory() {
  return useQuery({
    queryKey: fundsKeys.walletHistory,
    queryFn: ({ signal }) => call(endpoints.walletHistory, {}, { signal }),
    select: (response) => response.transaction_history,
  });
}

export function useWithdrawHistory() {
  return useQuery({
    queryKey: fundsKeys.withdrawHistory,
    queryFn: ({ signal }) => call(endpoints.withdrawHistory, {}, { signal }),
    select: (response) => response.withdrawdata,
  });
}

export function usePaymentDetails() {
  return useQuery({
    queryKey: fundsKeys.paymentDetails,
    queryFn: ({ signal }) => call(endpoints.paymentDetails, {}, { signal }),
    select: (response) => response.payment_details,
  });
}

/** After any money action: the header wallet and the lists that show the movement are stale. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    profileResource.invalidate();
    void queryClient.invalidateQueries({ queryKey: ['funds'] });
  }, [queryClient]);
}
