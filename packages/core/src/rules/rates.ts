/**
 * Game rates as the operator edits them: per group, each rate field a pair `[val_1, val_2]` (a stake of
 * val_1 points pays val_2 points, game-rules 3.3). The limits keep a typo from becoming a payout: a rate must
 * pay more than its stake and at most RATE_MULTIPLE_MAX times it.
 */
import type { MarketGroup, RateField } from './bet-types.ts';
import {
  BET_TYPES,
  BET_TYPE_IDS,
  GALI_RATE_FIELDS,
  MAIN_RATE_FIELDS,
  STARLINE_RATE_FIELDS,
} from './bet-types.ts';

export const RATE_FIELDS_OF: Readonly<Record<MarketGroup, readonly RateField[]>> = {
  main: MAIN_RATE_FIELDS,
  starline: STARLINE_RATE_FIELDS,
  gali: GALI_RATE_FIELDS,
};

/** Largest stake side of a rate (rates are usually quoted per 10 points). */
export const RATE_VAL_1_MAX = 1_000;
/** Largest payout side of a rate. */
export const RATE_VAL_2_MAX = 100_000_000;
/** A rate pays at most this many times its stake (Full Sangam is typically 10,000x). */
export const RATE_MULTIPLE_MAX = 100_000;

export type RatePair = [number, number];
export type RateSet = Partial<Record<RateField, RatePair>>;

/** The name the player app shows for a rate field of a group: Gali's `single_digit` is "Left Digit". */
export function rateFieldLabel(group: MarketGroup, field: RateField): string {
  const type = BET_TYPE_IDS.map((id) => BET_TYPES[id]).find(
    (t) => t.group === group && t.rateField === field && t.expansion === 'none',
  );
  return type?.label ?? field;
}

export function isRateFieldOf(group: MarketGroup, field: string): field is RateField {
  return (RATE_FIELDS_OF[group] as readonly string[]).includes(field);
}

const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/** Why a value is not an acceptable rate for this field of this group, or null when it is. */
export function rateProblem(group: MarketGroup, field: string, value: unknown): string | null {
  if (!isRateFieldOf(group, field)) {
    return `${field} is not a rate of ${group} markets; they are ${RATE_FIELDS_OF[group].join(', ')}`;
  }
  const label = rateFieldLabel(group, field);
  if (!Array.isArray(value) || value.length !== 2) return `${label}: send the rate as [val_1, val_2]`;
  const [val1, val2] = value as unknown[];
  if (!whole(val1) || val1 < 1 || val1 > RATE_VAL_1_MAX) {
    return `${label}: val_1 (the stake) must be a whole number from 1 to ${RATE_VAL_1_MAX.toLocaleString('en-IN')}`;
  }
  if (!whole(val2) || val2 < 1 || val2 > RATE_VAL_2_MAX) {
    return `${label}: val_2 (the payout) must be a whole number from 1 to ${RATE_VAL_2_MAX.toLocaleString('en-IN')}`;
  }
  if (val2 <= val1) return `${label}: the payout (val_2) must be more than the stake (val_1)`;
  if (val2 > val1 * RATE_MULTIPLE_MAX) {
    return `${label}: a rate pays at most ${RATE_MULTIPLE_MAX.toLocaleString('en-IN')} times the stake`;
  }
  return null;
}

/** The fields whose pair differs between two sets, in the group's order. */
export function changedRateFields(group: MarketGroup, before: RateSet, after: RateSet): RateField[] {
  return RATE_FIELDS_OF[group].filter((field) => {
    const a = before[field];
    const b = after[field];
    return a?.[0] !== b?.[0] || a?.[1] !== b?.[1];
  });
}
