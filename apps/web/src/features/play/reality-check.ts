import { fill } from '@gama/core/i18n/compile';
import type { Text } from '@gama/core/i18n/texts';
import { parsePaiseText, formatPoints } from '@gama/core/rules/money';
/**
 * What the reality check keeps in this browser: when the player last answered it (Continue, or choosing an
 * interval), for the session that signed in at `signedInAt`. The schedule itself is the server's sign-in time
 * and interval; this only says which check was already seen, so a reload shows an unanswered one again and
 * never an answered one. Other tabs of the same browser hear it through the storage event.
 */
const STORAGE_KEY = 'gama.reality-check';

interface Answered {
  signedInAt: string;
  answeredAt: string;
}

export function readAnswered(signedInAt: string): Date | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<Answered>;
    // An answer from an earlier sign-in says nothing about this one.
    if (value.signedInAt !== signedInAt || typeof value.answeredAt !== 'string') return null;
    const at = new Date(value.answeredAt);
    return Number.isNaN(at.getTime()) ? null : at;
  } catch {
    return null;
  }
}

export function storeAnswered(signedInAt: string, answeredAt: Date): void {
  const value: Answered = { signedInAt, answeredAt: answeredAt.toISOString() };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage refused: the check is still answered in this page; a reload would show it once more.
  }
}

export function onAnsweredElsewhere(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

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
