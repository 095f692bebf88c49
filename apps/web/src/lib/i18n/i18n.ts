/**
 * The app's language (issue 17): Lingui renders the texts, English from the source (the English text is the
 * message id, `packages/core/src/i18n/texts.ts`), Hindi from a catalogue fetched only when a player picks it.
 * The choice is kept per device and `<html lang>` follows it.
 */
import { setupI18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, languageTags, type Language } from '@gama/core/contract/languages';
import { compileMessage } from '@gama/core/i18n/compile';

const STORAGE_KEY = 'gama.language';

export const i18n = setupI18n();
// The catalogues use only `{name}` arguments: a small compiler instead of shipping ICU's.
i18n.setMessagesCompiler(compileMessage);
i18n.load(DEFAULT_LANGUAGE, {});
i18n.activate(DEFAULT_LANGUAGE);

let toLanguage: (text: string) => string = (text) => text;

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** Shows the app in `language` (fetching its catalogue first when needed) and remembers it on this device. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === 'hi') {
    const { hindi } = await import('./hindi.ts');
    i18n.load('hi', hindi.catalogue);
    toLanguage = (text) => hindi.translateText(text);
  } else {
    toLanguage = (text) => text;
  }
  i18n.activate(language);
  document.documentElement.lang = languageTags[language].slice(0, 2);
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

/**
 * An English text that did not come through `t` (a server answer, a shared rule's message) in the shown
 * language: found in the catalogue by its words, templates included; left as it is when unknown.
 */
export function translateText(text: string): string {
  return toLanguage(text);
}

/** `translateText` for this language only: a new function after each switch, so what holds it re-renders. */
export function currentTranslator(): (text: string) => string {
  return toLanguage;
}
