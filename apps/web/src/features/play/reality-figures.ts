import { fill } from '@gama/core/i18n/compile';
import type { Text } from '@gama/core/i18n/texts';
import { parsePaiseText, formatPoints } from '@gama/core/rules/money';

/*
 * The figures the reality check's dialog shows. A module of their own, apart from reality-check.ts (which the
 * frame runs on every screen to know when the check is due): they come with the dialog's chunk, and with them the
 * money module, not with home's first screen (decision 020).
 */

/** "1 hour 5 minutes", "15 minutes", "less than a minute": how long a session has run. */
export function sessionLength(
  ms: number,
  say: (text: SessionText, values?: { n: number }) => string = fill,
): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return say('less than a minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const minutesText = rest === 1 ? say('1 minute') : say('{n} minutes', { n: rest });
  if (hours === 0) return minutesText;
  const hoursText = hours === 1 ? say('1 hour') : say('{n} hours', { n: hours });
  return rest === 0 ? hoursText : `${hoursText} ${minutesText}`;
}

/** The words of `sessionLength`, which the screen passes through its translator. */
type SessionText = Extract<Text, 'less than a minute' | '1 minute' | '{n} minutes' | '1 hour' | '{n} hours'>;

/**
 * The server's signed net result ("+106505", "-10", "142.50") grouped as every other amount in the app
 * (+1,06,505), its sign kept: a win reads as a win.
 */
export function netPoints(net: string): string {
  const paise = parsePaiseText(net.replace(/^\+/, ''));
  return paise === null ? net : formatPoints(paise, { decimals: 'when-needed', signed: true });
}
