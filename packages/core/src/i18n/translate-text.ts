/**
 * Server answers carry the spec's English texts. To show them in another language the client finds the text in
 * the catalogue: exactly, or by a template (`Limit reached for {number}` matches `Limit reached for 7` and the
 * Hindi is filled with `7`), or sentence by sentence when the server joined two messages (`Bid Successfully
 * Submitted. Limit reached for 7`). A text it does not know is shown as the server sent it.
 */
import { fill } from './compile.ts';

interface Template {
  pattern: RegExp;
  names: string[];
  translated: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function templateOf(english: string, translated: string): Template | null {
  const names: string[] = [];
  const parts = english.split(/\{(\w+)\}/);
  if (parts.length === 1) return null;
  const source = parts
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names, translated };
}

export function createTextTranslator(
  catalogue: Readonly<Record<string, string>>,
  /** How the language ends a sentence, put between joined sentences that lost theirs (Hindi: the danda). */
  fullStop = '.',
  /** A template value the catalogue does not hold, in the language when it has a form there (a date). */
  translateValue: (value: string) => string | undefined = () => undefined,
): (text: string) => string {
  const exact = new Map<string, string>(Object.entries(catalogue));
  const templates = Object.entries(catalogue)
    .map(([english, translated]) => templateOf(english, translated))
    .filter((template): template is Template => template !== null)
    // The longest template first: a specific wording wins over a shorter one that would also match.
    .sort((a, b) => b.pattern.source.length - a.pattern.source.length);

  const one = (text: string): string | undefined => {
    const found = exact.get(text);
    if (found !== undefined) return found;
    for (const template of templates) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      const values: Record<string, string> = {};
      template.names.forEach((name, index) => {
        const value = match[index + 1] ?? '';
        // A value can itself be a known text (a bet type's label inside `Bidding is closed for {…}`).
        values[name] = exact.get(value) ?? translateValue(value) ?? value;
      });
      return fill(template.translated, values);
    }
    return undefined;
  };

  return (text: string): string => {
    const whole = one(text);
    if (whole !== undefined) return whole;
    // Sentences joined with ". " by the server: each translated on its own, or the text left as it came.
    const sentences = text.split(/(?<=[.!?])\s+/);
    if (sentences.length < 2) return text;
    const translated: string[] = [];
    for (const sentence of sentences) {
      const part = exact.get(sentence) ?? one(sentence.replace(/[.!?]$/, '')) ?? one(sentence);
      if (part === undefined) return text;
      translated.push(part);
    }
    return translated
      .map((part, index) =>
        index < translated.length - 1 && !/[.!?।]$/.test(part) ? `${part}${fullStop}` : part,
      )
      .join(' ');
  };
}
