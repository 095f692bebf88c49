import { describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES } from '@gama/core/rules/dates';
import { formatDate, formatNumber, formatPoints, formatSpecDate, weekdayName } from './format.ts';
import { hindi } from './hindi.ts';

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

  it("keeps the spec's bid date word for word in English and names its month in Hindi", () => {
    expect(formatSpecDate('20-November-2026', 'en')).toBe('20-November-2026');
    expect(formatSpecDate('20-November-2026', 'hi')).toBe('20 नवंबर 2026');
    expect(formatSpecDate('5-March-2027', 'hi')).toBe('5 मार्च 2027');
    expect(formatSpecDate('Open', 'hi')).toBe('Open');
  });
});

describe('passbook lines from the server, in Hindi', () => {
  it('words each line in Hindi, the bid date inside it with a Hindi month', () => {
    expect(hindi.translateText('Deposit approved')).toBe('जमा मंज़ूर हुआ');
    expect(hindi.translateText('Bid TIME BAZAR Single Digit (20-November-2026)')).toBe(
      'बोली TIME BAZAR Single Digit (20 नवंबर 2026)',
    );
    expect(hindi.translateText('Win KALYAN 20-November-2026 (open result 123)')).toBe(
      'जीत KALYAN 20 नवंबर 2026 (Open रिज़ल्ट 123)',
    );
    expect(hindi.translateText('Points transfer from Ravindra to Su***sh')).toBe(
      'Ravindra से Su***sh को अंकों का ट्रांसफ़र',
    );
  });
});
