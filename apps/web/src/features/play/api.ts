import type { BreakOption, LimitKind } from '@gama/core/rules/responsible-play';
import { endpoints } from '@gama/core/endpoints';
import { call, download } from '../../lib/api-client.ts';
import { Resource } from '../../lib/resource.ts';

export const playSettingsKey = ['play-settings'] as const;

export const playApi = {
  settings: () => call(endpoints.playSettings),
  limits: (kind: LimitKind, values: { day: string; week: string; month: string }) =>
    call(endpoints.playLimits, { kind, ...values }),
  takeBreak: (option: BreakOption) => call(endpoints.playBreak, { option }),
  realityCheck: (minutes: '0' | '15' | '30' | '60') => call(endpoints.realityCheckInterval, { minutes }),
  /** This session's sign-in time and net result, with how far the server's clock is from this phone's. */
  check: async () => {
    const answer = await call(endpoints.realityCheck);
    return { ...answer, offsetMs: Date.parse(answer.server_time) - Date.now() };
  },
  /** The month's movements as the server's CSV file (`YYYY-MM`). */
  statement: (month: string) => download(endpoints.accountStatement, { month }),
};

/** The frame's reality check reads this on every screen, so it is a resource, not a query (decision 021). */
export const realityCheck = new Resource(() => playApi.check(), { maxAgeMs: 60_000 });
