import { describe, expect, it } from 'vitest';
import {
  BET_TYPES,
  BET_TYPE_IDS,
  betTypesOf,
  getBetType,
  findBetType,
  findBetTypeByRoute,
  rateFieldForRow,
  type BetTypeId,
} from './bet-types.ts';

// label, route, sessions, timed, rate field: as the brief and spec 02 section 2 list them.
const EXPECTED: Record<BetTypeId, [string, string, string, boolean, string]> = {
  single_digit: ['Single Digit', '/single', 'open close', false, 'single_digit'],
  jodi_digit: ['Jodi Digit', '/jodi', 'close', true, 'jodi_digit'],
  single_pana: ['Single Pana', '/singlepana', 'open close', false, 'single_pana'],
  double_pana: ['Double Pana', '/doublepana', 'open close', false, 'double_pana'],
  triple_pana: ['Triple Pana', '/tripplepana', 'open close', false, 'tripple_pana'],
  half_sangam: ['Half Sangam', '/halfsangam', 'open close', true, 'half_sangam'],
  full_sangam: ['Full Sangam', '/fullsangam', 'close', true, 'full_sangam'],
  sp_dp_tp: ['SP DP TP', '/spdptp', 'open close', false, 'by_pana_type'],
  sp_motor: ['SP Motor', '/spmotor', 'open close', false, 'single_pana'],
  dp_motor: ['DP Motor', '/dpmotor', 'open close', false, 'double_pana'],
  starline_single_digit: ['Single Digit', '/starsingle', 'open', false, 'single_digit'],
  starline_single_pana: ['Single Pana', '/ssinglepana', 'open', false, 'single_pana'],
  starline_double_pana: ['Double Pana', '/sdoublepana', 'open', false, 'double_pana'],
  starline_triple_pana: ['Triple Pana', '/stripplepana', 'open', false, 'tripple_pana'],
  gali_left_digit: ['Left Digit', '/leftdigit', 'open', true, 'single_digit'],
  gali_right_digit: ['Right Digit', '/rightdigit', 'open', true, 'single_pana'],
  gali_jodi_digit: ['Jodi Digit', '/jodidigit', 'open', true, 'double_pana'],
};

describe('bet type catalogue', () => {
  it('has 10 main, 4 Starline and 3 Gali types', () => {
    expect(betTypesOf('main')).toHaveLength(10);
    expect(betTypesOf('starline')).toHaveLength(4);
    expect(betTypesOf('gali')).toHaveLength(3);
    expect(BET_TYPE_IDS).toHaveLength(17);
  });

  it.each(Object.entries(EXPECTED))('%s', (id, [label, route, sessions, timed, rateField]) => {
    const t = BET_TYPES[id as BetTypeId];
    expect(t.id).toBe(id);
    expect([t.label, t.route, t.sessions.join(' '), t.timed, t.rateField]).toEqual([
      label,
      route,
      sessions,
      timed,
      rateField,
    ]);
  });

  it('uses the number sets of spec 02 section 5 with D1 and D2', () => {
    expect(BET_TYPES.starline_single_pana.digitInput).toBe('single_pana');
    expect(BET_TYPES.starline_double_pana.digitInput).toBe('double_pana');
    expect([BET_TYPES.full_sangam.digitInput, BET_TYPES.full_sangam.closeDigitInput]).toEqual([
      'any_pana',
      'any_pana',
    ]);
    expect([BET_TYPES.half_sangam.digitInput, BET_TYPES.half_sangam.closeDigitInput]).toEqual([
      'digit',
      'any_pana',
    ]);
    expect(BET_TYPES.sp_motor.rowDigits).toBe('single_pana');
    expect(BET_TYPES.dp_motor.rowDigits).toBe('double_pana');
    expect(BET_TYPES.sp_dp_tp.rowDigits).toBe('any_pana');
  });

  it('finds a type by group and label, any case, and by route', () => {
    expect(findBetType('main', 'Jodi Digit')?.id).toBe('jodi_digit');
    expect(findBetType('gali', 'jodi digit')?.id).toBe('gali_jodi_digit');
    expect(findBetType('starline', 'Single Pana')?.id).toBe('starline_single_pana');
    expect(findBetType('starline', 'Half Sangam')).toBeUndefined();
    expect(findBetType('main', 'Left Digit')).toBeUndefined();
    expect(findBetTypeByRoute('/StarSingle')?.id).toBe('starline_single_digit');
    expect(findBetTypeByRoute('/tripplepana')?.id).toBe('triple_pana');
    expect(findBetTypeByRoute('/nowhere')).toBeUndefined();
  });

  it('pays an SP DP TP row at the rate of its own pana type', () => {
    expect(rateFieldForRow(BET_TYPES.sp_dp_tp, '140')).toBe('single_pana');
    expect(rateFieldForRow(BET_TYPES.sp_dp_tp, '113')).toBe('double_pana');
    expect(rateFieldForRow(BET_TYPES.sp_dp_tp, '555')).toBe('tripple_pana');
    expect(rateFieldForRow(BET_TYPES.sp_motor, '123')).toBe('single_pana');
  });

  it('throws on an id that is not in the catalogue', () => {
    expect(getBetType('jodi_digit').label).toBe('Jodi Digit');
    expect(getBetType(BET_TYPES.sp_motor)).toBe(BET_TYPES.sp_motor);
    expect(() => getBetType('toString' as BetTypeId)).toThrow(RangeError);
    expect(() => getBetType('nope' as BetTypeId)).toThrow(RangeError);
  });
});
