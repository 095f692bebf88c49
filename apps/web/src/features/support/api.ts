import { endpoints } from '@gama/core/endpoints';
import type { SupportRefType } from '@gama/core/endpoints/support/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { unreadCount } from '../../shared/notifications/unread.ts';
import { supportKey, supportUnread } from '../../shared/support/unread.ts';

export function useConversations() {
  return useQuery({
    queryKey: [...supportKey, 'list'],
    queryFn: ({ signal }) => call(endpoints.supportThreads, {}, { signal }),
  });
}

/** Reading a conversation marks its replies read: the menu's badge and the bell are read again after it. */
export function useConversation(id: number | null) {
  return useQuery({
    queryKey: [...supportKey, 'thread', id],
    queryFn: async ({ signal }) => {
      const answer = await call(endpoints.supportThread, { thread_id: id ?? 0 }, { signal });
      // The server marked the replies' notifications read too: the bell's count is read again with the badge.
      supportUnread.invalidate();
      unreadCount.invalidate();
      return answer;
    },
    enabled: id !== null,
  });
}

export interface Outgoing {
  threadId?: number;
  ref?: { type: SupportRefType; id: number };
  text: string;
  screenshot?: string;
}

export function useSend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: Outgoing) =>
      call(endpoints.supportSend, {
        text: m.text,
        ...(m.threadId === undefined ? {} : { thread_id: m.threadId }),
        ...(m.ref === undefined ? {} : { ref_type: m.ref.type, ref_id: m.ref.id }),
        ...(m.screenshot === undefined ? {} : { screenshot: m.screenshot }),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKey }),
  });
}
