/**
 * Words an operator writes in a text where a payment setting belongs (`{withdrawal_open}`). The withdrawal hours
 * and the minimums are set once, in the payment settings; the rules and headlines say them through these words,
 * so changing the hours cannot leave a text saying the old ones. The server fills them before a player reads the
 * text; the console's preview fills them the same way.
 */
export const settingWords = ['withdrawal_open', 'withdrawal_close', 'min_withdrawal', 'min_deposit'] as const;
export type SettingWord = (typeof settingWords)[number];

const WORD = /\{(withdrawal_open|withdrawal_close|min_withdrawal|min_deposit)\}/g;

/** `text` with each `{word}` replaced by the setting's current value; other braces are left as written. */
export function withSettingWords(
  text: string,
  values: Readonly<Record<SettingWord, string | number>>,
): string {
  return text.replace(WORD, (_, word: SettingWord) => String(values[word]));
}
