/**
 * Moving time instead of waiting for it. Only servers started with E2E_CLOCK_CONTROL=true have the test-only
 * control (the clock and draws servers of playwright.config.ts), and each is used by one test at a time.
 */
import { zonedParts } from '@gama/core/rules/time';

const ZONE = 'Asia/Kolkata';

/** Lets `seconds` pass on the server and answers its new time. */
export async function advanceServerClock(baseURL: string, seconds: number): Promise<Date> {
  const response = await fetch(new URL('/api/dev/clock/advance', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (!response.ok) throw new Error(`clock control answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { server_time: string };
  return new Date(body.server_time);
}

/** Seconds from `now` until the wall-clock minute `minutesOfDay` (market zone) has begun, plus `margin`. */
export function secondsUntilMinute(now: Date, minutesOfDay: number, margin = 2): number {
  const parts = zonedParts(now, ZONE);
  const elapsed = parts.minutes * 60 + now.getUTCSeconds();
  return Math.max(1, minutesOfDay * 60 - elapsed + margin);
}
