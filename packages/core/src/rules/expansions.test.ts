import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dpMotorPanas, spDpTpPanas, spMotorPanas } from './expansions.ts';
import { isInNumberSet } from './number-sets.ts';
import { ankOf } from './panas.ts';

const list = (s: string) => (s === '' ? [] : s.split(' '));

describe('SP Motor (game-rules.md 6.3)', () => {
  const cases: [string, string][] = [
    ['123', '123'],
    ['1234', '123 124 134 234'],
    ['12345', '123 124 125 134 135 145 234 235 245 345'],
    ['1230', '120 123 130 230'],
    ['1123', '123'],
    ['111', ''],
  ];
  it.each(cases)('%s -> %s', (input, expected) => {
    expect(spMotorPanas(input)).toEqual(list(expected));
  });
});

describe('DP Motor (game-rules.md 6.3)', () => {
  const cases: [string, string][] = [
    ['12', '112 122'],
    ['123', '112 113 122 133 223 233'],
    ['120', '100 110 112 122 200 220'],
    ['1234', '112 113 114 122 133 144 223 224 233 244 334 344'],
    ['11', ''],
  ];
  it.each(cases)('%s -> %s', (input, expected) => {
    expect(dpMotorPanas(input)).toEqual(list(expected));
  });
});

describe('SP DP TP (game-rules.md 6.4)', () => {
  it('digit 5 with every box gives the 22 panas of ank 5', () => {
    const all = { single: true, double: true, triple: true };
    expect(spDpTpPanas('5', all)).toEqual(
      list('140 159 168 230 249 258 267 348 357 456 690 780 113 122 177 339 366 447 500 799 889 555'),
    );
  });

  it('digit 0 with DP and TP only gives 10 panas', () => {
    expect(spDpTpPanas('0', { single: false, double: true, triple: true })).toEqual(
      list('118 226 244 299 334 488 550 668 677 000'),
    );
  });

  it('no box gives nothing, and the digit must be 0-9', () => {
    expect(spDpTpPanas('3', { single: false, double: false, triple: false })).toEqual([]);
    expect(() => spDpTpPanas('12', { single: true, double: true, triple: true })).toThrow(RangeError);
    expect(() => spDpTpPanas('', { single: true, double: true, triple: true })).toThrow(RangeError);
  });
});

describe('expansion properties', () => {
  const digitStrings = fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 14 });
  const distinctCount = (s: string) => new Set(s).size;

  it('every SP Motor row is a single pana made of entered digits; C(n,3) rows', () => {
    fc.assert(
      fc.property(digitStrings, (digits) => {
        const rows = spMotorPanas(digits);
        for (const row of rows) {
          expect(isInNumberSet('single_pana', row)).toBe(true);
          for (const ch of row) expect(digits).toContain(ch);
        }
        const n = distinctCount(digits);
        expect(rows).toHaveLength((n * (n - 1) * (n - 2)) / 6);
        expect(new Set(rows).size).toBe(rows.length);
      }),
    );
  });

  it('every DP Motor row is a double pana made of entered digits; n(n-1) rows', () => {
    fc.assert(
      fc.property(digitStrings, (digits) => {
        const rows = dpMotorPanas(digits);
        for (const row of rows) {
          expect(isInNumberSet('double_pana', row)).toBe(true);
          for (const ch of row) expect(digits).toContain(ch);
        }
        const n = distinctCount(digits);
        expect(rows).toHaveLength(n * (n - 1));
      }),
    );
  });

  it('entry order and repeated digits never change a motor', () => {
    const entryAndPermutation = fc
      .array(fc.constantFrom(...'0123456789'), { maxLength: 12 })
      .chain((d) =>
        fc.tuple(fc.constant(d), fc.shuffledSubarray(d, { minLength: d.length, maxLength: d.length })),
      );
    fc.assert(
      fc.property(entryAndPermutation, ([entered, permuted]) => {
        const digits = entered.join('');
        const other = permuted.join('');
        expect(spMotorPanas(other)).toEqual(spMotorPanas(digits));
        expect(dpMotorPanas(other)).toEqual(dpMotorPanas(digits));
        expect(spMotorPanas(digits + digits)).toEqual(spMotorPanas(digits));
        expect(dpMotorPanas(digits + digits)).toEqual(dpMotorPanas(digits));
      }),
    );
  });

  it('every SP DP TP row is a pana of the chosen ank and of a chosen type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...'0123456789'),
        fc.record({ single: fc.boolean(), double: fc.boolean(), triple: fc.boolean() }),
        (digit, choice) => {
          const rows = spDpTpPanas(digit, choice);
          for (const row of rows) {
            expect(isInNumberSet('any_pana', row)).toBe(true);
            expect(String(ankOf(row))).toBe(digit);
          }
          expect(rows).toHaveLength(
            (choice.single ? 12 : 0) + (choice.double ? 9 : 0) + (choice.triple ? 1 : 0),
          );
        },
      ),
    );
  });

  it('rejects non-digit input instead of guessing', () => {
    expect(() => spMotorPanas('12a')).toThrow(RangeError);
    expect(() => dpMotorPanas('1 2')).toThrow(RangeError);
  });
});
