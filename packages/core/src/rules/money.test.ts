import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_POINTS,
  addPaise,
  formatPaise,
  multiplyPaise,
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
