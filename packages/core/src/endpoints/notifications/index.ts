/**
 * The player's notifications (issue 17): their own events, kept 30 days, listed newest first, marked read, and
 * streamed live as Server-Sent Events while the app is open. The app writes each row's text from its kind and
 * fields (in the player's language); the server sends facts, not sentences.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';
import { isoTime, ok } from '../paging.ts';

const domain = 'notifications';

export const notificationKinds = [
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_paid',
  'withdrawal_rejected',
  'win',
  'result',
  // An operator answered in the support inbox: ref is the message, detail the start of its text.
  'support_reply',
  // An operator's notice (decision 037): ref is the notice, its words in `notice`.
  'offer',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How long a notification is kept, in days. */
export const NOTIFICATION_DAYS = 30;
/** The most rows one page of the list gives. */
export const NOTIFICATION_PAGE_MAX = 50;

export const notificationRow = z.strictObject({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  /** Paise, for the money events; null otherwise. */
  amount_paise: z.number().int().nullable(),
  /** The market's name (win, result). */
  market: z.string().nullable(),
  /** The declared value (result), or the operator's reason (a rejection). */
  detail: z.string().nullable(),
  created_at: isoTime,
  read: z.boolean(),
  /**
   * An operator's notice (kind `offer`): its words (the Hindi ones when the operator gave them; the app shows
   * them in its language with `noticeWords`), and the screen of the app it opens.
   */
  notice: z
    .strictObject({
      title: z.string(),
      text: z.string(),
      title_hi: z.string().nullable(),
      text_hi: z.string().nullable(),
      link: z.string().startsWith('/').nullable(),
    })
    .optional(),
});

export const notificationsAnswer = z.strictObject({
  status: ok,
  /** Newest first. */
  notifications: z.array(notificationRow),
  /** The next page starts below this id; null when this page is the last. */
  next_before: z.number().int().nullable(),
  unread: z.number().int().min(0),
});

export const unreadAnswer = z.strictObject({ status: ok, unread: z.number().int().min(0) });

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const notificationEndpoints = {
  notifications: endpoint({
    domain,
    method: 'POST',
    path: '/api-notifications',
    access: 'player',
    summary: 'The session player’s notifications of the last 30 days, newest first, a page at a time',
    body: z.object({
      /** Only rows older than this id (the previous page's `next_before`). */
      before: id.optional(),
      limit: z.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
    }),
    response: notificationsAnswer,
    errors: ['VALIDATION'],
  }),
  notificationsUnread: endpoint({
    domain,
    method: 'POST',
    path: '/api-notifications-unread',
    access: 'player',
    summary: 'How many of the session player’s notifications are unread',
    response: unreadAnswer,
    errors: [],
  }),
  notificationsRead: endpoint({
    domain,
    method: 'POST',
    path: '/api-notifications-read',
    access: 'player',
    summary: 'Mark the session player’s notifications read: the ids given, or every one without ids',
    body: z.object({ ids: z.array(id).min(1).max(200).optional() }),
    response: unreadAnswer,
    errors: ['VALIDATION'],
  }),
  notificationsStream: endpoint({
    domain,
    method: 'GET',
    path: '/api-notifications-stream',
    access: 'player',
    summary:
      'Server-Sent Events: each new notification of the session player as a `notification` event whose id is ' +
      'the row id (resume with Last-Event-ID), and a comment line every 25 s',
    response: notificationRow,
    errors: [],
    produces: 'text/event-stream',
  }),
};
