import type { MarketGroup } from '@gama/core/rules/bet-types';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../lib/api-client.ts';

/** One declared market day; Starline and Gali declare once, so only `open` is set for them. */
export interface ChartDay {
  date: string;
  open: string | null;
  close: string | null;
}

export interface ChartMarket {
  game_id: number;
  game_name: string;
  group: MarketGroup;
}

interface ChartListResponse {
  status: true;
  markets: ChartMarket[];
}

interface ChartDaysResponse {
  status: true;
  markets: Array<ChartMarket & { days: ChartDay[]; days_off: number[] }>;
}

/** Twelve weeks: what a phone can read at a glance and what the server keeps cheap to send. */
export const CHART_WEEKS = 12;

export function useChartMarkets(group: MarketGroup) {
  return useQuery({
    queryKey: ['chart-markets', group],
    queryFn: ({ signal }) => post<ChartListResponse>('/api-market-chart', { group }, { signal }),
    select: (response) => response.markets,
    staleTime: 5 * 60_000,
  });
}

export function useChartDays(gameId: number | null) {
  return useQuery({
    queryKey: ['chart', gameId],
    queryFn: ({ signal }) =>
      post<ChartDaysResponse>('/api-market-chart', { game_id: gameId, weeks: CHART_WEEKS }, { signal }),
    select: (response) => ({
      days: response.markets[0]?.days ?? [],
      daysOff: response.markets[0]?.days_off ?? [],
    }),
    enabled: gameId !== null,
    staleTime: 60_000,
  });
}
