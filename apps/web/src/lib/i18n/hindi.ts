/** The Hindi chunk: the catalogue and its reverse lookup for the English texts the server sends. */
import { hi } from '@gama/core/i18n/hi';
import { createTextTranslator } from '@gama/core/i18n/translate-text';
import { formatSpecDate } from './format.ts';

/** A bid date inside a server text (a passbook line) with its month in Hindi; other values as they are. */
const hindiDate = (value: string) => {
  const shown = formatSpecDate(value, 'hi');
  return shown === value ? undefined : shown;
};

export const hindi = {
  catalogue: hi,
  translateText: createTextTranslator(hi, '।', hindiDate),
};
