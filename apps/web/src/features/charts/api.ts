import { endpoints } from '@gama/core/endpoints';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { syncServerClock } from '../../lib/server-clock.ts';

export type { ChartDay } from '@gama/core/endpoints/charts/index';

/** Twelve weeks: what a phone can read at a glance and what the server keeps cheap to send. */
export const CHART_WEEKS = 12;

export function useChartMarkets(group: MarketGroup) {
  return useQuery({
    queryKey: ['chart-markets', group],
    queryFn: ({ signal }) => call(endpoints.marketChart, { group }, { signal }),
    select: (response) => response.markets,
    staleTime: 5 * 60_000,
  });
}

export function useChartDays(gameId: number | null) {
  return useQuery({
    queryKey: ['chart', gameId],
    queryFn: async ({ signal }) => {
      if (gameId === null) throw new Error('no market chosen');
      const answer = await call(endpoints.marketChart, { game_id: gameId, weeks: CHART_WEEKS }, { signal });
      // Which days have come is the server's day: this answer may be the first to tell the app the server's
      // time (a chart opened straight from a link), and the screen renders with it.
      syncServerClock(answer.server_time, answer.time_zone);
      return answer;
    },
    select: (response) => ({
      days: response.markets[0]?.days ?? [],
      daysOff: response.markets[0]?.days_off ?? [],
    }),
    enabled: gameId !== null,
    staleTime: 60_000,
  });
}
