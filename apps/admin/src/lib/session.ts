import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import type { Permission } from '@gama/core/operators/permissions';
import { can } from '@gama/core/operators/permissions';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { syncServerClock } from './market-clock.ts';

export type MeAnswer = Answer<typeof endpoints.operatorMe>;
export type SignedInOperator = MeAnswer['operator'];

export const meKey = ['operator', 'me'] as const;

/**
 * Who is signed in, as the server says: the session is an HttpOnly cookie the page cannot read, so this one
 * query is the console's only idea of it. A 401 here means nobody is (the caller shows the sign-in screen).
 */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: async ({ signal }) => {
      const answer = await call(endpoints.operatorMe, {}, { signal });
      syncServerClock(answer.server_time, answer.time_zone);
      return answer;
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** The signed-in operator; only inside the signed-in layout, which renders nothing until it is known. */
export function useOperator(): SignedInOperator {
  const me = useMe();
  if (!me.data) throw new Error('useOperator outside the signed-in layout');
  return me.data.operator;
}

export function useCan(permission: Permission | undefined): boolean {
  const operator = useOperator();
  return permission === undefined || can(operator.role, permission);
}

/** After a sign-in or an enrolment the answer already says who is signed in. */
export function rememberSignedIn(queryClient: QueryClient, answer: MeAnswer): void {
  syncServerClock(answer.server_time, answer.time_zone);
  queryClient.setQueryData(meKey, answer);
}

export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
}

export const roleNames = {
  owner: 'Owner',
  results: 'Results',
  cashier: 'Cashier',
  support: 'Support',
  viewer: 'Viewer',
} as const;
