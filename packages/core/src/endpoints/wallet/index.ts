/** The wallet passbook (spec 01 section 3): every movement of the player's points. */
import { z } from 'zod';
import { endpoint } from '../define.ts';

export const transactionRow = z.strictObject({
  transaction_id: z.number().int(),
  /** "1" credit, "2" debit. */
  transaction_type: z.enum(['1', '2']),
  transaction_note: z.string(),
  insert_date: z.string(),
  amount: z.string(),
  amount_status: z.literal('1'),
  /** What moved the points: deposit, bid, win, transfer, withdraw, … */
  kind: z.string(),
});

export const walletHistoryAnswer = z.strictObject({
  status: z.literal(true),
  /** Newest first, at most 200. */
  transaction_history: z.array(transactionRow),
  /** Points now, and before the oldest listed row: opening plus the listed rows is the balance. */
  wallet_amt: z.string(),
  opening_balance: z.string(),
});

export const walletEndpoints = {
  walletHistory: endpoint({
    domain: 'wallet',
    method: 'POST',
    path: '/api-wallet-transaction-history',
    access: 'betting',
    summary: "The session player's wallet entries with the balance and the opening balance",
    response: walletHistoryAnswer,
    errors: [],
  }),
};

export type TransactionRow = z.output<typeof transactionRow>;
