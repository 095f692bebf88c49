import { formatBidDate } from '@gama/core/rules/dates';
import { parseClockTime, zonedParts } from '@gama/core/rules/time';
import { useEffect, useState } from 'react';
import { marketTimeZone, serverNow } from '../../lib/server-clock.ts';

const TICK_MS = 10_000;

export interface MarketClock {
  /** Today in the market zone by the server's clock, e.g. `20-November-2026`. */
  bidDate: string;
  /** Minutes after midnight in the market zone. */
  minutes: number;
  weekday: number;
}

function read(): MarketClock {
  const parts = zonedParts(serverNow(), marketTimeZone());
  return { bidDate: formatBidDate(parts.date), minutes: parts.minutes, weekday: parts.weekday };
}

/**
 * The market-zone wall clock of the server, re-read every few seconds so a screen left open across an open
 * time disables Open by itself; the server refuses late bids anyway, this only spares a pointless try.
 */
export function useMarketClock(): MarketClock {
  const [clock, setClock] = useState(read);
  useEffect(() => {
    const timer = window.setInterval(() => setClock(read()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return clock;
}

/** Open time reached or passed (spec 02 section 4: "open time <= now" closes the open session). */
export function isOpenTimePassed(openTime: string, minutes: number): boolean {
  const open = parseClockTime(openTime.trim());
  return open !== null && minutes >= open;
}

/** For one-off decisions on a tap (timed tiles); no re-render needed. */
export function openTimePassedNow(openTime: string): boolean {
  return isOpenTimePassed(openTime, zonedParts(serverNow(), marketTimeZone()).minutes);
}
