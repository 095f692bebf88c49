import type { MarketRow } from '@gama/core/endpoints/markets/index';
import { endpoints } from '@gama/core/endpoints';
import type { RateField } from '@gama/core/rules/bet-types';
import { WEEKDAY_NAMES } from '@gama/core/rules/dates';
import { zonedParts } from '@gama/core/rules/time';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { marketTimeZone, serverNow, syncServerClock } from '../../lib/server-clock.ts';

/**
 * The market lists and rates of the two slot-style groups (Starline and Gali Disawar). They answer in one
 * shape, so Starline and Gali share this module rather than each keeping a copy.
 */
export type SlotGroup = 'starline' | 'gali';

/** `game_rates[0]`: `<field>_val_1` / `<field>_val_2` as strings. */
export type LegacyRates = Partial<Record<string, string>>;

interface GroupList {
  markets: MarketRow[];
  chartUrl: string;
}

/** Each group names its chart link in its own legacy field. */
async function fetchList(group: SlotGroup, signal: AbortSignal): Promise<GroupList> {
  if (group === 'starline') {
    const answer = await call(endpoints.starlineMarkets, {}, { signal });
    syncServerClock(answer.server_time, answer.time_zone);
    return { markets: answer.result, chartUrl: answer.web_starline_chart_url };
  }
  const answer = await call(endpoints.galiMarkets, {}, { signal });
  syncServerClock(answer.server_time, answer.time_zone);
  return { markets: answer.result, chartUrl: answer.web_galidessar_chart_url };
}

const ratesOf = { starline: endpoints.starlineRates, gali: endpoints.galiRates } as const;

/** Spec 02 section 9: the lists are polled every 5 s. */
const POLL_MS = 5_000;

export function useGroupMarkets(group: SlotGroup) {
  return useQuery({
    queryKey: ['markets', group],
    queryFn: ({ signal }) => fetchList(group, signal),
    refetchInterval: POLL_MS,
    // Polling failures are silent (spec 02 section 8): the last good list stays on screen.
    retry: false,
    staleTime: 0,
  });
}

export function useGroupRates(group: SlotGroup, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['rates', group],
    queryFn: ({ signal }) => call(ratesOf[group], {}, { signal }),
    select: (response): LegacyRates | null => response.game_rates[0] ?? null,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** `10-95`, or an empty string when the server has no such rate. */
export function ratePair(rates: LegacyRates | null | undefined, field: RateField): string {
  const first = rates?.[`${field}_val_1`];
  const second = rates?.[`${field}_val_2`];
  return first && second ? `${first}-${second}` : '';
}

export { WEEKDAY_NAMES };

export function todayWeekdayName(): string {
  return WEEKDAY_NAMES[zonedParts(serverNow(), marketTimeZone()).weekday];
}
