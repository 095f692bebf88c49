/**
 * Entries that become several bid rows (game-rules.md section 6, decision D11): SP Motor,
 * DP Motor and SP DP TP. The server derives the rows itself from the entered digits; the
 * cost of an entry is points x number of rows (`stakePaise` in money.ts).
 */
import { canonicalPana, isPana, panaType, panasOfAnk, type PanaType } from './panas.ts';

function distinctDigits(digits: string): string[] {
  if (!/^\d*$/.test(digits)) throw new RangeError(`not a digit string: ${digits}`);
  return [...new Set(digits)];
}

function sortedUnique(panas: Iterable<string>): string[] {
  return [...new Set(panas)].sort();
}

/** Every single pana whose three digits are among the entered ones: C(n,3) rows for n distinct digits. */
export function spMotorPanas(digits: string): string[] {
  const d = distinctDigits(digits);
  const rows: string[] = [];
  for (let i = 0; i < d.length; i += 1) {
    for (let j = i + 1; j < d.length; j += 1) {
      for (let k = j + 1; k < d.length; k += 1) rows.push(canonicalPana(`${d[i]}${d[j]}${d[k]}`));
    }
  }
  // Three distinct digits always make a single pana; the filter states the rule, not a fix.
  return sortedUnique(rows.filter((p) => isPana(p) && panaType(p) === 'single'));
}

/** For each pair {a, b} of distinct entered digits, the doubles aab and abb: n(n-1) rows. */
export function dpMotorPanas(digits: string): string[] {
  const d = distinctDigits(digits);
  const rows: string[] = [];
  for (const a of d) {
    for (const b of d) {
      if (a !== b) rows.push(canonicalPana(`${a}${a}${b}`));
    }
  }
  return sortedUnique(rows.filter((p) => isPana(p) && panaType(p) === 'double'));
}

export interface SpDpTpChoice {
  single: boolean;
  double: boolean;
  triple: boolean;
}

/** The SP, DP and/or TP lists of one ank (12 + 9 + 1), in that order; `digit` must be '0'..'9'. */
export function spDpTpPanas(digit: string, choice: SpDpTpChoice): string[] {
  if (!/^\d$/.test(digit)) throw new RangeError(`SP DP TP needs one digit: ${digit}`);
  const types: PanaType[] = (['single', 'double', 'triple'] as const).filter((t) => choice[t]);
  return types.flatMap((t) => panasOfAnk(Number(digit), t));
}
