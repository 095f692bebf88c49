import type { Language } from '@gama/core/contract/languages';

/**
 * A text the operator writes in the console, in English and optionally in Hindi: the Hindi one for a Hindi
 * reader while there is one, else the English; '' while neither is written (or before the answer).
 */
export function operatorText<K extends string>(
  language: Language,
  texts: { readonly [P in K | `${K}_hi`]: string } | null | undefined,
  pick: K,
): string {
  const hindi = language === 'hi' ? (texts?.[`${pick}_hi`].trim() ?? '') : '';
  return hindi || (texts?.[pick].trim() ?? '');
}
