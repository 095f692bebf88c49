import { describe, expect, it } from 'vitest';
import { recentMonths } from './statement-months.ts';

describe('recentMonths', () => {
  it('lists this month and the eleven before it, newest first, across the turn of the year', () => {
    const months = recentMonths('2026-02-28');
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
    expect(months.at(-1)).toEqual({ value: '2025-03', label: 'March 2025' });
  });

  it('starts from the given date’s month even on its last day', () => {
    expect(recentMonths('2026-11-30', 1)).toEqual([{ value: '2026-11', label: 'November 2026' }]);
  });
});
