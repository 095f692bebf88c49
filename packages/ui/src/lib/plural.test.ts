import { describe, expect, it } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  it('picks the singular for one and the plural otherwise, the count grouped', () => {
    expect(countOf(1, 'winning bid')).toBe('1 winning bid');
    expect(countOf(0, 'winning bid')).toBe('0 winning bids');
    expect(countOf(120000, 'bid')).toBe('1,20,000 bids');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
