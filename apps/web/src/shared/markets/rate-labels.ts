import type { RateField } from '@gama/core/rules/bet-types';

/** A rate field's name on the rate lists (the main market rates and Starline's), as the spec's screens print it. */
export const RATE_LABELS: Readonly<Record<RateField, string>> = {
  single_digit: 'Single Digit',
  jodi_digit: 'Jodi Digit',
  single_pana: 'Single Pana',
  double_pana: 'Double Pana',
  tripple_pana: 'Triple Pana',
  half_sangam: 'Half Sangam',
  full_sangam: 'Full Sangam',
};
