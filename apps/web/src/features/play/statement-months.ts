import { DEFAULT_LANGUAGE, type Language } from '@gama/core/contract/languages';
import { formatDate } from '../../lib/i18n/format.ts';

/** The months a statement can be asked for: this one (in the market time zone) and the eleven before it. */
export const STATEMENT_MONTHS = 12;

export interface MonthChoice {
  /** `YYYY-MM`, as the statement call takes it. */
  value: string;
  /** "November 2026" */
  label: string;
}

/** Newest first, from the month of `today` (`YYYY-MM-DD`, the market zone's date), named in `language`. */
export function recentMonths(
  today: string,
  count: number = STATEMENT_MONTHS,
  language: Language = DEFAULT_LANGUAGE,
): MonthChoice[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    const value = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    return { value, label: formatDate(first, language, { month: 'long', year: 'numeric', timeZone: 'UTC' }) };
  });
}
