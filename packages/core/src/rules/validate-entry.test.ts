import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BET_TYPES, BET_TYPE_IDS, type BetTypeId } from './bet-types.ts';
import { bidMessages as m } from './messages.ts';
import { NUMBER_SETS, NUMBER_SET_LENGTH, type NumberSetId } from './number-sets.ts';
import { validateBidEntry, validateBidRow, type BidFailure } from './validate-entry.ts';

const message = (r: { ok: true } | BidFailure) => (r.ok ? 'ok' : r.message);

/** All strings of ASCII digits with the given length. */
function digitStrings(length: number): string[] {
  return Array.from({ length: 10 ** length }, (_, n) => String(n).padStart(length, '0'));
}

/**
 * Any code point except a lone surrogate half: the domain of fast-check's `binary` string unit, drawn from an
 * integer instead (building the `binary` unit's table of all Unicode ranges took about 3 s the first time).
 */
const SURROGATES = 0xe000 - 0xd800;
const anyCodePoint = fc
  .integer({ min: 0, max: 0x10ffff - SURROGATES })
  .map((n) => String.fromCodePoint(n < 0xd800 ? n : n + SURROGATES));

/** Every string of one UTF-16 code unit, lone surrogate halves included. */
const ALL_CODE_UNITS = Array.from({ length: 0x10000 }, (_, n) => String.fromCharCode(n));

// Screens with one field checked against one set, and the set they use.
const ONE_FIELD: [BetTypeId, NumberSetId][] = [
  ['single_digit', 'digit'],
  ['jodi_digit', 'jodi'],
  ['single_pana', 'single_pana'],
  ['double_pana', 'double_pana'],
  ['triple_pana', 'triple_pana'],
  ['starline_single_digit', 'digit'],
  ['starline_single_pana', 'single_pana'],
  ['starline_double_pana', 'double_pana'],
  ['starline_triple_pana', 'triple_pana'],
  ['gali_left_digit', 'digit'],
  ['gali_right_digit', 'digit'],
  ['gali_jodi_digit', 'jodi'],
];

const defaultSession = (id: BetTypeId) => BET_TYPES[id].sessions[0];

describe('one-field screens accept exactly their set', () => {
  it.each(ONE_FIELD)('%s: every digit string of the set length passes iff it is in %s', (id, set) => {
    const allowed = new Set(NUMBER_SETS[set]);
    for (const digit of digitStrings(NUMBER_SET_LENGTH[set])) {
      const r = validateBidEntry(id, { digit, points: 10, session: defaultSession(id) });
      expect(message(r)).toBe(allowed.has(digit) ? 'ok' : `Number ${digit} is not valid`);
    }
  });

  it.each(ONE_FIELD)('%s: every other string of the same length fails', (id, set) => {
    const allowed = new Set(NUMBER_SETS[set]);
    const length = NUMBER_SET_LENGTH[set];
    const accepted = (digit: string) =>
      validateBidEntry(id, { digit, points: 10, session: defaultSession(id) }).ok;
    if (length === 1) {
      // One character: every one of them, not a sample.
      expect(ALL_CODE_UNITS.filter((digit) => accepted(digit) !== allowed.has(digit))).toEqual([]);
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: anyCodePoint, minLength: length, maxLength: length }),
          // Mostly digits, so that members of the set and near misses both come up often.
          fc.string({ unit: fc.constantFrom(...'0123456789 +-.e٣'), minLength: length, maxLength: length }),
        ),
        (digit) => {
          expect(accepted(digit)).toBe(allowed.has(digit));
        },
      ),
    );
  });

  it.each(ONE_FIELD)('%s: a valid entry becomes one row at its rate', (id, set) => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NUMBER_SETS[set]),
        fc.integer({ min: 10, max: 1_000_000 }),
        (digit, points) => {
          const r = validateBidEntry(id, { digit, points: String(points), session: defaultSession(id) });
          expect(r).toEqual({
            ok: true,
            betType: id,
            session: defaultSession(id),
            digits: digit,
            closeDigits: '',
            points,
            rows: [{ digits: digit, closeDigits: '', rateField: BET_TYPES[id].rateField }],
            costPaise: points * 100,
          });
        },
      ),
    );
  });
});

describe('common messages, digit error first, one at a time', () => {
  it('asks for the number before anything else', () => {
    for (const digit of [undefined, null, '']) {
      expect(message(validateBidEntry('single_digit', { digit, points: '', session: 'Open' }))).toBe(
        m.enterNumber,
      );
    }
  });

  it('reports an invalid number before missing points', () => {
    expect(message(validateBidEntry('jodi_digit', { digit: '5', points: '' }))).toBe('Number 5 is not valid');
    expect(message(validateBidEntry('single_pana', { digit: '213', points: 5, session: 'open' }))).toBe(
      'Number 213 is not valid',
    );
  });

  it('does not accept numbers for digits: zeros would be lost', () => {
    expect(message(validateBidEntry('jodi_digit', { digit: 5, points: 10 }))).toBe('Number 5 is not valid');
    expect(message(validateBidEntry('single_digit', { digit: 5, points: 10, session: 'open' }))).toBe(
      'Number 5 is not valid',
    );
  });

  it('then points: missing, malformed, below 10, above the maximum', () => {
    const at = (points: unknown) =>
      message(validateBidEntry('single_digit', { digit: '5', points, session: 'open' }));
    expect(at('')).toBe(m.enterPoints);
    expect(at(undefined)).toBe(m.enterPoints);
    expect(at('abc')).toBe(m.invalidPoints);
    expect(at('10.5')).toBe(m.invalidPoints);
    expect(at(-10)).toBe(m.invalidPoints);
    expect(at('1e3')).toBe(m.invalidPoints);
    expect(at(0)).toBe('Required minimum bid amount is 10');
    expect(at('9')).toBe('Required minimum bid amount is 10');
    expect(at('10')).toBe('ok');
    expect(at(1_000_000_001)).toBe(m.maximumBid);
  });

  it('then the displayed balance, compared with the whole cost', () => {
    const entry = { digit: '5', points: '10', session: 'open' };
    expect(message(validateBidEntry('single_digit', { ...entry, balancePaise: 1000 }))).toBe('ok');
    expect(message(validateBidEntry('single_digit', { ...entry, balancePaise: 999 }))).toBe(
      'Insufficient balance please refill your account',
    );
    // SP Motor 1234 makes 4 rows: 40 points.
    const motor = { digit: '1234', points: 10, session: 'close' };
    expect(message(validateBidEntry('sp_motor', { ...motor, balancePaise: 4000 }))).toBe('ok');
    expect(message(validateBidEntry('sp_motor', { ...motor, balancePaise: 3999 }))).toBe(
      m.insufficientBalance,
    );
    // Spec 02 section 5: the Starline Single Pana screen has its own comma.
    const pana = { digit: '123', points: '10' };
    expect(message(validateBidEntry('starline_single_pana', { ...pana, balancePaise: 999 }))).toBe(
      'Insufficient balance, please refill your account',
    );
    expect(message(validateBidEntry('single_pana', { ...pana, session: 'open', balancePaise: 999 }))).toBe(
      'Insufficient balance please refill your account',
    );
  });

  it('takes a configured minimum', () => {
    const r = validateBidEntry('single_digit', { digit: '5', points: 10, session: 'open', minPoints: 20 });
    expect(message(r)).toBe('Required minimum bid amount is 20');
  });
});

describe('sessions', () => {
  it('accepts the D10 spellings a type offers and stores the canonical value', () => {
    const r = validateBidEntry('full_sangam', {
      digit: '123',
      closeDigit: '456',
      points: 10,
      session: 'closed',
    });
    expect(r.ok && r.session).toBe('close');
    const g = validateBidEntry('gali_jodi_digit', { digit: '47', points: 10, session: 'Open' });
    expect(g.ok && g.session).toBe('open');
    const j = validateBidEntry('jodi_digit', { digit: '47', points: 10 });
    expect(j.ok && j.session).toBe('close');
  });

  it('needs a session for two-session types and refuses one a type does not offer', () => {
    expect(message(validateBidEntry('single_digit', { digit: '5', points: 10 }))).toBe(m.selectSession);
    expect(message(validateBidEntry('jodi_digit', { digit: '47', points: 10, session: 'open' }))).toBe(
      m.invalidSession,
    );
    expect(
      message(validateBidEntry('starline_single_digit', { digit: '4', points: 10, session: 'close' })),
    ).toBe(m.invalidSession);
    expect(message(validateBidEntry('single_digit', { digit: '5', points: 10, session: 'opened' }))).toBe(
      m.invalidSession,
    );
  });
});

describe('sangams', () => {
  it('Half Sangam: digit 0-9 and a pana from the 220, in both forms', () => {
    const ok = validateBidEntry('half_sangam', {
      digit: '6',
      closeDigit: '456',
      points: 10,
      session: 'Open',
    });
    expect(ok).toMatchObject({ ok: true, session: 'open', digits: '6', closeDigits: '456' });
    const close = validateBidEntry('half_sangam', {
      digit: '5',
      closeDigit: '123',
      points: 10,
      session: 'Close',
    });
    expect(close).toMatchObject({ ok: true, session: 'close', rows: [{ digits: '5', closeDigits: '123' }] });
    const at = (digit: unknown, closeDigit: unknown) =>
      message(validateBidEntry('half_sangam', { digit, closeDigit, points: 10, session: 'open' }));
    expect(at('', '456')).toBe(m.enterNumber);
    expect(at('12', '456')).toBe('Number 12 is not valid');
    expect(at('6', '')).toBe(m.enterNumber);
    expect(at('6', '546')).toBe('Number 546 is not valid');
    expect(at('6', '000')).toBe('ok');
  });

  it('Full Sangam: both panas from the 220 (D2), so a one-digit open pana is refused', () => {
    const at = (digit: unknown, closeDigit: unknown) =>
      message(validateBidEntry('full_sangam', { digit, closeDigit, points: 10 }));
    expect(at('123', '456')).toBe('ok');
    expect(at('5', '456')).toBe('Number 5 is not valid');
    expect(at('123', '465')).toBe('Number 465 is not valid');
    expect(at('', '')).toBe(m.enterNumber);
    expect(at('123', undefined)).toBe(m.enterNumber);
  });

  it('both sangam fields accept exactly the 220 panas', () => {
    const panas = new Set(NUMBER_SETS.any_pana);
    for (const s of digitStrings(3)) {
      const open = validateBidEntry('full_sangam', { digit: s, closeDigit: '456', points: 10 });
      const close = validateBidEntry('half_sangam', {
        digit: '1',
        closeDigit: s,
        points: 10,
        session: 'close',
      });
      expect([open.ok, close.ok]).toEqual([panas.has(s), panas.has(s)]);
    }
  });
});

describe('motors and SP DP TP', () => {
  it('SP Motor: number, at least 3 digits, then a combination', () => {
    const at = (digit: unknown) => validateBidEntry('sp_motor', { digit, points: 10, session: 'open' });
    expect(message(at(''))).toBe(m.enterNumber);
    expect(message(at('12'))).toBe('Digit not valid');
    expect(message(at('12a'))).toBe('Number 12a is not valid');
    expect(message(at('12345678901'))).toBe('Number 12345678901 is not valid');
    expect(message(at('111'))).toBe('No Possible combination found');
    expect(at('1230')).toMatchObject({
      ok: true,
      digits: '1230',
      rows: ['120', '123', '130', '230'].map((digits) => ({
        digits,
        closeDigits: '',
        rateField: 'single_pana',
      })),
      costPaise: 4000,
    });
  });

  it('DP Motor: number, at least 2 digits, two different digits', () => {
    const at = (digit: unknown) => validateBidEntry('dp_motor', { digit, points: 10, session: 'Open' });
    expect(message(at(''))).toBe(m.enterNumber);
    expect(message(at('1'))).toBe('Number 1 is not valid');
    expect(message(at('1x'))).toBe('Number 1x is not valid');
    expect(message(at('11'))).toBe('Please enter a valid Pana (at least 2 digits)');
    // D3: the row keeps the player's session.
    expect(at('12')).toMatchObject({
      ok: true,
      session: 'open',
      rows: [{ digits: '112' }, { digits: '122' }],
    });
  });

  it('SP DP TP: one digit 0-9 and at least one box', () => {
    const at = (digit: unknown, lists?: { single: boolean; double: boolean; triple: boolean }) =>
      validateBidEntry('sp_dp_tp', { digit, points: 10, session: 'close', ...(lists ? { lists } : {}) });
    expect(message(at(''))).toBe(m.enterNumber);
    expect(message(at('12'))).toBe('Number 12 is not valid');
    expect(message(at('x'))).toBe('Number x is not valid');
    expect(message(at('5', { single: false, double: false, triple: false }))).toBe(m.noCombination);
    const all = at('5');
    expect(all.ok && all.rows.length).toBe(22);
    expect(all.ok && all.costPaise).toBe(22000);
    expect(all.ok && all.rows.at(-1)).toEqual({ digits: '555', closeDigits: '', rateField: 'tripple_pana' });
    const dpOnly = at('0', { single: false, double: true, triple: false });
    expect(dpOnly.ok && dpOnly.rows.map((r) => r.rateField)).toEqual(Array(9).fill('double_pana'));
  });

  it('cost is points x rows and additive in points', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<BetTypeId>('sp_motor', 'dp_motor', 'sp_dp_tp'),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 10 }),
        fc.integer({ min: 10, max: 100_000 }),
        fc.integer({ min: 10, max: 100_000 }),
        (id, digits, a, b) => {
          const digit = id === 'sp_dp_tp' ? digits.slice(0, 1) : digits;
          const ra = validateBidEntry(id, { digit, points: a, session: 'open' });
          const rb = validateBidEntry(id, { digit, points: b, session: 'open' });
          const rab = validateBidEntry(id, { digit, points: a + b, session: 'open' });
          expect(ra.ok).toBe(rab.ok);
          if (!ra.ok || !rb.ok || !rab.ok) return;
          expect(ra.costPaise).toBe(a * 100 * ra.rows.length);
          expect(rab.costPaise).toBe(ra.costPaise + rb.costPaise);
        },
      ),
    );
  });
});

describe('validateBidRow (already expanded legacy rows)', () => {
  it('checks motor and SP DP TP rows against the list of the bet', () => {
    expect(validateBidRow('sp_motor', { digits: '123', points: 10, session: 'open' })).toMatchObject({
      ok: true,
      rateField: 'single_pana',
      costPaise: 1000,
    });
    expect(message(validateBidRow('sp_motor', { digits: '213', points: 10, session: 'open' }))).toBe(
      'Number 213 is not valid',
    );
    expect(message(validateBidRow('sp_motor', { digits: '112', points: 10, session: 'open' }))).toBe(
      'Number 112 is not valid',
    );
    expect(message(validateBidRow('dp_motor', { digits: '123', points: 10, session: 'close' }))).toBe(
      'Number 123 is not valid',
    );
    expect(validateBidRow('sp_dp_tp', { digits: '777', points: 10, session: 'close' })).toMatchObject({
      ok: true,
      rateField: 'tripple_pana',
    });
  });

  it('checks every other type like the entry validator', () => {
    for (const id of BET_TYPE_IDS.filter((t) => BET_TYPES[t].expansion === 'none')) {
      const digits = NUMBER_SETS[BET_TYPES[id].rowDigits][0] ?? '';
      const closeDigits = BET_TYPES[id].closeDigitInput === null ? undefined : '456';
      const row = validateBidRow(id, { digits, closeDigits, points: 10, session: defaultSession(id) });
      const entry = validateBidEntry(id, {
        digit: digits,
        closeDigit: closeDigits,
        points: 10,
        session: defaultSession(id),
      });
      expect(row.ok).toBe(true);
      expect(entry.ok && entry.rows).toEqual([
        { digits, closeDigits: closeDigits ?? '', rateField: BET_TYPES[id].rateField },
      ]);
    }
    expect(message(validateBidRow('jodi_digit', { digits: '5', points: 10 }))).toBe('Number 5 is not valid');
    expect(message(validateBidRow('jodi_digit', { digits: '05', points: 5 }))).toBe(m.minimumBid);
    expect(message(validateBidRow('jodi_digit', { digits: '05', points: 10, balancePaise: 500 }))).toBe(
      m.insufficientBalance,
    );
  });
});
