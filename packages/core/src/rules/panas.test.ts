import { describe, expect, it } from 'vitest';
import {
  ALL_PANAS,
  DOUBLE_PANAS,
  PANAS_BY_ANK,
  SINGLE_PANAS,
  TRIPLE_PANAS,
  ankOf,
  canonicalPana,
  isPana,
  panaType,
  panasOfAnk,
} from './panas.ts';

// game-rules.md section 1.2, copied as data: ank -> [single panas, double panas, triple].
const TABLE_1_2: Record<number, [string, string, string]> = {
  0: ['127 136 145 190 235 280 370 389 460 479 569 578', '118 226 244 299 334 488 550 668 677', '000'],
  1: ['128 137 146 236 245 290 380 470 489 560 579 678', '100 119 155 227 335 344 399 588 669', '777'],
  2: ['129 138 147 156 237 246 345 390 480 570 589 679', '110 200 228 255 336 499 660 688 778', '444'],
  3: ['120 139 148 157 238 247 256 346 490 580 670 689', '166 229 300 337 355 445 599 779 788', '111'],
  4: ['130 149 158 167 239 248 257 347 356 590 680 789', '112 220 266 338 400 446 455 699 770', '888'],
  5: ['140 159 168 230 249 258 267 348 357 456 690 780', '113 122 177 339 366 447 500 799 889', '555'],
  6: ['123 150 169 178 240 259 268 349 358 367 457 790', '114 277 330 448 466 556 600 880 899', '222'],
  7: ['124 160 179 250 269 278 340 359 368 458 467 890', '115 133 188 223 377 449 557 566 700', '999'],
  8: ['125 134 170 189 260 279 350 369 378 459 468 567', '116 224 233 288 440 477 558 800 990', '666'],
  9: ['126 135 180 234 270 289 360 379 450 469 478 568', '117 144 199 225 388 559 577 667 900', '333'],
};

const allThreeDigitStrings = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

describe('panas', () => {
  it('classifies all 1000 three-digit strings: 220 panas = 120 SP + 90 DP + 10 TP', () => {
    const counts = { pana: 0, single: 0, double: 0, triple: 0 };
    for (const s of allThreeDigitStrings) {
      if (!isPana(s)) continue;
      counts.pana += 1;
      counts[panaType(s)] += 1;
    }
    expect(counts).toEqual({ pana: 220, single: 120, double: 90, triple: 10 });
    expect(ALL_PANAS).toEqual(allThreeDigitStrings.filter(isPana));
    expect([SINGLE_PANAS.length, DOUBLE_PANAS.length, TRIPLE_PANAS.length]).toEqual([120, 90, 10]);
  });

  it('has the ranges of the spec, which only come out with 0 ranking above 9', () => {
    expect([SINGLE_PANAS[0], SINGLE_PANAS.at(-1)]).toEqual(['120', '890']);
    expect([DOUBLE_PANAS[0], DOUBLE_PANAS.at(-1)]).toEqual(['100', '990']);
    expect([TRIPLE_PANAS[0], TRIPLE_PANAS.at(-1)]).toEqual(['000', '999']);
  });

  it('writes digits in canonical order with 0 last', () => {
    expect(canonicalPana('012')).toBe('120');
    expect(canonicalPana('001')).toBe('100');
    expect(canonicalPana('908')).toBe('890');
    expect(canonicalPana('011')).toBe('110');
    for (const notPana of ['213', '012', '001', '505']) expect(isPana(notPana)).toBe(false);
    for (const pana of ['120', '100', '890', '110', '000', '550']) expect(isPana(pana)).toBe(true);
  });

  it('rejects anything that is not three ASCII digits', () => {
    for (const s of ['', '12', '1234', '12a', ' 123', '１２３', '-12']) expect(isPana(s)).toBe(false);
    expect(() => panaType('213')).toThrow(RangeError);
    expect(() => canonicalPana('12')).toThrow(RangeError);
  });

  it('computes the ank as the digit sum mod 10', () => {
    expect(ankOf('134')).toBe(8);
    expect(ankOf('689')).toBe(3);
    expect(ankOf('190')).toBe(0);
    expect(ankOf('000')).toBe(0);
  });

  it('gives every ank 12 single, 9 double and 1 triple pana', () => {
    for (let ank = 0; ank < 10; ank += 1) {
      expect(panasOfAnk(ank, 'single')).toHaveLength(12);
      expect(panasOfAnk(ank, 'double')).toHaveLength(9);
      expect(panasOfAnk(ank, 'triple')).toHaveLength(1);
    }
    expect(() => panasOfAnk(10, 'single')).toThrow(RangeError);
  });

  it('equals the per-ank table of game-rules.md section 1.2', () => {
    for (let ank = 0; ank < 10; ank += 1) {
      const [single, double, triple] = TABLE_1_2[ank] ?? ['', '', ''];
      expect(PANAS_BY_ANK[ank]).toEqual({
        single: single.split(' '),
        double: double.split(' '),
        triple: [triple],
      });
    }
  });
});
