import { formatPoints, formatPointsCompact, parsePaiseText } from '@gama/core/rules/money';

/** The server's points text ("142.50") as paise for a chart; 0 for anything that is not an amount. */
export function paiseOf(text: string): number {
  return parsePaiseText(text) ?? 0;
}

/** Paise as an axis tick in points, the Indian way: 950, 1.5K, 1.2L, 1.5Cr. */
export const pointsTick = formatPointsCompact;

/** Paise as a tooltip: the full amount with Indian grouping. */
export function pointsLabel(paise: number): string {
  return `${formatPoints(paise)} points`;
}
