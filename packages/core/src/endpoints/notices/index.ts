/**
 * Operator notices ("offers", issue 31 item 1, decision 037): the console writes a title, a text, an optional
 * link to a screen of the player app and optional Hindi words, chooses an audience (every player, a market's
 * bidders today, or players inactive for some days), previews it and sends it. Each player of the audience gets
 * one in-app notification (and a push, when they keep offers on). An owner-set number of notices a day, and
 * above an owner-set audience a second operator's approval, bound what one operator can send.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';
import { isoTime, ok } from '../paging.ts';
import type { Language } from '../../contract/languages.ts';
import { isNoticeLink } from './links.ts';

export { NOTICE_LINKS, isNoticeLink } from './links.ts';

const domain = 'notices';

export const NOTICE_TITLE_MAX = 80;
export const NOTICE_TEXT_MAX = 500;
export const NOTICE_INACTIVE_DAYS_MAX = 365;

export const noticeMessages = {
  title: `Enter a title of 3 to ${NOTICE_TITLE_MAX} characters`,
  text: `Enter the text of the notice, 3 to ${NOTICE_TEXT_MAX} characters`,
  titleHi: `Enter a Hindi title of 3 to ${NOTICE_TITLE_MAX} characters, or leave it empty`,
  textHi: `Enter a Hindi text of 3 to ${NOTICE_TEXT_MAX} characters, or leave it empty`,
  hindiPair: 'Give the Hindi title and the Hindi text together, or neither',
  link:
    'The link must be a screen of the player app, such as /imp9 (Add Funds); web addresses and other paths ' +
    'are refused',
  audience: 'Choose who gets the notice: all players, a market’s bidders today, or inactive players',
  market: 'Choose the market whose bidders today get the notice',
  marketNotFound: 'No such market',
  days: `Inactive days must be a whole number from 1 to ${NOTICE_INACTIVE_DAYS_MAX}`,
  noAudience: 'No player is in this audience: nothing was sent',
  dailyLimit: (limit: number) =>
    `Today's limit of ${limit.toLocaleString('en-IN')} notices is reached: nothing was sent. The owner sets the limit in Settings.`,
  proposed: (threshold: number) =>
    `Waiting for a second operator: notices sent alone today would reach more than ${threshold.toLocaleString('en-IN')} players`,
  ownNotice: 'You proposed this notice: another operator must approve it',
  notFound: 'No such notice',
  wasRejected: (by: string) => `This notice was rejected by ${by}: it cannot be sent`,
  wasSent: (by: string) => `This notice was already approved by ${by} and sent`,
  reason: 'a reason of at least 3 characters is required',
} as const;

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const words = (max: number, message: string) =>
  z.string({ error: message }).trim().min(3, { error: message }).max(max, { error: message });

export const noticeAudience = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('all') }),
    z.strictObject({
      kind: z.literal('market_bidders'),
      market_id: z.number({ error: noticeMessages.market }).pipe(id),
    }),
    z.strictObject({
      kind: z.literal('inactive'),
      days: z
        .number({ error: noticeMessages.days })
        .int({ error: noticeMessages.days })
        .min(1, { error: noticeMessages.days })
        .max(NOTICE_INACTIVE_DAYS_MAX, { error: noticeMessages.days }),
    }),
  ],
  { error: noticeMessages.audience },
);
export type NoticeAudience = z.output<typeof noticeAudience>;

/** What the console composes: checked the same way in the browser (instant) and on the server (always). */
export const noticeDraft = z
  .strictObject({
    title: words(NOTICE_TITLE_MAX, noticeMessages.title),
    text: words(NOTICE_TEXT_MAX, noticeMessages.text),
    link: z
      .string({ error: noticeMessages.link })
      .trim()
      .refine(isNoticeLink, { error: noticeMessages.link })
      .optional(),
    title_hi: words(NOTICE_TITLE_MAX, noticeMessages.titleHi).optional(),
    text_hi: words(NOTICE_TEXT_MAX, noticeMessages.textHi).optional(),
    audience: noticeAudience,
  })
  .refine((d) => (d.title_hi === undefined) === (d.text_hi === undefined), {
    error: noticeMessages.hindiPair,
    path: ['title_hi'],
  });
export type NoticeDraft = z.output<typeof noticeDraft>;

export const noticeStates = ['pending_approval', 'sent', 'rejected'] as const;
export type NoticeState = (typeof noticeStates)[number];

const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });

export const notice = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  title_hi: z.string().nullable(),
  text_hi: z.string().nullable(),
  audience: noticeAudience,
  /** The market's name when the audience is its bidders. */
  market_name: z.string().nullable(),
  state: z.enum(noticeStates),
  maker: operatorRef,
  created_at: isoTime,
  /** The players the audience held when it was proposed or sent. */
  counted: z.number().int(),
  checker: operatorRef.nullable(),
  decided_at: isoTime.nullable(),
  decision_reason: z.string().nullable(),
  sent_at: isoTime.nullable(),
  /** The players it was sent to (the audience counted again at approval); null until sent. */
  recipients: z.number().int().nullable(),
});
export type Notice = z.output<typeof notice>;

/** What a draft would do now: how many it reaches and whether it would go out alone. */
export const noticePreviewAnswer = z.strictObject({
  status: ok,
  audience_count: z.number().int(),
  /** Sending it now would make a proposal for a second operator instead. */
  needs_approval: z.boolean(),
  /** Notices sent today (market time) and the owner's daily limit. */
  sent_today: z.number().int(),
  daily_limit: z.number().int(),
  /** Players reached today by notices sent without a second operator, and the owner's threshold (0: none). */
  solo_audience_today: z.number().int(),
  two_person_above: z.number().int(),
});

export const noticeAnswer = z.strictObject({
  status: ok,
  notice,
  /** A second approval or rejection of a notice already decided that way changes nothing. */
  already_decided: z.boolean(),
});

const noticeIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const noticeEndpoints = {
  adminNoticePreview: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/notices/preview',
    access: 'operator',
    permission: 'notices.send',
    summary:
      'How many players a draft notice reaches now, and whether sending it would need a second operator',
    body: noticeDraft,
    response: noticePreviewAnswer,
    errors: ['VALIDATION', 'NOT_FOUND'],
  }),
  adminNoticeSend: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/notices',
    access: 'operator',
    permission: 'notices.send',
    summary:
      'Send a notice to its audience now, or, past the two-person threshold, propose it for another operator to approve; a retry with the same Idempotency-Key answers the first answer and sends nothing more',
    body: noticeDraft,
    response: z.strictObject({ status: ok, notice, msg: z.string().optional() }),
    errors: ['VALIDATION', 'NOT_FOUND', 'NOTICE_DAILY_LIMIT', 'NOTICE_NO_AUDIENCE'],
    idempotent: true,
  }),
  adminNotices: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/notices',
    access: 'operator',
    permission: 'notices.read',
    summary: 'Notices, newest first (the latest 200): those waiting for approval, those sent, or all',
    query: z.object({ state: z.enum(['pending', 'sent', 'all']).default('all') }),
    response: z.strictObject({ status: ok, notices: z.array(notice) }),
    errors: ['VALIDATION'],
  }),
  adminNoticeApprove: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/notices/:id/approve',
    access: 'operator',
    permission: 'notices.approve',
    summary:
      "Approve another operator's proposed notice: its audience is counted again and it is sent once, however often this is sent",
    params: noticeIdParams,
    response: noticeAnswer,
    errors: [
      'NOT_FOUND',
      'NOTICE_OWN',
      'NOTICE_REJECTED',
      'NOTICE_SENT',
      'NOTICE_NO_AUDIENCE',
      'NOTICE_DAILY_LIMIT',
    ],
  }),
  adminNoticeReject: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/notices/:id/reject',
    access: 'operator',
    permission: 'notices.approve',
    summary: 'Reject a proposed notice with a reason: nothing is sent',
    params: noticeIdParams,
    body: z.object({
      reason: z
        .string({ error: noticeMessages.reason })
        .trim()
        .min(3, { error: noticeMessages.reason })
        .max(500),
    }),
    response: noticeAnswer,
    errors: ['NOT_FOUND', 'VALIDATION', 'NOTICE_OWN', 'NOTICE_REJECTED', 'NOTICE_SENT'],
  }),
};

/** The console's words for an audience. */
export function audienceLabel(a: NoticeAudience, marketName: string | null): string {
  switch (a.kind) {
    case 'all':
      return 'All players';
    case 'market_bidders':
      return `${marketName ?? `Market ${a.market_id}`} bidders today`;
    case 'inactive':
      return `Inactive for ${a.days} ${a.days === 1 ? 'day' : 'days'}`;
  }
}

/** A notice's words for one player: the Hindi ones for a Hindi-language player when given, else the English. */
export function noticeWords(
  n: { title: string; text: string; title_hi: string | null; text_hi: string | null },
  language: Language,
): { title: string; text: string } {
  return language === 'hi' && n.title_hi !== null && n.text_hi !== null
    ? { title: n.title_hi, text: n.text_hi }
    : { title: n.title, text: n.text };
}
