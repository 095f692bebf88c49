import type { ProfileResponse } from '@gama/core/contract/accounts';
import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { syncServerClock } from './server-clock.ts';

/**
 * The signed-in player's profile and wallet. Several screens read it (header, menu, home, profile), so it
 * lives here rather than in one feature; any mutation that changes name, wallet or flags invalidates it.
 */
export const profileQueryKey = ['profile'] as const;

export async function fetchProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  const profile = await call(endpoints.profile, {}, { signal });
  syncServerClock(profile.server_time, profile.time_zone);
  return profile;
}

/** `enabled: false` when nobody is signed in: the call would only earn a 401. */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled,
  });
}

export function isBettingOn(profile: Pick<ProfileResponse, 'betting_status'> | undefined): boolean {
  return profile?.betting_status === '1';
}
