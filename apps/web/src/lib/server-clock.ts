import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@gama/core/rules/time';

/**
 * The server's clock as the app sees it. Cut-offs are the server's decision; the app only mirrors them
 * (Open disabled, timed tiles refused), so it reads "now" from the server's last answer, not the phone,
 * whose clock may be wrong or deliberately set back.
 */
let offsetMs = 0;
/** Market times are wall-clock times in the server's MARKET_TIME_ZONE; until an answer names it, the default. */
let zone = DEFAULT_TIME_ZONE;

/** Call with the `server_time` (and `time_zone`, where sent) of any answer that carries one. */
export function syncServerClock(serverTime: string | undefined, timeZone?: string): void {
  if (timeZone && timeZone !== zone && isValidTimeZone(timeZone)) zone = timeZone;
  if (!serverTime) return;
  const at = Date.parse(serverTime);
  if (!Number.isNaN(at)) offsetMs = at - Date.now();
}

/** The time zone market times are in, as the server last said. */
export function marketTimeZone(): string {
  return zone;
}

export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}
