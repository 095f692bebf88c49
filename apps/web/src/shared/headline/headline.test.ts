import { describe, expect, it } from 'vitest';
import { shownText } from './headline.ts';

describe('a headline in the reader’s language (issue 32 item 19)', () => {
  it('is the Hindi text for a Hindi reader, the English one otherwise or while there is no Hindi', () => {
    const both = { notes: ' Results on time ', notes_hi: ' रिज़ल्ट समय पर ' };
    expect(shownText(both, 'hi')).toBe('रिज़ल्ट समय पर');
    expect(shownText(both, 'en')).toBe('Results on time');
    expect(shownText({ notes: 'Results on time', notes_hi: '   ' }, 'hi')).toBe('Results on time');
    expect(shownText({ notes: '', notes_hi: '' }, 'hi')).toBeNull();
  });
});
