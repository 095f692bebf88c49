import { describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES } from '@gama/core/rules/dates';
import { formatDate, formatNumber, formatPoints, weekdayName } from './format.ts';

describe('formatting for the shown language', () => {
  it('groups numbers the Indian way in both languages, with Latin digits', () => {
    expect(formatNumber(100000, 'en')).toBe('1,00,000');
    expect(formatNumber(100000, 'hi')).toBe('1,00,000');
    expect(formatNumber(1234567, 'hi')).toBe('12,34,567');
    expect(formatPoints(10000000, { decimals: 'when-needed' })).toBe('1,00,000');
  });

  it('spells month names in the shown language, in the market time zone', () => {
    // 18:30 UTC is midnight in Kolkata: the next day there.
    const moment = '2026-11-24T18:30:00Z';
    expect(formatDate(moment, 'en', 'date')).toBe('25 November 2026');
    expect(formatDate(moment, 'hi', 'date')).toBe('25 नवंबर 2026');
    expect(formatDate(moment, 'hi', 'month')).toBe('नवंबर 2026');
    expect(formatDate(moment, 'hi', 'weekday')).toBe('बुधवार');
  });

  it('names weekdays as the English screens do, and in Hindi', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((day) => weekdayName(day, 'en'))).toEqual([...WEEKDAY_NAMES]);
    expect(weekdayName(0, 'hi')).toBe('रविवार');
  });
});
