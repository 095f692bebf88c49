import type { RatePair } from '@gama/core/rules/rates';

const perPoint = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A rate as the player app shows it: "10-95" (a stake of 10 points pays 95). */
export function rateText(pair: RatePair | undefined): string {
  return pair ? `${pair[0]}-${pair[1]}` : '—';
}

/** What one point of stake pays at this rate: "9.5". */
export function perPointText(pair: RatePair): string {
  return perPoint.format(pair[1] / pair[0]);
}

/** The fields whose pair differs between an older set and a newer one, with both pairs. */
export function rateChanges(
  fields: ReadonlyArray<{ field: string; label: string }>,
  before: Partial<Record<string, RatePair>>,
  after: Partial<Record<string, RatePair>>,
): { field: string; label: string; before: RatePair | undefined; after: RatePair }[] {
  return fields.flatMap(({ field, label }) => {
    const was = before[field];
    const now = after[field];
    if (!now || (was && was[0] === now[0] && was[1] === now[1])) return [];
    return [{ field, label, before: was, after: now }];
  });
}
