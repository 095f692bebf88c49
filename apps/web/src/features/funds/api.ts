import type { UpiType, WithdrawMethod } from '@gama/core/contract/funds-types';
import { endpoints } from '@gama/core/endpoints';
import type { AnyEndpoint, Answer } from '@gama/core/endpoints/define';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
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

/** A read of an entry that takes no input: cached under `queryKey`, the screens given what `select` picks. */
function useRead<E extends AnyEndpoint, T>(
  queryKey: QueryKey,
  endpoint: E,
  select: (answer: Answer<E>) => T,
  options: { staleTime?: number } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => call(endpoint, undefined, { signal }),
    select,
    ...options,
  });
}

export function useGatewayStatus() {
  return useRead(
    ['funds', 'gateway'],
    endpoints.gatewayStatus,
    (response) => response.getaway_status === '1',
  );
}

/** The account to pay into: the last entry is the one in use (spec 01 section 7). */
export function useBankDetails() {
  return useRead(
    ['funds', 'bank-details'],
    endpoints.bankDetails,
    (response) => response.bank_details.at(-1) ?? null,
  );
}

export function useMinDeposit() {
  return useRead(
    ['funds', 'min-deposit'],
    endpoints.minDeposit,
    (response) => Number.parseInt(response.min_amt, 10) || 0,
  );
}

export function useQrPay() {
  return useRead(['funds', 'qr'], endpoints.qrPay, (response) => response.qrdata[0] ?? null);
}

export function useRules() {
  return useRead(['funds', 'rules'], endpoints.moneyRules, (response) => response.content[0] ?? null, {
    staleTime: 10 * 60_000,
  });
}

/** The player's deposit requests still waiting for approval, newest first (with their UTR once sent). */
export function usePendingDeposits() {
  return useRead(fundsKeys.pendingDeposits, endpoints.pendingDeposits, (response) => response.requests);
}

export function useWalletHistory() {
  return useRead(
    fundsKeys.walletHistory,
    endpoints.walletHistory,
    (response) => response.transaction_history,
  );
}

export function useWithdrawHistory() {
  return useRead(fundsKeys.withdrawHistory, endpoints.withdrawHistory, (response) => response.withdrawdata);
}

export function usePaymentDetails() {
  return useRead(fundsKeys.paymentDetails, endpoints.paymentDetails, (response) => response.payment_details);
}

/** After any money action: the header wallet and the lists that show the movement are stale. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    profileResource.invalidate();
    void queryClient.invalidateQueries({ queryKey: ['funds'] });
  }, [queryClient]);
}
