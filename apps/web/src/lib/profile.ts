import type { ProfileResponse } from '@gama/core/endpoints/profile/index';
import { endpoints } from '@gama/core/endpoints';
import { call } from './api-client.ts';
import { Resource, useResource } from './resource.ts';
import { syncServerClock } from './server-clock.ts';

export async function fetchProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  const profile = await call(endpoints.profile, {}, { signal });
  syncServerClock(profile.server_time, profile.time_zone);
  return profile;
}

/**
 * The signed-in player's profile and wallet. Several screens read it (header, menu, home, profile), so it
 * lives here rather than in one feature; whatever changes name, wallet or flags sets or invalidates it.
 */
export const profileResource = new Resource(fetchProfile);

/** `enabled: false` when nobody is signed in: the call would only earn a 401. `intervalMs` polls (home). */
export function useProfile({ enabled = true, intervalMs }: { enabled?: boolean; intervalMs?: number } = {}) {
  return useResource(profileResource, { enabled, intervalMs });
}

export function isBettingOn(profile: Pick<ProfileResponse, 'betting_status'> | undefined): boolean {
  return profile?.betting_status === '1';
}
