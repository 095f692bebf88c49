/**
 * Panas (pattis): 3-digit strings in canonical order, where 0 ranks above 9 (it counts as 10).
 * The 220 panas and their per-ank lists are generated once at module load from that rule alone.
 * Panas are always strings: `000` and `550` must keep their zeros.
 */

export type PanaType = 'single' | 'double' | 'triple';

const THREE_DIGITS = /^\d{3}$/;

/** Rank of a digit character in pana order: '1'..'9' are 1..9 and '0' is 10. */
export function digitRank(digit: string): number {
  const value = Number(digit);
  return value === 0 ? 10 : value;
}

/** The canonical (pana-order) spelling of any 3-digit string: `'012'` -> `'120'`, `'011'` -> `'110'`. */
export function canonicalPana(digits: string): string {
  if (!THREE_DIGITS.test(digits)) throw new RangeError(`not a 3-digit string: ${digits}`);
  return [...digits].sort((a, b) => digitRank(a) - digitRank(b)).join('');
}

/** True for exactly the 220 strings that are their own canonical form. */
export function isPana(value: string): boolean {
  return THREE_DIGITS.test(value) && canonicalPana(value) === value;
}

/** single = 3 distinct digits, double = exactly two equal, triple = all equal. */
export function panaType(pana: string): PanaType {
  if (!isPana(pana)) throw new RangeError(`not a pana: ${pana}`);
  const distinct = new Set(pana).size;
  if (distinct === 3) return 'single';
  return distinct === 2 ? 'double' : 'triple';
}

/** Ank (single) of a digit string: the sum of its digits mod 10. `'689'` -> 3. */
export function ankOf(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError(`not a digit string: ${digits}`);
  let sum = 0;
  for (const ch of digits) sum += Number(ch);
  return sum % 10;
}

export interface AnkPanas {
  single: readonly string[];
  double: readonly string[];
  triple: readonly string[];
}

function generate() {
  const all: string[] = [];
  for (let n = 0; n < 1000; n += 1) {
    const candidate = String(n).padStart(3, '0');
    if (isPana(candidate)) all.push(candidate);
  }
  const byAnk: { single: string[]; double: string[]; triple: string[] }[] = [];
  for (let ank = 0; ank < 10; ank += 1) byAnk.push({ single: [], double: [], triple: [] });
  for (const pana of all) byAnk[ankOf(pana)]?.[panaType(pana)].push(pana);
  return { all, byAnk };
}

const generated = generate();

/** The 220 panas in numeric order. */
export const ALL_PANAS: readonly string[] = generated.all;
/** The 120 single panas (SP), `120`..`890`. */
export const SINGLE_PANAS: readonly string[] = ALL_PANAS.filter((p) => panaType(p) === 'single');
/** The 90 double panas (DP), `100`..`990`. */
export const DOUBLE_PANAS: readonly string[] = ALL_PANAS.filter((p) => panaType(p) === 'double');
/** The 10 triple panas (TP), `000`..`999`. */
export const TRIPLE_PANAS: readonly string[] = ALL_PANAS.filter((p) => panaType(p) === 'triple');
/** Index = ank 0..9: its 12 single, 9 double and 1 triple panas, each list in numeric order. */
export const PANAS_BY_ANK: readonly AnkPanas[] = generated.byAnk;

/** The panas of one ank and type, e.g. `panasOfAnk(5, 'triple')` -> `['555']`. */
export function panasOfAnk(ank: number, type: PanaType): readonly string[] {
  const entry = PANAS_BY_ANK[ank];
  if (!entry) throw new RangeError(`ank must be 0..9: ${ank}`);
  return entry[type];
}
