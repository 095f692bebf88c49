import { bell } from './notification-bell.ts';

/**
 * The bell's texts (issue 17; not in the spec's tables, worded in its voice). The server sends each event's
 * facts and the app words them here, so the words follow the app's language. `{points}` is already formatted.
 */
export const notificationMessages = {
  bell,
  bellUnread: (n: number) => `Notifications, ${n} unread`,
  title: 'Notifications',
  empty: 'No notifications in the last 30 days',
  loadMore: 'Show older',
  loading: 'Loading...',
  kept: 'Kept for 30 days',
  depositApproved: (points: string) => `Deposit of ${points} points approved`,
  depositApprovedDetail: 'The points are in your wallet.',
  depositRejected: (points: string) => `Deposit of ${points} points rejected`,
  withdrawalPaid: (points: string) => `Withdrawal of ${points} points paid`,
  withdrawalPaidDetail: 'The money is on its way to your payout number.',
  withdrawalRejected: (points: string) => `Withdrawal of ${points} points rejected`,
  withdrawalRejectedDetail: 'The points are back in your wallet.',
  win: (points: string) => `You won ${points} points`,
  winDetail: (market: string) => `Credited to your wallet from ${market}.`,
  result: (market: string) => `${market} result declared`,
  resultDetail: (value: string) => `Result: ${value}`,
  reason: (reason: string) => `Reason: ${reason}`,
} as const;
