/**
 * The operator's inbox (issue 32 item 10): what the console owes its reader, kept per operator. A maker reads
 * that a checker rejected their declaration, with who, when and why; an approver reads that a declaration
 * waits for them. Each operator reads and marks only their own rows; the server sends facts, the console
 * writes the sentences.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';
import { ok } from '../paging.ts';

const domain = 'inbox';

export const inboxKinds = ['declaration_rejected', 'declaration_waiting'] as const;

/** The most rows the inbox lists, newest first. */
export const INBOX_LIMIT = 30;

const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });

export const inboxItem = z.strictObject({
  id: z.number().int(),
  kind: z.enum(inboxKinds),
  created_at: z.string(),
  read: z.boolean(),
  /**
   * False once there is nothing left to do about it: a waiting declaration someone has since decided. Such an
   * item is listed but not counted as unread.
   */
  current: z.boolean(),
  declaration: z.strictObject({
    declaration_id: z.number().int(),
    market_id: z.number().int(),
    market_name: z.string(),
    group: z.enum(['main', 'starline', 'gali']),
    date: z.string(),
    half: z.enum(['open', 'close', 'single']),
    value: z.string(),
    state: z.enum(['pending_approval', 'declared', 'rejected', 'superseded']),
    maker: operatorRef,
    checker: operatorRef.nullable(),
    reason: z.string().nullable(),
    decided_at: z.string().nullable(),
  }),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxAnswer = z.strictObject({
  status: ok,
  /** Unread items that still call for something (`current`). */
  unread: z.number().int().min(0),
  items: z.array(inboxItem),
});

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const inboxEndpoints = {
  inbox: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/inbox',
    access: 'operator',
    permission: 'account.self',
    summary:
      "The signed-in operator's own inbox, newest first (at most 30): declarations of theirs a checker " +
      'rejected, and declarations waiting for their approval',
    response: inboxAnswer,
    errors: [],
  }),
  inboxRead: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/inbox/read',
    access: 'operator',
    permission: 'account.self',
    summary:
      "Mark items of one's own inbox read (`ids`), or all of them when `ids` is left out; another " +
      "operator's ids are ignored",
    body: z.strictObject({ ids: z.array(id).min(1).max(100).optional() }),
    response: z.strictObject({ status: ok, marked: z.number().int().min(0) }),
    errors: ['VALIDATION'],
  }),
};
