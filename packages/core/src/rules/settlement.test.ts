import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BET_TYPES, betTypesOf, type BetTypeId } from './bet-types.ts';
import type { Session } from './sessions.ts';
import {
  evaluateBid,
  settlingHalf,
  type ResultRevision,
  type SettlementBid,
  type SettlementOutcome,
} from './settlement.ts';

// ---------------------------------------------------------------------------------------------
// An independent oracle. It never calls the code under test: it builds the display string
// `OOO-oc-CCC` (with * for what is not declared) and says which characters each bet claims.
// ---------------------------------------------------------------------------------------------

const ALL_DIGIT_STRINGS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
const rank = (c: string) => (c === '0' ? 10 : Number(c));
const PANAS = ALL_DIGIT_STRINGS.filter(
  (s) => rank(s[0] ?? '') <= rank(s[1] ?? '') && rank(s[1] ?? '') <= rank(s[2] ?? ''),
);
const kind = (p: string) => ['', 'triple', 'double', 'single'][new Set(p).size];
const sumDigit = (p: string) => String([...p].reduce((sum, c) => sum + Number(c), 0) % 10);

type Oracle = 'won' | 'lost' | 'pending';

function mainOracle(
  betType: BetTypeId,
  session: Session,
  digits: string,
  closeDigits: string,
  open: string | null,
  close: string | null,
): Oracle {
  const shown = `${open ?? '***'}-${open === null ? '*' : sumDigit(open)}${close === null ? '*' : sumDigit(close)}-${close ?? '***'}`;
  const OPEN_PANA = [0, 3];
  const OPEN_DIGIT = [4, 5];
  const CLOSE_DIGIT = [5, 6];
  const JODI = [4, 6];
  const CLOSE_PANA = [7, 10];
  const isOpen = session === 'open';
  const claims: [number[], string][] = {
    single_digit: [[isOpen ? OPEN_DIGIT : CLOSE_DIGIT, digits]],
    jodi_digit: [[JODI, digits]],
    single_pana: [[isOpen ? OPEN_PANA : CLOSE_PANA, digits]],
    double_pana: [[isOpen ? OPEN_PANA : CLOSE_PANA, digits]],
    triple_pana: [[isOpen ? OPEN_PANA : CLOSE_PANA, digits]],
    sp_motor: [[isOpen ? OPEN_PANA : CLOSE_PANA, digits]],
    dp_motor: [[isOpen ? OPEN_PANA : CLOSE_PANA, digits]],
    sp_dp_tp: [[isOpen ? OPEN_PANA : CLOSE_PANA, digits]],
    half_sangam: isOpen
      ? [
          [OPEN_DIGIT, digits],
          [CLOSE_PANA, closeDigits],
        ]
      : [
          [CLOSE_DIGIT, digits],
          [OPEN_PANA, closeDigits],
        ],
    full_sangam: [
      [OPEN_PANA, digits],
      [CLOSE_PANA, closeDigits],
    ],
  }[betType as string] as [number[], string][];
  // Jodi and both sangams are decided by the close declaration, so they need both halves.
  const needsBoth = ['jodi_digit', 'half_sangam', 'full_sangam'].includes(betType);
  if (needsBoth && (open === null || close === null)) return 'pending';
  const parts = claims.map(([[from, to], wanted]) => [shown.slice(from, to), wanted] as const);
  if (parts.some(([got]) => got.includes('*'))) return 'pending';
  return parts.every(([got, wanted]) => got === wanted) ? 'won' : 'lost';
}

/** The rate field of a bid, worked out here rather than with rateFieldForRow. */
function rateField(betType: BetTypeId, digits: string): string {
  const field = BET_TYPES[betType].rateField;
  if (field !== 'by_pana_type') return field;
  return { single: 'single_pana', double: 'double_pana', triple: 'tripple_pana' }[kind(digits) ?? ''] ?? '';
}

function rateFrom(
  table: Record<string, [number, number]>,
  betType: BetTypeId,
  digits: string,
): [number, number] {
  const rate = table[rateField(betType, digits)];
  if (!rate) throw new Error(`no rate for ${betType} ${digits}`);
  return rate;
}

// Rates chosen so that most payouts have a fraction of a paisa to drop.
const ODD_RATES: Record<string, [number, number]> = {
  single_digit: [10, 95],
  jodi_digit: [10, 950],
  single_pana: [3, 400],
  double_pana: [7, 2000],
  tripple_pana: [10, 8000],
  half_sangam: [9, 10000],
  full_sangam: [10, 100000],
};
// game-rules.md 3.4 seed rates.
const SEED_RATES: Record<string, [number, number]> = {
  single_digit: [10, 95],
  jodi_digit: [10, 950],
  single_pana: [10, 1400],
  double_pana: [10, 2800],
  tripple_pana: [10, 8000],
  half_sangam: [10, 10000],
  full_sangam: [10, 100000],
};
const POINTS = 17;
const oraclePayout = (val1: number, val2: number) => Math.floor((POINTS * 100 * val2) / val1);

function outcomeOf(oracle: Oracle, val1: number, val2: number): SettlementOutcome {
  if (oracle === 'won') return { outcome: 'won', payoutPaise: oraclePayout(val1, val2) };
  return { outcome: oracle };
}

function sameOutcome(a: SettlementOutcome, b: SettlementOutcome): boolean {
  if (a.outcome === 'won' && b.outcome === 'won') return a.payoutPaise === b.payoutPaise;
  return a.outcome === b.outcome;
}

function bid(betType: BetTypeId, session: Session, digits: string, closeDigits = ''): SettlementBid {
  const [rateVal1, rateVal2] = rateFrom(ODD_RATES, betType, digits);
  return { betType, session, digits, closeDigits, points: POINTS, rateVal1, rateVal2 };
}

// ---------------------------------------------------------------------------------------------

const main = (openPana: string | null, closePana: string | null): ResultRevision => ({
  group: 'main',
  openPana,
  closePana,
});
/** A bid at the seed rates, for the worked examples. */
function seeded(
  betType: BetTypeId,
  session: Session,
  digits: string,
  points: number,
  closeDigits = '',
): SettlementBid {
  const [rateVal1, rateVal2] = rateFrom(SEED_RATES, betType, digits);
  return { betType, session, digits, closeDigits, points, rateVal1, rateVal2 };
}
const pays = (points: number) => ({ outcome: 'won', payoutPaise: points * 100 });

describe('game-rules.md 3.2 worked example', () => {
  const open = main('123', null);
  const full = main('123', '456');

  it('result 123-65-456', () => {
    expect(evaluateBid(seeded('single_digit', 'open', '6', 10), open)).toEqual(pays(95));
    expect(evaluateBid(seeded('single_digit', 'close', '5', 20), full)).toEqual(pays(190));
    expect(evaluateBid(seeded('jodi_digit', 'close', '65', 10), full)).toEqual(pays(950));
    expect(evaluateBid(seeded('jodi_digit', 'close', '56', 10), full)).toEqual({ outcome: 'lost' });
    expect(evaluateBid(seeded('single_pana', 'open', '123', 10), open)).toEqual(pays(1400));
    expect(evaluateBid(seeded('single_pana', 'close', '123', 10), full)).toEqual({ outcome: 'lost' });
    expect(evaluateBid(seeded('half_sangam', 'open', '6', 10, '456'), open)).toEqual({ outcome: 'pending' });
    expect(evaluateBid(seeded('half_sangam', 'open', '6', 10, '456'), full)).toEqual(pays(10000));
    expect(evaluateBid(seeded('half_sangam', 'close', '5', 10, '123'), full)).toEqual(pays(10000));
    expect(evaluateBid(seeded('full_sangam', 'close', '123', 10, '456'), full)).toEqual(pays(100000));
  });

  it('result 550-01-777', () => {
    const r = main('550', '777');
    expect(evaluateBid(seeded('double_pana', 'open', '550', 10), main('550', null))).toEqual(pays(2800));
    expect(evaluateBid(seeded('triple_pana', 'close', '777', 10), r)).toEqual(pays(8000));
    expect(evaluateBid(seeded('single_digit', 'open', '0', 10), r)).toEqual(pays(95));
    expect(evaluateBid(seeded('jodi_digit', 'close', '01', 10), r)).toEqual(pays(950));
  });

  it('the verify script checks of section 5', () => {
    expect(evaluateBid(seeded('single_digit', 'open', '5', 10), open)).toEqual({ outcome: 'lost' });
    expect(evaluateBid(seeded('single_digit', 'close', '5', 10), open)).toEqual({ outcome: 'pending' });
    expect(evaluateBid(seeded('jodi_digit', 'close', '65', 10), open)).toEqual({ outcome: 'pending' });
    expect(evaluateBid(seeded('single_pana', 'close', '456', 10), full)).toEqual(pays(1400));
    expect(evaluateBid(seeded('sp_motor', 'open', '123', 10), open)).toEqual(pays(1400));
    expect(evaluateBid(seeded('double_pana', 'open', '112', 10), open)).toEqual({ outcome: 'lost' });
    expect(evaluateBid(seeded('half_sangam', 'open', '5', 10, '456'), full)).toEqual({ outcome: 'lost' });
    expect(evaluateBid(seeded('full_sangam', 'close', '6', 10, '456'), full)).toEqual({ outcome: 'lost' });
    expect(evaluateBid(seeded('sp_dp_tp', 'open', '123', 10), open)).toEqual(pays(1400));
    expect(evaluateBid(seeded('dp_motor', 'open', '550', 10), main('550', '777'))).toEqual(pays(2800));
    expect(evaluateBid(seeded('sp_dp_tp', 'close', '777', 10), main('550', '777'))).toEqual(pays(8000));
    // Jodi is compared as a 2-character string: '1' is not '01' (game-rules.md 8.1-7).
    expect(evaluateBid(seeded('jodi_digit', 'close', '1', 10), main('550', '777'))).toEqual({
      outcome: 'lost',
    });
  });

  it('15 points on a single digit at 10-95 pays 142.50', () => {
    expect(evaluateBid(seeded('single_digit', 'open', '6', 15), open)).toEqual({
      outcome: 'won',
      payoutPaise: 14250,
    });
  });
});

describe('settlement matrix against the oracle', () => {
  const CLOSES = ['000', '100', '123', '127', '349', '456', '550', '777', '890', '990', '112', '669'];
  const DIGITS = Array.from({ length: 10 }, (_, i) => String(i));

  function bidsFor(open: string, close: string): SettlementBid[] {
    const bids: SettlementBid[] = [];
    const panaGuesses = [...new Set([open, close, '123', '777'])];
    const jodi = sumDigit(open) + sumDigit(close);
    for (const betType of betTypesOf('main').map((t) => t.id)) {
      for (const session of ['open', 'close'] as const) {
        switch (betType) {
          case 'single_digit':
            for (const d of DIGITS) bids.push(bid(betType, session, d));
            break;
          case 'jodi_digit':
            for (const j of [jodi, [...jodi].reverse().join(''), '00', '5', `0${jodi[1]}`])
              bids.push(bid(betType, session, j));
            break;
          case 'half_sangam':
            for (const d of DIGITS)
              for (const p of [open, close, '123']) bids.push(bid(betType, session, d, p));
            break;
          case 'full_sangam':
            for (const o of [open, close, '123'])
              for (const c of [open, close, '456']) bids.push(bid(betType, session, o, c));
            break;
          default:
            for (const p of panaGuesses) bids.push(bid(betType, session, p));
        }
      }
    }
    return bids;
  }

  it('every main bet type x session x each of the 220 open panas x a set of close panas', () => {
    let checked = 0;
    const seen = { won: 0, lost: 0, pending: 0 };
    for (const open of PANAS) {
      for (const close of [...CLOSES, open]) {
        for (const b of bidsFor(open, close)) {
          // Before any declaration everything is pending: checked by a property below.
          for (const [o, c] of [
            [open, null],
            [open, close],
          ] as const) {
            const expected = outcomeOf(
              mainOracle(b.betType, b.session, b.digits, b.closeDigits, o, c),
              b.rateVal1,
              b.rateVal2,
            );
            const actual = evaluateBid(b, main(o, c));
            // Only a mismatch goes through expect(), which keeps the half a million comparisons fast.
            if (!sameOutcome(actual, expected)) {
              expect({ bid: b, open: o, close: c, actual }).toEqual({
                bid: b,
                open: o,
                close: c,
                actual: expected,
              });
            }
            seen[actual.outcome] += 1;
            checked += 1;
          }
        }
      }
    }
    expect(PANAS).toHaveLength(220);
    expect(checked).toBeGreaterThan(400_000);
    expect(seen.won).toBeGreaterThan(10_000);
    expect(seen.pending).toBeGreaterThan(10_000);
    // Half a million evaluations; the generous limit is for a busy shared machine.
  }, 60_000);

  it('Starline: every draw of the 220 against every bet of every screen', () => {
    const screens: [BetTypeId, string[]][] = [
      ['starline_single_digit', DIGITS],
      ['starline_single_pana', PANAS.filter((p) => kind(p) === 'single')],
      ['starline_double_pana', PANAS.filter((p) => kind(p) === 'double')],
      ['starline_triple_pana', PANAS.filter((p) => kind(p) === 'triple')],
    ];
    for (const [betType, entries] of screens) {
      for (const digits of entries) {
        const b = bid(betType, 'open', digits);
        expect(evaluateBid(b, { group: 'starline', pana: null })).toEqual({ outcome: 'pending' });
        for (const pana of PANAS) {
          const claimed = betType === 'starline_single_digit' ? sumDigit(pana) : pana;
          const expected = outcomeOf(claimed === digits ? 'won' : 'lost', b.rateVal1, b.rateVal2);
          const actual = evaluateBid(b, { group: 'starline', pana });
          if (!sameOutcome(actual, expected))
            expect({ b, pana, actual }).toEqual({ b, pana, actual: expected });
        }
      }
    }
  });

  it('Gali: every result 00-99 against every Left, Right and Jodi bet', () => {
    const results = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    const screens: [BetTypeId, string[], (r: string) => string][] = [
      ['gali_left_digit', DIGITS, (r) => r.slice(0, 1)],
      ['gali_right_digit', DIGITS, (r) => r.slice(1)],
      ['gali_jodi_digit', results, (r) => r],
    ];
    for (const [betType, entries, claimed] of screens) {
      for (const digits of entries) {
        const b = bid(betType, 'open', digits);
        expect(evaluateBid(b, { group: 'gali', result: null })).toEqual({ outcome: 'pending' });
        for (const result of results) {
          const expected = outcomeOf(claimed(result) === digits ? 'won' : 'lost', b.rateVal1, b.rateVal2);
          expect(evaluateBid(b, { group: 'gali', result })).toEqual(expected);
        }
      }
    }
    // Example 47 of game-rules.md section 5.
    const r: ResultRevision = { group: 'gali', result: '47' };
    expect(evaluateBid(bid('gali_left_digit', 'open', '4'), r).outcome).toBe('won');
    expect(evaluateBid(bid('gali_right_digit', 'open', '7'), r).outcome).toBe('won');
    expect(evaluateBid(bid('gali_jodi_digit', 'open', '47'), r).outcome).toBe('won');
    expect(evaluateBid(bid('gali_jodi_digit', 'open', '74'), r).outcome).toBe('lost');
  });
});

describe('settlement properties', () => {
  const pana = fc.constantFrom(...PANAS);
  const mainBid = fc.record({
    betType: fc.constantFrom(...betTypesOf('main').map((t) => t.id)),
    session: fc.constantFrom<Session>('open', 'close'),
    digits: fc.oneof(pana, fc.constantFrom('0', '5', '9', '01', '65')),
    closeDigits: pana,
    points: fc.integer({ min: 10, max: 1_000_000 }),
    rateVal1: fc.integer({ min: 1, max: 100 }),
    rateVal2: fc.integer({ min: 0, max: 100_000 }),
  });

  it('a bid decided at the open keeps its outcome when the close is declared', () => {
    fc.assert(
      fc.property(mainBid, pana, pana, (b, open, close) => {
        const atOpen = evaluateBid(b, main(open, null));
        const atClose = evaluateBid(b, main(open, close));
        expect(atClose.outcome).not.toBe('pending');
        if (atOpen.outcome !== 'pending') expect(atClose).toEqual(atOpen);
        expect(atOpen.outcome === 'pending').toBe(settlingHalf(b.betType, b.session) === 'close');
      }),
    );
  });

  it('nothing is decided before the open', () => {
    fc.assert(
      fc.property(mainBid, (b) => {
        expect(evaluateBid(b, main(null, null))).toEqual({ outcome: 'pending' });
      }),
    );
  });
});

describe('settlement guards', () => {
  it('refuses a bid of another group and an invalid declaration', () => {
    expect(() => evaluateBid(bid('single_digit', 'open', '1'), { group: 'gali', result: '12' })).toThrow(
      RangeError,
    );
    expect(() => evaluateBid(bid('gali_left_digit', 'open', '1'), main('123', null))).toThrow(RangeError);
    expect(() => evaluateBid(bid('single_digit', 'open', '1'), main('132', null))).toThrow(RangeError);
    expect(() => evaluateBid(bid('single_digit', 'open', '1'), main(null, '123'))).toThrow(RangeError);
    expect(() =>
      evaluateBid(bid('starline_single_digit', 'open', '1'), { group: 'starline', pana: '12' }),
    ).toThrow(RangeError);
    expect(() => evaluateBid(bid('gali_jodi_digit', 'open', '12'), { group: 'gali', result: '123' })).toThrow(
      RangeError,
    );
  });

  it('names the declaration that settles each bid', () => {
    expect(settlingHalf('single_digit', 'open')).toBe('open');
    expect(settlingHalf('dp_motor', 'close')).toBe('close');
    expect(settlingHalf('half_sangam', 'open')).toBe('close');
    expect(settlingHalf('jodi_digit', 'close')).toBe('close');
    expect(settlingHalf('full_sangam', 'close')).toBe('close');
    expect(settlingHalf('starline_triple_pana', 'open')).toBe('open');
  });
});
