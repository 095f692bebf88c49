import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export type Box = 'unassigned' | 'mine' | 'all';
export type State = 'open' | 'closed';
export type ThreadAnswer = Answer<typeof endpoints.adminSupportThread>;

const supportKey = ['support'] as const;
/** New player messages arrive without a notice to the console: the inbox and an open thread are read again. */
const POLL_MS = 10_000;

export function useInbox(box: Box, status: State) {
  return useQuery({
    queryKey: [...supportKey, 'inbox', box, status],
    queryFn: ({ signal }) => call(endpoints.adminSupportInbox, { box, status }, { signal }),
    refetchInterval: POLL_MS,
  });
}

export function useThread(id: number | null) {
  return useQuery({
    queryKey: [...supportKey, 'thread', id],
    queryFn: ({ signal }) => call(endpoints.adminSupportThread, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    refetchInterval: POLL_MS,
  });
}

export function useSupportOperators() {
  return useQuery({
    queryKey: [...supportKey, 'operators'],
    queryFn: ({ signal }) => call(endpoints.adminSupportOperators, {}, { signal }),
  });
}

export function useCanned() {
  return useQuery({
    queryKey: [...supportKey, 'canned'],
    queryFn: ({ signal }) => call(endpoints.adminSupportCanned, {}, { signal }),
  });
}

/** Every action answers the conversation as it now is; the inbox's lists are read again. */
export function useThreadAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'reply'; id: number; text: string }
        | { kind: 'assign'; id: number; operatorId: number }
        | { kind: 'close' | 'reopen'; id: number },
    ): Promise<ThreadAnswer> => {
      switch (action.kind) {
        case 'reply':
          return call(endpoints.adminSupportReply, { id: action.id, text: action.text });
        case 'assign':
          return call(endpoints.adminSupportAssign, { id: action.id, operator_id: action.operatorId });
        case 'close':
          return call(endpoints.adminSupportClose, { id: action.id });
        case 'reopen':
          return call(endpoints.adminSupportReopen, { id: action.id });
      }
    },
    onSuccess: (answer) => {
      client.setQueryData([...supportKey, 'thread', answer.thread.id], answer);
      void client.invalidateQueries({ queryKey: [...supportKey, 'inbox'] });
    },
  });
}

export function useSaveCanned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replies: { title: string; text: string }[]) =>
      call(endpoints.adminSupportCannedUpdate, { replies }),
    onSuccess: (answer) => client.setQueryData([...supportKey, 'canned'], answer),
  });
}
