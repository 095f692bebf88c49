/**
 * The support inbox (issue 31, item 2): a player's conversations with the operator, each optionally about one
 * of the player's own records (a deposit, a withdrawal or a bid), and the console's inbox that answers them.
 * A player reads and writes only their own conversations; another player's id reads as not found. Messages
 * are kept for `support_retention_days` (an owner setting), then swept.
 */
import { z } from 'zod';
import { SCREENSHOT_MAX_BYTES } from '../deposits/index.ts';
import { endpoint } from '../define.ts';
import { isoTime, ok } from '../paging.ts';

const domain = 'support';

/** The longest message, in characters, from a player or an operator. */
export const SUPPORT_MESSAGE_MAX = 1000;
/** A player may send this many messages a minute, and this many an hour, across their conversations. */
export const SUPPORT_PER_MINUTE = 5;
export const SUPPORT_PER_HOUR = 30;
/** The most canned replies the owner keeps, and the longest title of one. */
export const CANNED_MAX = 30;
export const CANNED_TITLE_MAX = 60;

export const supportMessages = {
  notFound: 'Conversation not found',
  empty: 'Write a message or attach a screenshot',
  tooLong: `A message is at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-IN')} characters`,
  recordNotFound: 'That record is not one of yours',
  recordHalf: 'Send both ref_type and ref_id, or neither',
  rateMinute: `You can send at most ${SUPPORT_PER_MINUTE} messages a minute. Please wait a moment`,
  rateHour: `You can send at most ${SUPPORT_PER_HOUR} messages an hour. Please wait`,
  closed: 'This conversation is closed',
  alreadyOpen: 'This conversation is already open',
  alreadyClosed: 'This conversation is already closed',
  assigneeInvalid: 'Assign to an enabled operator who can answer support',
  noImage: 'This message has no screenshot',
  cannedTitle: `Each canned reply needs a title of 1 to ${CANNED_TITLE_MAX} characters`,
  cannedTooMany: `Keep at most ${CANNED_MAX} canned replies`,
} as const;

export const supportRefTypes = ['deposit', 'withdrawal', 'bid'] as const;
export type SupportRefType = (typeof supportRefTypes)[number];

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const messageText = z
  .string({ error: supportMessages.empty })
  .trim()
  .max(SUPPORT_MESSAGE_MAX, { error: supportMessages.tooLong });

export const supportRef = z.strictObject({ type: z.enum(supportRefTypes), id: z.number().int() });

export const supportMessage = z.strictObject({
  id: z.number().int(),
  from: z.enum(['player', 'operator']),
  /** The operator's username on an operator's message (the console only; the app shows "Support"). */
  operator: z.string().nullable(),
  text: z.string(),
  has_image: z.boolean(),
  created_at: isoTime,
});
export type SupportMessage = z.output<typeof supportMessage>;

export const supportThreadSummary = z.strictObject({
  id: z.number().int(),
  ref: supportRef.nullable(),
  status: z.enum(['open', 'closed']),
  last_text: z.string(),
  last_at: isoTime,
  /** Operator messages the player has not seen. */
  unread: z.number().int().min(0),
});
export type SupportThreadSummary = z.output<typeof supportThreadSummary>;

export const playerThreadsAnswer = z.strictObject({
  status: ok,
  threads: z.array(supportThreadSummary),
  unread: z.number().int().min(0),
});

export const playerThreadAnswer = z.strictObject({
  status: ok,
  thread: supportThreadSummary,
  messages: z.array(supportMessage),
});

export const supportSendBody = z
  .object({
    /** The conversation to write in; without it a new one starts (or the open one about the same record). */
    thread_id: id.optional(),
    ref_type: z.enum(supportRefTypes, { error: 'ref_type is deposit, withdrawal or bid' }).optional(),
    ref_id: id.optional(),
    text: messageText.default(''),
    /** `data:image/png|jpeg|webp;base64,…`, at most 1 MiB decoded; re-encoded by the server. */
    screenshot: z.string().optional(),
  })
  .refine((b) => (b.ref_type === undefined) === (b.ref_id === undefined), {
    error: supportMessages.recordHalf,
  });

export const supportSendAnswer = z.strictObject({
  status: ok,
  thread_id: z.number().int(),
  message: supportMessage,
});

const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });
const playerRef = z.strictObject({ id: z.number().int(), user_name: z.string(), mobile: z.string() });

export const inboxRow = z.strictObject({
  id: z.number().int(),
  player: playerRef,
  ref: supportRef.nullable(),
  status: z.enum(['open', 'closed']),
  assignee: operatorRef.nullable(),
  last_text: z.string(),
  last_at: isoTime,
  /** The player wrote last: the conversation waits for an answer. */
  waiting: z.boolean(),
  created_at: isoTime,
});
export type InboxRow = z.output<typeof inboxRow>;

export const inboxQuery = z.object({
  box: z.enum(['unassigned', 'mine', 'all'], { error: 'box is unassigned, mine or all' }).default('all'),
  status: z.enum(['open', 'closed'], { error: 'status is open or closed' }).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});

export const inboxAnswer = z.strictObject({
  status: ok,
  rows: z.array(inboxRow),
  total: z.number().int().min(0),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const inboxThreadAnswer = z.strictObject({
  status: ok,
  thread: inboxRow.extend({
    first_response_at: isoTime.nullable(),
    closed_at: isoTime.nullable(),
  }),
  messages: z.array(supportMessage),
});

export const replyBody = z.object({
  text: messageText.min(1, { error: supportMessages.empty }),
});

export const assignBody = z.object({ operator_id: id });

export const cannedReply = z.strictObject({
  title: z
    .string({ error: supportMessages.cannedTitle })
    .trim()
    .min(1, { error: supportMessages.cannedTitle })
    .max(CANNED_TITLE_MAX, { error: supportMessages.cannedTitle }),
  text: z
    .string({ error: supportMessages.empty })
    .trim()
    .min(1, { error: supportMessages.empty })
    .max(SUPPORT_MESSAGE_MAX, { error: supportMessages.tooLong }),
});
export type CannedReply = z.output<typeof cannedReply>;

export const cannedAnswer = z.strictObject({ status: ok, replies: z.array(cannedReply) });

export const supportOperatorsAnswer = z.strictObject({ status: ok, operators: z.array(operatorRef) });

export const supportStatsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1, { error: 'days is 1 to 365' })
    .max(365, { error: 'days is 1 to 365' })
    .default(30),
});

export const supportStatsAnswer = z.strictObject({
  status: ok,
  days: z.number().int(),
  /** Per operator, over conversations started in the period. */
  operators: z.array(
    z.strictObject({
      operator: operatorRef,
      /** Conversations this operator answered first, and the mean seconds from the player's first message. */
      first_responses: z.number().int(),
      first_response_seconds: z.number().nullable(),
      /** Conversations this operator closed, and the mean seconds from start to close. */
      resolved: z.number().int(),
      resolution_seconds: z.number().nullable(),
    }),
  ),
  /** Open conversations nobody has answered yet. */
  unanswered: z.number().int(),
});

export const supportEndpoints = {
  supportThreads: endpoint({
    domain,
    method: 'POST',
    path: '/api-support-threads',
    access: 'player',
    summary: 'The session player’s support conversations, newest first, with the count of unread replies',
    response: playerThreadsAnswer,
    errors: [],
  }),
  supportThread: endpoint({
    domain,
    method: 'POST',
    path: '/api-support-thread',
    access: 'player',
    summary: 'One of the session player’s conversations with its messages; marks the replies read',
    body: z.object({ thread_id: id }),
    response: playerThreadAnswer,
    errors: ['VALIDATION', 'NOT_FOUND'],
  }),
  supportSend: endpoint({
    domain,
    method: 'POST',
    path: '/api-support-send',
    access: 'player',
    summary:
      'Write to support: in a conversation of the player’s, or a new one, optionally about one of the player’s deposits, withdrawals or bids, with text and optionally a screenshot',
    body: supportSendBody,
    response: supportSendAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'RATE_LIMITED', 'MESSAGE_EMPTY', 'SCREENSHOT_INVALID'],
    bodyLimit: 2 * SCREENSHOT_MAX_BYTES,
  }),
  supportImage: endpoint({
    domain,
    method: 'GET',
    path: '/api-support-image/:id',
    access: 'player',
    summary:
      'A screenshot the session player attached in one of their conversations (WebP, as the server re-encoded it)',
    params: idParams,
    response: z.unknown(),
    errors: ['NOT_FOUND'],
    produces: 'image/*',
  }),
  supportUnread: endpoint({
    domain,
    method: 'POST',
    path: '/api-support-unread',
    access: 'player',
    summary: 'How many support replies the session player has not read',
    response: z.strictObject({ status: ok, unread: z.number().int().min(0) }),
    errors: [],
  }),
  adminSupportInbox: endpoint({
    domain,
    access: 'operator',
    method: 'GET',
    path: '/admin-api/support/threads',
    permission: 'support.read',
    summary:
      'The support inbox: unassigned, mine or all; open or closed; conversations waiting longest first',
    query: inboxQuery,
    response: inboxAnswer,
    errors: ['VALIDATION'],
  }),
  adminSupportThread: endpoint({
    domain,
    access: 'operator',
    method: 'GET',
    path: '/admin-api/support/threads/:id',
    permission: 'support.read',
    summary: 'One conversation with its messages, the player and the record it is about',
    params: idParams,
    response: inboxThreadAnswer,
    errors: ['NOT_FOUND'],
  }),
  adminSupportReply: endpoint({
    domain,
    access: 'operator',
    method: 'POST',
    path: '/admin-api/support/threads/:id/reply',
    permission: 'support.reply',
    summary: 'Answer the player (audited); an unassigned conversation becomes the answering operator’s',
    params: idParams,
    body: replyBody,
    response: inboxThreadAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'THREAD_CLOSED'],
  }),
  adminSupportAssign: endpoint({
    domain,
    access: 'operator',
    method: 'POST',
    path: '/admin-api/support/threads/:id/assign',
    permission: 'support.reply',
    summary: 'Give the conversation to an operator who can answer support (audited)',
    params: idParams,
    body: assignBody,
    response: inboxThreadAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'ASSIGNEE_INVALID'],
  }),
  adminSupportClose: endpoint({
    domain,
    access: 'operator',
    method: 'POST',
    path: '/admin-api/support/threads/:id/close',
    permission: 'support.reply',
    summary: 'Close the conversation (audited); the player writing again reopens it',
    params: idParams,
    response: inboxThreadAnswer,
    errors: ['NOT_FOUND', 'THREAD_ALREADY_CLOSED'],
  }),
  adminSupportReopen: endpoint({
    domain,
    access: 'operator',
    method: 'POST',
    path: '/admin-api/support/threads/:id/reopen',
    permission: 'support.reply',
    summary: 'Reopen a closed conversation (audited)',
    params: idParams,
    response: inboxThreadAnswer,
    errors: ['NOT_FOUND', 'THREAD_ALREADY_OPEN'],
  }),
  adminSupportImage: endpoint({
    domain,
    access: 'operator',
    method: 'GET',
    path: '/admin-api/support/messages/:id/image',
    permission: 'support.read',
    summary: 'The screenshot a player attached to a message (WebP, re-encoded by the server)',
    params: idParams,
    response: z.unknown(),
    errors: ['NOT_FOUND'],
    produces: 'image/*',
  }),
  adminSupportOperators: endpoint({
    domain,
    access: 'operator',
    method: 'GET',
    path: '/admin-api/support/operators',
    permission: 'support.read',
    summary: 'The enabled operators a conversation can be assigned to',
    response: supportOperatorsAnswer,
    errors: [],
  }),
  adminSupportCanned: endpoint({
    domain,
    access: 'operator',
    method: 'GET',
    path: '/admin-api/support/canned',
    permission: 'support.read',
    summary: 'The canned replies, in the owner’s order',
    response: cannedAnswer,
    errors: [],
  }),
  adminSupportCannedUpdate: endpoint({
    domain,
    access: 'operator',
    method: 'PATCH',
    path: '/admin-api/support/canned',
    permission: 'support.canned',
    summary: 'Replace the canned replies with the list sent (audited before and after)',
    body: z.object({
      replies: z.array(cannedReply).max(CANNED_MAX, { error: supportMessages.cannedTooMany }),
    }),
    response: cannedAnswer,
    errors: ['VALIDATION'],
  }),
  adminSupportStats: endpoint({
    domain,
    access: 'operator',
    method: 'GET',
    path: '/admin-api/support/stats',
    permission: 'support.read',
    summary: 'First-response and resolution times per operator over the last `days` days',
    query: supportStatsQuery,
    response: supportStatsAnswer,
    errors: ['VALIDATION'],
  }),
};
