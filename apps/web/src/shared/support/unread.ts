import { endpoints } from '@gama/core/endpoints';
import { call } from '../../lib/api-client.ts';
import { invalidateCachedAnswers } from '../../lib/cached-answers.ts';
import { Resource, useResource } from '../../lib/resource.ts';

/** The support screens' answers in the query client; a reply arriving live invalidates them. */
export const supportKey = ['support'] as const;

/** Unread support replies: shown in the menu on every screen, so a resource rather than a query (decision 021). */
export const supportUnread = new Resource((signal) => call(endpoints.supportUnread, {}, { signal }));

const countOf = (answer: { unread: number }) => answer.unread;

export function useSupportUnread(enabled: boolean) {
  return useResource(supportUnread, { enabled, select: countOf });
}

/** An operator answered (a `support_reply` notification): the badge and an open conversation read again. */
export function supportChanged(): void {
  supportUnread.invalidate();
  invalidateCachedAnswers(supportKey);
}

/** Where "Ask about this" leads: the support screen with the record attached to the first message. */
export function askAboutPath(type: 'deposit' | 'withdrawal' | 'bid', id: number): string {
  return `/support?about=${type}-${id}`;
}
