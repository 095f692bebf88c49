import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_POINTS,
  addPaise,
  formatPaise,
  formatPaiseDecimal,
  formatPoints,
  formatPointsCompact,
  formatWholePoints,
  groupIndian,
  multiplyPaise,
  parsePaiseText,
  wholePointsOf,
  parsePoints,
  payoutPaise,
  pointsToPaise,
  stakePaise,
  subtractPaise,
} from './money.ts';

describe('parsePoints', () => {
  it('accepts whole points as a number or a digit string', () => {
    expect(parsePoints(10)).toEqual({ ok: true, points: 10 });
    expect(parsePoints('10')).toEqual({ ok: true, points: 10 });
    expect(parsePoints('0010')).toEqual({ ok: true, points: 10 });
    expect(parsePoints(MAX_POINTS)).toEqual({ ok: true, points: MAX_POINTS });
    expect(parsePoints(String(MAX_POINTS))).toEqual({ ok: true, points: MAX_POINTS });
  });

  it('reports missing input', () => {
    for (const input of [undefined, null, ''])
      expect(parsePoints(input)).toEqual({ ok: false, reason: 'missing' });
  });

  it('rejects floats, signs, exponents, spaces and other types as malformed', () => {
    const malformed: unknown[] = [
      10.5,
      -10,
      NaN,
      Infinity,
      '10.5',
      '10.0',
      '-10',
      '+10',
      '1e3',
      '0x10',
      ' 10',
      '10 ',
      ' ',
      '1_000',
      '1,000',
      '١٠',
      true,
      10n,
      {},
      [10],
    ];
    for (const input of malformed) expect(parsePoints(input)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects zero unless asked to allow it', () => {
    expect(parsePoints(0)).toEqual({ ok: false, reason: 'zero' });
    expect(parsePoints('000')).toEqual({ ok: false, reason: 'zero' });
    expect(parsePoints(-0, { allowZero: true })).toEqual({ ok: true, points: 0 });
    expect(Object.is((parsePoints(-0, { allowZero: true }) as { points: number }).points, 0)).toBe(true);
  });

  it('rejects values above the maximum, including very long digit strings', () => {
    expect(parsePoints(MAX_POINTS + 1)).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePoints(String(MAX_POINTS + 1))).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePoints('9'.repeat(400))).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePoints(Number.MAX_SAFE_INTEGER + 1)).toEqual({ ok: false, reason: 'malformed' });
    expect(parsePoints(500, { max: 100 })).toEqual({ ok: false, reason: 'too_large' });
  });

  it('round-trips every allowed integer through its decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_POINTS }), (n) => {
        expect(parsePoints(String(n))).toEqual({ ok: true, points: n });
        expect(parsePoints(n)).toEqual({ ok: true, points: n });
      }),
    );
  });

  it('never accepts a string containing anything but digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const result = parsePoints(s);
        if (result.ok) expect(s).toMatch(/^\d+$/);
      }),
    );
  });
});

describe('paise arithmetic', () => {
  it('converts points to paise', () => {
    expect(pointsToPaise(15)).toBe(1500);
    expect(() => pointsToPaise(1.5)).toThrow(RangeError);
    expect(() => pointsToPaise(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it('adds, subtracts and multiplies only safe integers', () => {
    expect(addPaise(1, 2, 3)).toBe(6);
    expect(addPaise()).toBe(0);
    expect(subtractPaise(100, 250)).toBe(-150);
    expect(multiplyPaise(1000, 12)).toBe(12000);
    expect(() => addPaise(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => subtractPaise(-Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => multiplyPaise(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => addPaise(0.5)).toThrow(RangeError);
  });

  it('costs points x 100 x rows', () => {
    expect(stakePaise(10)).toBe(1000);
    expect(stakePaise(10, 22)).toBe(22000);
  });

  it('stake cost is additive over rows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_POINTS }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 120 }),
        (points, a, b) => {
          expect(stakePaise(points, a + b)).toBe(addPaise(stakePaise(points, a), stakePaise(points, b)));
        },
      ),
    );
  });
});

describe('payoutPaise', () => {
  it('pays points x val2 / val1 in paise, rounded down', () => {
    expect(payoutPaise(10, 10, 95)).toBe(9500);
    expect(payoutPaise(15, 10, 95)).toBe(14250);
    expect(payoutPaise(1, 3, 10)).toBe(333);
    expect(payoutPaise(0, 10, 95)).toBe(0);
    expect(payoutPaise(MAX_POINTS, 10, 100000)).toBe(1_000_000_000_000_000);
  });

  it('stays exact where floating point would not', () => {
    // 0.07 * 100 is 7.000000000000001 in floating point; this must be exactly 7 paise.
    expect(payoutPaise(7, 100, 1)).toBe(7);
    expect(payoutPaise(3, 7, 7)).toBe(300);
  });

  it('rejects bad operands and results beyond safe integers', () => {
    expect(() => payoutPaise(-1, 10, 95)).toThrow(RangeError);
    expect(() => payoutPaise(10, 0, 95)).toThrow(RangeError);
    expect(() => payoutPaise(10, 10, -1)).toThrow(RangeError);
    expect(() => payoutPaise(10, 10, 9.5)).toThrow(RangeError);
    expect(() => payoutPaise(Number.MAX_SAFE_INTEGER, 1, 1000)).toThrow(RangeError);
  });

  // Bounded so that MAX_POINTS x 100 x val2 / val1 stays a safe integer (5e15 at most).
  const rate = fc.record({
    val1: fc.integer({ min: 1, max: 1000 }),
    val2: fc.integer({ min: 0, max: 50_000 }),
  });

  it('is monotonic in points', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_POINTS }),
        fc.integer({ min: 0, max: MAX_POINTS }),
        rate,
        (a, b, { val1, val2 }) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(payoutPaise(lo, val1, val2)).toBeLessThanOrEqual(payoutPaise(hi, val1, val2));
        },
      ),
    );
  });

  it('is the exact quotient rounded down to a whole paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_POINTS }), rate, (points, { val1, val2 }) => {
        const paise = payoutPaise(points, val1, val2);
        expect(Number.isSafeInteger(paise)).toBe(true);
        const exact = BigInt(points) * 100n * BigInt(val2);
        // paise <= exact / val1 < paise + 1
        expect(BigInt(paise) * BigInt(val1) <= exact).toBe(true);
        expect(exact < (BigInt(paise) + 1n) * BigInt(val1)).toBe(true);
      }),
    );
  });
});

describe('formatPaise', () => {
  it('shows points, with paise only when there are any', () => {
    expect(formatPaise(14250)).toBe('142.50');
    expect(formatPaise(9500)).toBe('95');
    expect(formatPaise(0)).toBe('0');
    expect(formatPaise(5)).toBe('0.05');
    expect(formatPaise(101)).toBe('1.01');
    expect(formatPaise(-14250)).toBe('-142.50');
    expect(formatPaise(-5)).toBe('-0.05');
    expect(() => formatPaise(1.5)).toThrow(RangeError);
  });
});

describe('groupIndian', () => {
  it('groups the last three digits, then twos', () => {
    expect(groupIndian('0')).toBe('0');
    expect(groupIndian('999')).toBe('999');
    expect(groupIndian('1000')).toBe('1,000');
    expect(groupIndian('100000')).toBe('1,00,000');
    expect(groupIndian('12345678')).toBe('1,23,45,678');
  });
});

describe('parsePaiseText', () => {
  it('reads the server display strings', () => {
    expect(parsePaiseText('95')).toBe(9500);
    expect(parsePaiseText('142.5')).toBe(14250);
    expect(parsePaiseText('-3.05')).toBe(-305);
    expect(parsePaiseText(' 7 ')).toBe(700);
  });
  it('refuses what is not an amount', () => {
    expect(parsePaiseText(undefined)).toBeNull();
    expect(parsePaiseText('1,000')).toBeNull();
    expect(parsePaiseText('1.234')).toBeNull();
    expect(parsePaiseText('abc')).toBeNull();
    expect(parsePaiseText('99999999999999999999')).toBeNull();
  });
});

describe('formatPoints', () => {
  it('shows paise as grouped points with two decimals by default', () => {
    expect(formatPoints(10_000_000)).toBe('1,00,000.00');
    expect(formatPoints(5)).toBe('0.05');
    expect(formatPoints(-123_456)).toBe('-1,234.56');
    expect(formatPoints(0)).toBe('0.00');
  });
  it('takes bigints and display strings alike', () => {
    expect(formatPoints(123_456_789_012n)).toBe('1,23,45,67,890.12');
    expect(formatPoints('100000')).toBe('1,00,000.00');
    expect(formatPoints('142.50', { decimals: 'when-needed' })).toBe('142.50');
  });
  it('drops zero paise when asked, and signs credits when asked', () => {
    expect(formatPoints(100_000, { decimals: 'when-needed' })).toBe('1,000');
    expect(formatPoints(100_000, { signed: true })).toBe('+1,000.00');
    expect(formatPoints(-100_000, { signed: true })).toBe('-1,000.00');
    expect(formatPoints(0, { signed: true })).toBe('0.00');
  });
  it('leaves text that is not an amount as it is', () => {
    expect(formatPoints('n/a')).toBe('n/a');
  });
  it('formats whole points', () => {
    expect(formatWholePoints(1000)).toBe('1,000');
    expect(formatWholePoints(250000)).toBe('2,50,000');
  });
  it('drops the paise when asked for whole points in a sentence', () => {
    expect(formatPoints(1_234_599, { decimals: 'none' })).toBe('12,345');
  });
  it('refuses a paise count that lost precision', () => {
    expect(() => formatPoints(2 ** 53)).toThrow(RangeError);
  });
});

describe('parsePaiseText', () => {
  it('never goes through a float', () => {
    expect(parsePaiseText('0.29')).toBe(29);
    expect(parsePaiseText('1.1')).toBe(110);
    expect(parsePaiseText('-0')).toBe(0);
  });
  it('reads back every amount formatPaise writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (paise) => {
        expect(parsePaiseText(formatPaise(paise))).toBe(paise);
        expect(parsePaiseText(formatPaiseDecimal(paise))).toBe(paise);
      }),
    );
  });
});

describe('formatPaiseDecimal', () => {
  it('always writes two decimals and no grouping', () => {
    expect(formatPaiseDecimal(123456)).toBe('1234.56');
    expect(formatPaiseDecimal(0)).toBe('0.00');
    expect(formatPaiseDecimal(-5)).toBe('-0.05');
    expect(formatPaiseDecimal(10_000_000)).toBe('100000.00');
  });
});

describe('wholePointsOf', () => {
  it('counts whole points and refuses a leftover paisa', () => {
    expect(wholePointsOf(3500)).toBe(35);
    expect(wholePointsOf(-100)).toBe(-1);
    expect(() => wholePointsOf(3501)).toThrow(RangeError);
  });
});

describe('formatPointsCompact', () => {
  it('writes an axis tick the Indian way', () => {
    expect(formatPointsCompact(95_000)).toBe('950');
    expect(formatPointsCompact(150_000)).toBe('1.5K');
    expect(formatPointsCompact(12_000_000)).toBe('1.2L');
  });
});
