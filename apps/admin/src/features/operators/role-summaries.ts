import type { Role } from '@gama/core/operators/permissions';

/** What each role is for, in a few words for the role picker (the permission table is in core). */
export const roleSummaries: Record<Role, string> = {
  owner: 'everything, operators and settings',
  results: 'declare, approve and revert results',
  cashier: 'deposits, withdrawals, wallet adjustments',
  support: 'players: betting, block, sign-out, passwords',
  viewer: 'read only',
};
