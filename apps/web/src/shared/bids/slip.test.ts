import type { SubmitBidResponse } from '@gama/core/endpoints/bids/index';
import { BET_TYPES } from '@gama/core/rules/bet-types';
import { pointsToPaise, stakePaise } from '@gama/core/rules/money';
import { describe, expect, it } from 'vitest';
import { slipAfterSubmit } from './slip.ts';
import { buildSubmissions, type BidEntry } from './submission.ts';

function entry(digits: string, rows: string[], points = 10, overrides: Partial<BidEntry> = {}): BidEntry {
  return {
    id: `${digits}-${rows.join('')}`,
    session: 'open',
    digits,
    closeDigits: '',
    points,
    rows,
    costPaise: stakePaise(points, rows.length),
    ...overrides,
  };
}

function answer(placed: number, points: number, refused: SubmitBidResponse['refused'] = undefined) {
  const value: SubmitBidResponse = {
    status: true,
    msg: 'Bid placed successfully!',
    wallet_amt: '900',
    bid_count: placed,
    total_points: points,
    total_paise: pointsToPaise(points),
    ...(refused ? { refused } : {}),
  };
  return { status: 'fulfilled', value } as const;
}

const limit = (digits: string) => ({
  session: 'open',
  digits,
  closedigits: '',
  points: 10,
  msg: `Limit reached for ${digits}`,
});

describe('slipAfterSubmit', () => {
  it('clears the slip when every row was placed', () => {
    const entries = [entry('1', ['1']), entry('2', ['2'])];
    const submissions = buildSubmissions(BET_TYPES.single_digit, entries);
    const after = slipAfterSubmit(BET_TYPES.single_digit, entries, submissions, [answer(2, 20)]);
    expect(after).toEqual({ entries: [], placedRows: 2, placedPaise: 2000, refusedRows: 0, failure: null });
  });

  it('keeps the refused rows marked with their message and drops the accepted ones', () => {
    const entries = [entry('1', ['1']), entry('2', ['2'], 50), entry('3', ['3'])];
    const submissions = buildSubmissions(BET_TYPES.single_digit, entries);
    const after = slipAfterSubmit(BET_TYPES.single_digit, entries, submissions, [
      answer(2, 20, [{ ...limit('2'), points: 50 }]),
    ]);
    expect(after.entries).toEqual([{ ...entries[1], refusals: ['Limit reached for 2'] }]);
    expect(after).toMatchObject({ placedRows: 2, placedPaise: 2000, refusedRows: 1, failure: null });
  });

  it('marks every row on a refused number, the server judging them together', () => {
    const entries = [
      entry('4', ['4'], 10, { id: 'a' }),
      entry('5', ['5']),
      entry('4', ['4'], 20, { id: 'b' }),
    ];
    const submissions = buildSubmissions(BET_TYPES.single_digit, entries);
    const after = slipAfterSubmit(BET_TYPES.single_digit, entries, submissions, [
      answer(1, 10, [limit('4')]),
    ]);
    expect(after.entries.map((e) => [e.id, e.refusals])).toEqual([
      ['a', ['Limit reached for 4']],
      ['b', ['Limit reached for 4']],
    ]);
    expect(after.refusedRows).toBe(2);
  });

  it('keeps only the refused panas of a motor, with their cost', () => {
    const motor = entry('1234', ['123', '124', '134', '234'], 5);
    const submissions = buildSubmissions(BET_TYPES.sp_motor, [motor]);
    const after = slipAfterSubmit(BET_TYPES.sp_motor, [motor], submissions, [
      answer(2, 10, [limit('124'), limit('234')]),
    ]);
    expect(after.entries).toEqual([
      {
        ...motor,
        rows: ['124', '234'],
        costPaise: stakePaise(5, 2),
        refusals: ['Limit reached for 124', 'Limit reached for 234'],
      },
    ]);
  });

  it('matches a sangam by both its numbers and its session', () => {
    const sangam = entry('123', ['123'], 10, { closeDigits: '456' });
    const other = entry('123', ['123'], 10, { id: 'other', closeDigits: '789' });
    const submissions = buildSubmissions(BET_TYPES.full_sangam, [sangam, other]);
    const after = slipAfterSubmit(BET_TYPES.full_sangam, [sangam, other], submissions, [
      answer(1, 10, [{ ...limit('123'), closedigits: '456', msg: 'Limit reached for 123-456' }]),
    ]);
    expect(after.entries).toEqual([{ ...sangam, refusals: ['Limit reached for 123-456'] }]);

    const closeSession = slipAfterSubmit(BET_TYPES.full_sangam, [sangam], submissions, [
      answer(1, 10, [{ ...limit('123'), session: 'close', closedigits: '456' }]),
    ]);
    expect(closeSession.entries).toEqual([]);
  });

  it('keeps every row of a failed call unmarked, and the placed pana types of SP DP TP leave', () => {
    // Digit 5 as SP, DP and TP: one call per pana type.
    const spDpTp = entry('5', ['113', '122', '555'], 10, { refusals: ['Limit reached for 113'] });
    const submissions = buildSubmissions(BET_TYPES.sp_dp_tp, [spDpTp]);
    expect(submissions.map((s) => s.label)).toEqual(['Double Pana', 'Triple Pana']);
    const failure = new Error('offline');
    const after = slipAfterSubmit(BET_TYPES.sp_dp_tp, [spDpTp], submissions, [
      answer(1, 10, [limit('113')]),
      { status: 'rejected', reason: failure },
    ]);
    expect(after.entries).toEqual([
      { ...spDpTp, rows: ['113', '555'], costPaise: stakePaise(10, 2), refusals: ['Limit reached for 113'] },
    ]);
    expect(after).toMatchObject({ placedRows: 1, placedPaise: 1000, refusedRows: 1, failure });

    const nothing = slipAfterSubmit(BET_TYPES.sp_dp_tp, [spDpTp], submissions, [
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
    expect(nothing.entries).toEqual([{ ...spDpTp, refusals: undefined }]);
  });
});
