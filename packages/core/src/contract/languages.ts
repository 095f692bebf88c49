/** The languages the player app speaks and the server writes SMS texts in. */
export const languages = ['en', 'hi'] as const;
export type Language = (typeof languages)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the switch shows it. */
export const languageNames: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The BCP 47 tag for `<html lang>` and Intl formatting: India's conventions in both languages. */
export const languageTags: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
