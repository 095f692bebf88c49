import { useLingui } from '@lingui/react';
import type { Text } from '@gama/core/i18n/texts';
import type { Language } from '@gama/core/i18n/languages';
import { currentLanguage, translateText } from './i18n.ts';

export type TextValues = Record<string, string | number>;

export interface Translate {
  /** A text of the catalogue in the shown language, its `{name}` arguments filled from `values`. */
  (text: Text, values?: TextValues): string;
  /** An English text from outside the catalogue (a server answer, a stored label) in the shown language when the catalogue knows it. */
  fromServer: (text: string) => string;
  language: Language;
}

/** The texts of a component, re-rendered when the player switches language. */
export function useT(): Translate {
  const { i18n } = useLingui();
  const t = ((text: Text, values?: TextValues) => i18n._(text, values)) as Translate;
  t.fromServer = translateText;
  t.language = currentLanguage();
  return t;
}
