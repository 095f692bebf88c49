import { describe, expect, it } from 'vitest';
import {
  JODIS,
  NUMBER_SETS,
  NUMBER_SET_LENGTH,
  SINGLE_DIGITS,
  isInNumberSet,
  type NumberSetId,
} from './number-sets.ts';

describe('number sets', () => {
  it('has the sizes of spec 02 section 9', () => {
    const sizes = Object.fromEntries(Object.entries(NUMBER_SETS).map(([id, list]) => [id, list.length]));
    expect(sizes).toEqual({
      digit: 10,
      jodi: 100,
      single_pana: 120,
      double_pana: 90,
      triple_pana: 10,
      any_pana: 220,
    });
  });

  it('keeps leading zeros and compares strings exactly', () => {
    expect(SINGLE_DIGITS[0]).toBe('0');
    expect(JODIS.slice(0, 3)).toEqual(['00', '01', '02']);
    expect(isInNumberSet('jodi', '05')).toBe(true);
    expect(isInNumberSet('jodi', '5')).toBe(false);
    expect(isInNumberSet('triple_pana', '000')).toBe(true);
    expect(isInNumberSet('triple_pana', '0')).toBe(false);
  });

  it('gives every member its set length', () => {
    for (const id of Object.keys(NUMBER_SETS) as NumberSetId[]) {
      for (const value of NUMBER_SETS[id]) expect(value).toHaveLength(NUMBER_SET_LENGTH[id]);
    }
  });
});
