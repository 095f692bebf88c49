import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export function useMainRates() {
  return useQuery({
    queryKey: ['rates', 'main'],
    queryFn: ({ signal }) => call(endpoints.mainRates, {}, { signal }),
    select: (response) => response.game_rates[0] ?? null,
    staleTime: 60_000,
  });
}
