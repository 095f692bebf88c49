/**
 * Operator limits (decision 027): the words of the refusals and holds, shared by the server that says them and
 * the console that shows them.
 */
import { formatPoints } from '../rules/money.ts';

const points = (paise: number) => formatPoints(paise, { decimals: 'none' });

export const limitMessages = {
  /** A deposit approval past the approver's credit allowance: it stays in the queue for another operator. */
  depositPastAllowance: (allowancePoints: number, usedPaise: number) =>
    `Approving this deposit would take what you credited alone in 24 hours past your allowance of ` +
    `${allowancePoints.toLocaleString('en-IN')} points (${points(usedPaise)} used); another operator must approve it`,
  /** A held referral reward past the approver's credit allowance: it stays held for another operator. */
  referralPastAllowance: (allowancePoints: number, usedPaise: number) =>
    `Paying this reward would take what you credited alone in 24 hours past your allowance of ` +
    `${allowancePoints.toLocaleString('en-IN')} points (${points(usedPaise)} used); another operator must approve it`,
  /** A manual credit past the maker's allowance: held until a second operator approves it. */
  creditHeld: (allowancePoints: number, usedPaise: number) =>
    `This credit would take what you credited alone in 24 hours past your allowance of ` +
    `${allowancePoints.toLocaleString('en-IN')} points (${points(usedPaise)} used); it waits for a second operator's approval`,
  holdNotFound: 'No such held credit',
  ownHold: 'You made this credit; another operator must approve it',
  holdDecided: (state: 'approved' | 'rejected') => `This credit was already ${state}`,
} as const;
