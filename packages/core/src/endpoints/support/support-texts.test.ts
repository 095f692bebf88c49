import { describe, expect, it } from 'vitest';
import { hi } from '../../i18n/hi.ts';
import { englishTexts } from '../../i18n/texts.ts';
import { supportMessages } from './index.ts';

/** The refusals a player can meet in the app's support screen (the rest are the console's). */
const playerFacing = [
  supportMessages.notFound,
  supportMessages.empty,
  supportMessages.tooLong,
  supportMessages.recordNotFound,
  supportMessages.rateMinute,
  supportMessages.rateHour,
];

describe('the support refusals a player meets', () => {
  it('are in the app’s catalogue word for word, with Hindi', () => {
    for (const text of playerFacing) {
      expect(englishTexts, text).toContain(text);
      expect(hi[text as keyof typeof hi], text).toBeTruthy();
    }
  });
});
