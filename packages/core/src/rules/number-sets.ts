/**
 * The allowed inputs of every bid screen (spec 02 section 5 with decisions D1 and D2), as strings.
 * `'05'` and `'000'` keep their zeros; membership is exact string equality, never numeric.
 */
import { ALL_PANAS, DOUBLE_PANAS, SINGLE_PANAS, TRIPLE_PANAS } from './panas.ts';

export type NumberSetId = 'digit' | 'jodi' | 'single_pana' | 'double_pana' | 'triple_pana' | 'any_pana';

/** '0'..'9' */
export const SINGLE_DIGITS: readonly string[] = Array.from({ length: 10 }, (_, i) => String(i));
/** '00'..'99' */
export const JODIS: readonly string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

export const NUMBER_SETS: Readonly<Record<NumberSetId, readonly string[]>> = {
  digit: SINGLE_DIGITS,
  jodi: JODIS,
  single_pana: SINGLE_PANAS,
  double_pana: DOUBLE_PANAS,
  triple_pana: TRIPLE_PANAS,
  any_pana: ALL_PANAS,
};

/** The character length every member of a set has. */
export const NUMBER_SET_LENGTH: Readonly<Record<NumberSetId, number>> = {
  digit: 1,
  jodi: 2,
  single_pana: 3,
  double_pana: 3,
  triple_pana: 3,
  any_pana: 3,
};

let lookups: Map<NumberSetId, ReadonlySet<string>> | undefined;

export function isInNumberSet(set: NumberSetId, value: string): boolean {
  // Built on first use: a screen that never validates pays nothing.
  lookups ??= new Map(
    (Object.keys(NUMBER_SETS) as NumberSetId[]).map((id) => [id, new Set(NUMBER_SETS[id])] as const),
  );
  return lookups.get(set)?.has(value) ?? false;
}
