import type { MarketRow } from '@gama/core/contract/accounts';
import type { RateField } from '@gama/core/rules/bet-types';
import { zonedParts } from '@gama/core/rules/time';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../lib/api-client.ts';
import { marketTimeZone, serverNow, syncServerClock } from '../../lib/server-clock.ts';

/**
 * The market lists and rates of the two slot-style groups (Starline and Gali Disawar). They answer in one
 * shape, so Starline and Gali share this module rather than each keeping a copy.
 */
export type SlotGroup = 'starline' | 'gali';

export interface GroupListResponse {
  status: true;
  result: MarketRow[];
  server_time?: string;
  time_zone?: string;
  web_starline_chart_url?: string;
  web_galidessar_chart_url?: string;
}

/** `game_rates[0]`: `<field>_val_1` / `<field>_val_2` as strings. */
export type LegacyRates = Partial<Record<string, string>>;

interface RatesResponse {
  status: true;
  game_rates: LegacyRates[];
}

const paths = {
  starline: {
    list: '/api-starline-game',
    rates: '/api-starline-game-rates',
    chart: 'web_starline_chart_url',
  },
  gali: {
    list: '/api-galidisawar-game',
    rates: '/api-galidisawar-game-rates',
    chart: 'web_galidessar_chart_url',
  },
} as const;

/** Spec 02 section 9: the lists are polled every 5 s. */
const POLL_MS = 5_000;

export function useGroupMarkets(group: SlotGroup) {
  return useQuery({
    queryKey: ['markets', group],
    queryFn: async ({ signal }) => {
      const response = await post<GroupListResponse>(paths[group].list, {}, { signal });
      syncServerClock(response.server_time, response.time_zone);
      return { markets: response.result, chartUrl: response[paths[group].chart] ?? `/charts?group=${group}` };
    },
    refetchInterval: POLL_MS,
    // Polling failures are silent (spec 02 section 8): the last good list stays on screen.
    retry: false,
    staleTime: 0,
  });
}

export function useGroupRates(group: SlotGroup, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['rates', group],
    queryFn: ({ signal }) => post<RatesResponse>(paths[group].rates, {}, { signal }),
    select: (response) => response.game_rates[0] ?? null,
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

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export function todayWeekdayName(): string {
  return WEEKDAY_NAMES[zonedParts(serverNow(), marketTimeZone()).weekday];
}
