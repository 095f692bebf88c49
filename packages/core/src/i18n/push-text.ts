/**
 * A notification's words for a push: the same templates the bell's list uses (so a pushed text and the row
 * in the app read alike), in the player's language, worded by the server because a service worker has no
 * catalogue. `{points}` as the app shows them: Indian grouping, paise only when there are any.
 */
import type { NotificationKind } from '../endpoints/notifications/index.ts';
import type { PushPayload, PushTopic } from '../endpoints/push/index.ts';
import { notificationMessages as m } from '../contract/notification-messages.ts';
import { formatPoints } from '../rules/money.ts';
import { fill } from './compile.ts';
import { hi } from './hi.ts';
import type { Language } from '../contract/languages.ts';
import type { Text } from './texts.ts';

export interface PushFacts {
  id: number;
  kind: NotificationKind;
  amountPaise: number | null;
  market: string | null;
  detail: string | null;
  /** An operator's notice (kind `offer`): its words, chosen for the player's language, and its screen. */
  notice?: { title: string; text: string; link: string | null } | undefined;
}

/** Which of the player's switches a kind obeys. */
export const topicOfKind: Record<NotificationKind, PushTopic> = {
  deposit_approved: 'money',
  deposit_rejected: 'money',
  withdrawal_paid: 'money',
  withdrawal_rejected: 'money',
  win: 'results',
  result: 'results',
  support_reply: 'support',
  offer: 'offers',
};

function points(paise: number | null): string {
  if (paise === null) return '';
  return formatPoints(paise, { decimals: 'when-needed' });
}

export function pushText(facts: PushFacts, language: Language): PushPayload {
  const t = (text: Text, values?: Record<string, string>): string =>
    fill(language === 'hi' ? hi[text] : text, values);
  const amount = { points: points(facts.amountPaise) };
  const market = facts.market ?? '';
  // An operator's reason is shown as written; the app translates the known ones, a push keeps it plain.
  const reason = facts.detail === null ? null : t('Reason: {reason}', { reason: facts.detail });
  const at = (title: string, body: string | null, url = '/notifications'): PushPayload => ({
    title,
    body: body ?? '',
    url,
    tag: `${facts.kind}-${facts.id}`,
  });
  switch (facts.kind) {
    case 'deposit_approved':
      return at(t('Deposit of {points} points approved', amount), t(m.depositApprovedDetail));
    case 'deposit_rejected':
      return at(t('Deposit of {points} points rejected', amount), reason);
    case 'withdrawal_paid':
      return at(t('Withdrawal of {points} points paid', amount), t(m.withdrawalPaidDetail));
    case 'withdrawal_rejected':
      return at(
        t('Withdrawal of {points} points rejected', amount),
        [reason, t(m.withdrawalRejectedDetail)].filter(Boolean).join(' '),
      );
    case 'win':
      return at(
        t('You won {points} points', amount),
        t('Credited to your wallet from {market}.', { market }),
      );
    case 'result':
      return at(
        t('{market} result declared', { market }),
        facts.detail === null ? null : t('Result: {value}', { value: facts.detail }),
      );
    case 'support_reply':
      return at(t('Support replied to you'), t('Open Support to read the reply.'), '/support');
    case 'offer':
      // The operator's own words, already in the player's language (noticeWords), as the bell shows them.
      return at(
        facts.notice?.title ?? '',
        facts.notice?.text ?? null,
        facts.notice?.link ?? '/notifications',
      );
  }
}
