import { displayToPaise, formatPoints } from '@gama/ui/money';

/** The server's points text ("142.50") as paise for a chart; 0 for anything that is not an amount. */
export function paiseOf(text: string): number {
  return displayToPaise(text) ?? 0;
}

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** Paise as an axis tick in points, the Indian way: 950, 1.5K, 1.2L, 1.5Cr. */
export function pointsTick(paise: number): string {
  return compact.format(paise / 100);
}

/** Paise as a tooltip: the full amount with Indian grouping. */
export function pointsLabel(paise: number): string {
  return `${formatPoints(paise)} points`;
}
