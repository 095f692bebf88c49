import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@gama/core/rules/time';
import { useEffect, useState } from 'react';

/**
 * The server's clock as the console sees it: draws, cut-offs and "today" are the server's, in the market time
 * zone, so the desk reads the server's time from answers that carry it instead of trusting the laptop's clock.
 */
let offsetMs = 0;
let zone = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

/** Call with the `server_time` (and `time_zone`, where sent) of any answer that carries one. */
export function syncServerClock(serverTime: string | undefined, timeZone?: string): void {
  if (timeZone && isValidTimeZone(timeZone)) zone = timeZone;
  if (!serverTime) return;
  const at = Date.parse(serverTime);
  if (Number.isNaN(at)) return;
  const next = at - Date.now();
  // Tell the clocks on screen only about a real change, not the few milliseconds of each answer's travel.
  if (Math.abs(next - offsetMs) > 2_000) {
    offsetMs = next;
    for (const listener of listeners) listener();
  }
}

export function marketTimeZone(): string {
  return zone;
}

export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** The server's now, refreshed every `everyMs`. */
export function useServerNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const update = () => setNow(serverNow());
    const timer = window.setInterval(update, everyMs);
    listeners.add(update);
    return () => {
      window.clearInterval(timer);
      listeners.delete(update);
    };
  }, [everyMs]);
  return now;
}
