/**
 * A count with its noun in the form the language's plural rules pick ("1 winning bid", "0 winning bids",
 * "1,200 bids"). The console speaks English; Intl's rules rather than `n === 1` keep that a property of the
 * language, and the count is grouped as every number on screen.
 */
const englishRules = new Intl.PluralRules('en-IN');
const counts = new Intl.NumberFormat('en-IN');

export function countOf(value: number, one: string, many = `${one}s`): string {
  return `${counts.format(value)} ${englishRules.select(value) === 'one' ? one : many}`;
}
