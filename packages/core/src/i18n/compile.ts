/**
 * Messages use one ICU feature only, the plain argument `{name}`. This turns such a message into Lingui's
 * compiled form (text pieces and `[name]` tokens) without shipping the full ICU compiler to phones;
 * `compile.test.ts` checks it against Lingui's own compiler for every message of both catalogues.
 */
export type CompiledMessage = (string | [string])[];

const ARGUMENT = /\{(\w+)\}/g;

export function compileMessage(message: string): CompiledMessage {
  const tokens: (string | [string])[] = [];
  let last = 0;
  for (const match of message.matchAll(ARGUMENT)) {
    if (match.index > last) tokens.push(message.slice(last, match.index));
    tokens.push([match[1] ?? '']);
    last = match.index + match[0].length;
  }
  if (last < message.length) tokens.push(message.slice(last));
  return tokens;
}

/** The argument names of a message, sorted, so two languages' versions of it can be compared. */
export function argumentNames(message: string): string[] {
  return [...message.matchAll(ARGUMENT)].map((match) => match[1] ?? '').sort();
}

export function fill(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(ARGUMENT, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
