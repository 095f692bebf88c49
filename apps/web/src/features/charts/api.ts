import { endpoints } from '@gama/core/endpoints';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

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
    queryFn: ({ signal }) => {
      if (gameId === null) throw new Error('no market chosen');
      return call(endpoints.marketChart, { game_id: gameId, weeks: CHART_WEEKS }, { signal });
    },
    select: (response) => ({
      days: response.markets[0]?.days ?? [],
      daysOff: response.markets[0]?.days_off ?? [],
    }),
    enabled: gameId !== null,
    staleTime: 60_000,
  });
}
