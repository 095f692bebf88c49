import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatClockTime,
  formatTime24,
  isValidTimeZone,
  parseClockTime,
  parseTime24,
  zonedParts,
} from './time.ts';

describe('12-hour clock text', () => {
  it('reads midnight, noon and ordinary times', () => {
    expect(parseClockTime('12:00 AM')).toBe(0);
    expect(parseClockTime('12:30 AM')).toBe(30);
    expect(parseClockTime('12:00 PM')).toBe(720);
    expect(parseClockTime('12:30 PM')).toBe(750);
    expect(parseClockTime('10:30 AM')).toBe(630);
    expect(parseClockTime('1:00 PM')).toBe(780);
    expect(parseClockTime('01:00 PM')).toBe(780);
    expect(parseClockTime('11:59 PM')).toBe(1439);
    expect(parseClockTime('09:05 pm')).toBe(1265);
    expect(parseClockTime('09:05PM')).toBe(1265);
  });

  it('rejects malformed text', () => {
    const bad = [
      '',
      '10:30',
      '13:00 PM',
      '0:30 AM',
      '00:30 AM',
      '12:60 PM',
      '10:3 AM',
      ' 10:30 AM',
      '10:30 AM ',
      '10:30  AM',
      '10.30 AM',
      '10:30 XM',
    ];
    for (const text of bad) expect(parseClockTime(text)).toBeNull();
  });

  it('writes hh:mm AM with a zero-padded hour', () => {
    expect(formatClockTime(0)).toBe('12:00 AM');
    expect(formatClockTime(720)).toBe('12:00 PM');
    expect(formatClockTime(750)).toBe('12:30 PM');
    expect(formatClockTime(630)).toBe('10:30 AM');
    expect(formatClockTime(1265)).toBe('09:05 PM');
    expect(() => formatClockTime(1440)).toThrow(RangeError);
    expect(() => formatClockTime(-1)).toThrow(RangeError);
    expect(() => formatClockTime(1.5)).toThrow(RangeError);
  });

  it('round-trips every minute of the day, in both formats', () => {
    for (let minutes = 0; minutes < 1440; minutes += 1) {
      expect(parseClockTime(formatClockTime(minutes))).toBe(minutes);
      expect(parseTime24(formatTime24(minutes))).toBe(minutes);
    }
  });

  it('reads and writes 24-hour HH:MM', () => {
    expect(parseTime24('00:00')).toBe(0);
    expect(parseTime24('13:05')).toBe(785);
    expect(formatTime24(785)).toBe('13:05');
    for (const bad of ['24:00', '1:05', '12:60', '12:5', '']) expect(parseTime24(bad)).toBeNull();
  });
});

describe('zonedParts', () => {
  it('reads Asia/Kolkata wall-clock time (UTC+05:30)', () => {
    expect(zonedParts(new Date('2026-11-20T00:00:00Z'), DEFAULT_TIME_ZONE)).toEqual({
      date: '2026-11-20',
      weekday: 5,
      minutes: 330,
    });
    expect(zonedParts(new Date('2026-11-19T18:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-20',
      weekday: 5,
      minutes: 0,
    });
    expect(zonedParts(new Date('2026-11-19T18:29:59.999Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-19',
      weekday: 4,
      minutes: 1439,
    });
  });

  it('uses the zone it is given, daylight saving included', () => {
    expect(zonedParts(new Date('2026-11-20T00:00:00Z'), 'UTC').minutes).toBe(0);
    // New York springs forward on 2026-03-08: 07:00Z is 03:00 EDT, 06:59Z is 01:59 EST.
    expect(zonedParts(new Date('2026-03-08T07:00:00Z'), 'America/New_York').minutes).toBe(180);
    expect(zonedParts(new Date('2026-03-08T06:59:00Z'), 'America/New_York').minutes).toBe(119);
  });

  it('agrees with UTC arithmetic for fixed-offset zones', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1980-01-01T00:00:00Z'),
          max: new Date('2150-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          const utc = zonedParts(instant, 'UTC');
          expect(utc.date).toBe(instant.toISOString().slice(0, 10));
          expect(utc.weekday).toBe(instant.getUTCDay());
          expect(utc.minutes).toBe(instant.getUTCHours() * 60 + instant.getUTCMinutes());
          const shifted = new Date(instant.getTime() + 330 * 60_000);
          expect(zonedParts(instant, 'Asia/Kolkata')).toEqual(zonedParts(shifted, 'UTC'));
        },
      ),
    );
  });

  it('refuses an invalid Date or zone', () => {
    expect(() => zonedParts(new Date(NaN), 'Asia/Kolkata')).toThrow(RangeError);
    expect(() => zonedParts(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
