import { useQuery } from '@tanstack/react-query';
import { post } from '../../lib/api-client.ts';

interface GameRatesResponse {
  status: true;
  game_rates: Array<Record<string, string>>;
}

export function useMainRates() {
  return useQuery({
    queryKey: ['rates', 'main'],
    queryFn: ({ signal }) => post<GameRatesResponse>('/api-game-rates', {}, { signal }),
    select: (response) => response.game_rates[0] ?? null,
    staleTime: 60_000,
  });
}
