import { formatPoints, formatPointsCompact } from '@gama/core/rules/money';

/** Paise as an axis tick in points, the Indian way: 950, 1.5K, 1.2L, 1.5Cr. */
export const pointsTick = formatPointsCompact;

/** Paise as a tooltip: the full amount with Indian grouping. */
export function pointsLabel(paise: number): string {
  return `${formatPoints(paise)} points`;
}
