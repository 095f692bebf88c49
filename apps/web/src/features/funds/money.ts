import { parsePaiseText, parsePoints, pointsToPaise } from '@gama/core/rules/money';
import { parseClockTime, zonedParts } from '@gama/core/rules/time';
import { marketTimeZone, serverNow } from '../../lib/server-clock.ts';

/** Whole points typed by the player, or null when the text is not a whole number. */
export function typedPoints(text: string): number | null {
  const parsed = parsePoints(text.trim(), { allowZero: true });
  return parsed.ok ? parsed.points : null;
}

export function exceedsWallet(points: number, walletText: string | undefined): boolean {
  const wallet = parsePaiseText(walletText);
  return wallet !== null && pointsToPaise(points) > wallet;
}

/** Spec 01 section 5: inclusive at both ends, in the market zone, by the server's clock; may wrap midnight. */
export function withinWithdrawWindow(openText: string, closeText: string): boolean {
  const open = parseClockTime(openText);
  const close = parseClockTime(closeText);
  if (open === null || close === null) return true;
  const { minutes } = zonedParts(serverNow(), marketTimeZone());
  return open <= close ? minutes >= open && minutes <= close : minutes >= open || minutes <= close;
}

/** Only digits survive: the amount fields are whole points on the digit pad. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 10);
