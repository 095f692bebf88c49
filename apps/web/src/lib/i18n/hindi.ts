/** The Hindi chunk: the catalogue and its reverse lookup for the English texts the server sends. */
import { hi } from '@gama/core/i18n/hi';
import { createTextTranslator } from '@gama/core/i18n/translate-text';

export const hindi = {
  catalogue: hi,
  translateText: createTextTranslator(hi, '।'),
};
