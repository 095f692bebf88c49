import { describe, expect, it } from 'vitest';
import { withSettingWords } from './setting-words.ts';

describe('withSettingWords', () => {
  it('fills the payment settings into a text and leaves other braces alone', () => {
    const values = {
      withdrawal_open: '11:00 AM',
      withdrawal_close: '05:30 PM',
      min_withdrawal: 700,
      min_deposit: 250,
    };
    expect(
      withSettingWords(
        'Paid between {withdrawal_open} and {withdrawal_close}; at least {min_withdrawal} ({min_deposit} in). {other}',
        values,
      ),
    ).toBe('Paid between 11:00 AM and 05:30 PM; at least 700 (250 in). {other}');
  });
});
