import type { SupportRefType } from '@gama/core/endpoints/support/index';

const names: Record<SupportRefType, string> = { deposit: 'Deposit', withdrawal: 'Withdrawal', bid: 'Bid' };
/** The player page's tab that lists each kind of record. */
const tabs: Record<SupportRefType, string> = { deposit: 'deposits', withdrawal: 'withdrawals', bid: 'bids' };

export const refLabel = (ref: { type: SupportRefType; id: number }) => `${names[ref.type]} #${ref.id}`;

export const refPath = (playerId: number, ref: { type: SupportRefType }) =>
  `/players/${playerId}/${tabs[ref.type]}`;
