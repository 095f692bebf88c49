/**
 * Numbers and dates in the shown language, India's conventions in both (issue 17): Indian digit grouping
 * (1,00,000) with the usual Latin digits, and month and day names from Intl for `en-IN` or `hi-IN`
 * ("24 November 2026" / "24 नवंबर 2026"). Points keep `@gama/core/rules/money`'s grouping, which is the same in both
 * languages. Components get these bound to the shown language from `useT()` (`t.number`, `t.date`).
 */
import { languageTags, type Language } from '@gama/core/contract/languages';
import { parseBidDate } from '@gama/core/rules/dates';
import { marketTimeZone } from '../server-clock.ts';

export { formatPoints, formatWholePoints } from '@gama/core/rules/money';

const numberFormats = new Map<Language, Intl.NumberFormat>();

/** A count or whole number grouped the Indian way: 100000 → "1,00,000" in both languages. */
export function formatNumber(value: number, language: Language): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(languageTags[language], { maximumFractionDigits: 2 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** Ready-made date shapes, so both halves of the app spell dates alike. */
export const datePresets = {
  /** 24 November 2026 */
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  /** 24 November 2026, 9:59 pm */
  dateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** 24 Nov 2026, 9:59 pm */
  mediumDateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 24 Nov, 9:59 pm */
  dayTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  /** November 2026 */
  month: { month: 'long', year: 'numeric' },
  /** Tuesday */
  weekday: { weekday: 'long' },
  /** 9:59 pm */
  time: { hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DatePreset = keyof typeof datePresets;

/**
 * A moment (a Date, an ISO string or epoch milliseconds) spelled out in `language`, in the market's time zone
 * unless `options.timeZone` says otherwise. `options` is a preset's name or Intl's own options.
 */
export function formatDate(
  value: Date | string | number,
  language: Language,
  options: DatePreset | Intl.DateTimeFormatOptions = 'dateTime',
): string {
  const shape = typeof options === 'string' ? datePresets[options] : options;
  const date = value instanceof Date ? value : new Date(value);
  return date.toLocaleString(languageTags[language], { timeZone: marketTimeZone(), ...shape });
}

/** A weekday (0 = Sunday, as `Date#getDay` counts) by name: "Sunday" / "रविवार". */
export function weekdayName(weekday: number, language: Language): string {
  // 22 November 2026 was a Sunday.
  return formatDate(Date.UTC(2026, 10, 22 + weekday), language, { weekday: 'long', timeZone: 'UTC' });
}

/**
 * A date as the spec writes it (`20-November-2026`, the bid date the server keeps): word for word in English,
 * and in another language the same day with its month named there ("20 नवंबर 2026"). Other text is left as it is.
 */
export function formatSpecDate(text: string, language: Language): string {
  if (language === 'en') return text;
  const date = parseBidDate(text);
  if (date === null) return text;
  return formatDate(`${date}T00:00:00Z`, language, { ...datePresets.date, timeZone: 'UTC' });
}
