import { describe, expect, it } from 'vitest';
import { notificationMessages as m } from '../contract/notification-messages.ts';
import { fill } from './compile.ts';
import { accountUiTexts } from './ui-texts-account.ts';

describe('the account half of the catalogue', () => {
  it("words each notification exactly as notification-messages.ts does, so the bell's English stays the same", () => {
    const known = new Set<string>(accountUiTexts);
    const cases: [string, Record<string, string>, string][] = [
      ['Deposit of {points} points approved', { points: '1,00,000' }, m.depositApproved('1,00,000')],
      ['Deposit of {points} points rejected', { points: '500' }, m.depositRejected('500')],
      ['Withdrawal of {points} points paid', { points: '500' }, m.withdrawalPaid('500')],
      ['Withdrawal of {points} points rejected', { points: '500' }, m.withdrawalRejected('500')],
      ['You won {points} points', { points: '950' }, m.win('950')],
      ['Credited to your wallet from {market}.', { market: 'KALYAN' }, m.winDetail('KALYAN')],
      ['{market} result declared', { market: 'KALYAN' }, m.result('KALYAN')],
      ['Result: {value}', { value: '123-6' }, m.resultDetail('123-6')],
      ['Reason: {reason}', { reason: 'No payment' }, m.reason('No payment')],
      ['Notifications, {n} unread', { n: '3' }, m.bellUnread(3)],
    ];
    for (const [template, values, worded] of cases) {
      expect(known.has(template), template).toBe(true);
      expect(fill(template, values)).toBe(worded);
    }
    const plain = Object.values(m).filter((value) => typeof value === 'string');
    expect(plain.filter((text) => !known.has(text))).toEqual([]);
  });
});
