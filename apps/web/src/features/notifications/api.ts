import { endpoints } from '@gama/core/endpoints';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

/** Everything the bell shows; a live event invalidates it all. */
export const notificationsKey = ['notifications'] as const;
const unreadKey = [...notificationsKey, 'unread'] as const;
const listKey = [...notificationsKey, 'list'] as const;

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => call(endpoints.notificationsUnread, {}, { signal }),
    select: (answer) => answer.unread,
    enabled,
  });
}

export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.notifications, pageParam === null ? {} : { before: pageParam }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });
}

/** Marks every notification read; the list keeps showing which ones were new until it is opened again. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.notificationsRead, {}),
    onSuccess: (answer) =>
      queryClient.setQueryData(unreadKey, { status: true as const, unread: answer.unread }),
  });
}
