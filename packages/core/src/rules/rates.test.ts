import { describe, expect, it } from 'vitest';
import { changedRateFields, rateFieldLabel, rateProblem, RATE_FIELDS_OF } from './rates.ts';

describe('rates', () => {
  it('name each field as the group shows it', () => {
    expect(RATE_FIELDS_OF.gali.map((f) => rateFieldLabel('gali', f))).toEqual([
      'Left Digit',
      'Right Digit',
      'Jodi Digit',
    ]);
    expect(rateFieldLabel('main', 'tripple_pana')).toBe('Triple Pana');
    expect(rateFieldLabel('starline', 'single_pana')).toBe('Single Pana');
  });

  it('accept the seed rates and refuse pairs that pay no more than the stake or beyond the cap', () => {
    expect(rateProblem('main', 'full_sangam', [10, 100_000])).toBeNull();
    expect(rateProblem('main', 'full_sangam', [1, 100_000])).toBeNull();
    expect(rateProblem('main', 'full_sangam', [1, 100_001])).toMatch(/at most 1,00,000 times/);
    expect(rateProblem('main', 'single_digit', [10, 10])).toMatch(/more than the stake/);
    expect(rateProblem('main', 'single_digit', [1001, 2000])).toMatch(/from 1 to 1,000/);
    expect(rateProblem('starline', 'half_sangam', [10, 100])).toMatch(/not a rate of starline/);
    expect(rateProblem('main', 'constructor', [10, 100])).toMatch(/not a rate of main/);
  });

  it('list the fields whose pair differs, in the group order', () => {
    expect(
      changedRateFields(
        'gali',
        { single_digit: [10, 95], single_pana: [10, 95], double_pana: [10, 950] },
        { single_digit: [10, 95], single_pana: [10, 96], double_pana: [9, 950] },
      ),
    ).toEqual(['single_pana', 'double_pana']);
    expect(changedRateFields('gali', {}, { single_digit: [10, 95] })).toEqual(['single_digit']);
  });
});
