import { useLingui } from '@lingui/react';
import type { Text } from '@gama/core/i18n/texts';
import type { Language } from '@gama/core/contract/languages';
import { formatDate, formatNumber, formatSpecDate, type DatePreset } from './format.ts';
import { currentLanguage, translateText } from './i18n.ts';

export type TextValues = Record<string, string | number>;

export interface Translate {
  /** A text of the catalogue in the shown language, its `{name}` arguments filled from `values`. */
  (text: Text, values?: TextValues): string;
  /** An English text from outside the catalogue (a server answer, a stored label) in the shown language when the catalogue knows it. */
  fromServer: (text: string) => string;
  /** A whole number or count grouped the Indian way (1,00,000) in the shown language. */
  number: (value: number) => string;
  /** A moment spelled out in the shown language (`format.ts` presets or Intl options), market time zone. */
  date: (value: Date | string | number, options?: DatePreset | Intl.DateTimeFormatOptions) => string;
  /** A date as the spec writes it (`20-November-2026`) in the shown language; word for word in English. */
  specDate: (text: string) => string;
  language: Language;
}

/** The texts of a component, re-rendered when the player switches language. */
export function useT(): Translate {
  const { i18n } = useLingui();
  const language = currentLanguage();
  const t = ((text: Text, values?: TextValues) => i18n._(text, values)) as Translate;
  t.fromServer = translateText;
  t.number = (value) => formatNumber(value, language);
  t.date = (value, options) => formatDate(value, language, options);
  t.specDate = (text) => formatSpecDate(text, language);
  t.language = language;
  return t;
}
