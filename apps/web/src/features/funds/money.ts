import { parsePoints, pointsToPaise } from '@gama/core/rules/money';
import { parseClockTime, zonedParts } from '@gama/core/rules/time';
import { useCallback, useRef } from 'react';
import { marketTimeZone, serverNow } from '../../lib/server-clock.ts';

/**
 * The server's display strings ("95", "142.50") back in paise, so the browser compares integers only.
 * null when the text is not a points amount (then the server's own check decides).
 */
export function displayToPaise(text: string | undefined): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const whole = Number(match[2]);
  const paise = Number((match[3] ?? '0').padEnd(2, '0'));
  const value = whole * 100 + paise;
  if (!Number.isSafeInteger(value)) return null;
  return match[1] === '-' ? -value : value;
}

/** Whole points typed by the player, or null when the text is not a whole number. */
export function typedPoints(text: string): number | null {
  const parsed = parsePoints(text.trim(), { allowZero: true });
  return parsed.ok ? parsed.points : null;
}

export function exceedsWallet(points: number, walletText: string | undefined): boolean {
  const wallet = displayToPaise(walletText);
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

/** randomUUID exists only in secure contexts; a phone on a plain-http LAN address still needs a key. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One idempotency key per player action: kept while that same action is retried (a timeout, a double tap)
 * and dropped once it succeeded or the player changed what they are asking for.
 */
export function useActionKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= newKey();
    return key.current;
  }, []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return { current, reset };
}
