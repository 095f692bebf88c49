import { endpoints } from '@gama/core/endpoints';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { notificationsKey, unreadCount } from '../../shared/notifications/unread.ts';

const listKey = [...notificationsKey, 'list'] as const;

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
  return useMutation({
    mutationFn: () => call(endpoints.notificationsRead, {}),
    onSuccess: (answer) => unreadCount.set(() => ({ status: true as const, unread: answer.unread })),
  });
}
