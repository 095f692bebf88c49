import { endpoints } from '@gama/core/endpoints';
import { call } from '../../lib/api-client.ts';
import { Resource, useResource } from '../../lib/resource.ts';

/** The list's answers in the query client (the notifications screen); a live event invalidates them. */
export const notificationsKey = ['notifications'] as const;

/** The bell's count: in the frame on every screen, so a resource rather than a query (decision 021). */
export const unreadCount = new Resource((signal) => call(endpoints.notificationsUnread, {}, { signal }));

const countOf = (answer: { unread: number }) => answer.unread;

export function useUnreadCount(enabled: boolean) {
  return useResource(unreadCount, { enabled, select: countOf });
}
