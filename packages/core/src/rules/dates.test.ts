import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatBidDate,
  formatHistoryDate,
  isIsoDate,
  isoDateFromParts,
  parseBidDate,
  parseHistoryDate,
  weekdayOf,
} from './dates.ts';

const isoDates = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('calendar dates', () => {
  it('knows real days only', () => {
    expect(isoDateFromParts(2026, 11, 20)).toBe('2026-11-20');
    expect(isoDateFromParts(2028, 2, 29)).toBe('2028-02-29');
    expect(isoDateFromParts(2027, 2, 29)).toBeNull();
    expect(isoDateFromParts(2026, 13, 1)).toBeNull();
    expect(isoDateFromParts(2026, 0, 1)).toBeNull();
    expect(isoDateFromParts(99, 1, 1)).toBeNull();
    expect(isIsoDate('2026-11-20')).toBe(true);
    for (const bad of ['2026-11-31', '2026-1-20', '26-11-20', '2026-11-20T00:00', ''])
      expect(isIsoDate(bad)).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-20', 1)).toBe('2026-11-21');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('gives weekdays with 0 = Sunday', () => {
    expect(weekdayOf('2026-11-20')).toBe(5);
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-21')).toBe(6);
  });
});

describe('bid date: day-MonthName-year', () => {
  it('formats without zero padding and with the full month name', () => {
    expect(formatBidDate('2026-11-20')).toBe('20-November-2026');
    expect(formatBidDate('2026-01-05')).toBe('5-January-2026');
  });

  it('parses its own format and a zero-padded day', () => {
    expect(parseBidDate('20-November-2026')).toBe('2026-11-20');
    expect(parseBidDate('5-January-2026')).toBe('2026-01-05');
    expect(parseBidDate('05-January-2026')).toBe('2026-01-05');
    expect(parseBidDate('29-February-2028')).toBe('2028-02-29');
  });

  it('rejects malformed input and days not on the calendar', () => {
    const bad = [
      '',
      '31-November-2026',
      '29-February-2027',
      '0-November-2026',
      '20-Nov-2026',
      '20-november-2026',
      '20 November 2026',
      '20-November-26',
      '20-November-2026 ',
      '2026-11-20',
      '11/20/2026',
      '020-November-2026',
      '20-Movember-2026',
    ];
    for (const text of bad) expect(parseBidDate(text)).toBeNull();
  });

  it('round-trips every date', () => {
    fc.assert(
      fc.property(isoDates, (date) => {
        expect(parseBidDate(formatBidDate(date))).toBe(date);
      }),
    );
  });
});

describe('history date: month/day/year', () => {
  it('formats without zero padding', () => {
    expect(formatHistoryDate('2026-11-20')).toBe('11/20/2026');
    expect(formatHistoryDate('2026-01-05')).toBe('1/5/2026');
  });

  it('parses with or without padding and rejects malformed input', () => {
    expect(parseHistoryDate('11/20/2026')).toBe('2026-11-20');
    expect(parseHistoryDate('1/5/2026')).toBe('2026-01-05');
    expect(parseHistoryDate('01/05/2026')).toBe('2026-01-05');
    const bad = [
      '',
      '20/11/2026',
      '2/30/2026',
      '13/1/2026',
      '0/1/2026',
      '11-20-2026',
      '11/20/26',
      '11/20/2026 ',
      '111/2/2026',
    ];
    for (const text of bad) expect(parseHistoryDate(text)).toBeNull();
  });

  it('round-trips every date', () => {
    fc.assert(
      fc.property(isoDates, (date) => {
        expect(parseHistoryDate(formatHistoryDate(date))).toBe(date);
      }),
    );
  });
});
