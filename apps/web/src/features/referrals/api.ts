import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export function useMyReferrals() {
  return useQuery({
    queryKey: ['referrals', 'mine'],
    queryFn: ({ signal }) => call(endpoints.myReferrals, {}, { signal }),
  });
}
