/**
 * The support inbox (issue 31, item 2) through the real HTTP layer: a player reads and writes only their own
 * conversations and records, messages are checked for length and rate, an operator's reply reaches the
 * player as an unread reply and a notification, the console's queue, assignment, close and reopen, canned
 * replies and the dashboard's times, every operator action audited without the words, and the retention
 * sweep on the server's clock.
 */
import sharp from 'sharp';
import { supportMessages } from '@gama/core/endpoints/support/index';
import type { InboxRow, SupportMessage, SupportThreadSummary } from '@gama/core/endpoints/support/index';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { createTestApp, snapshot } from '../../../test/helpers.ts';
import { auditRowsOf } from '../../../test/console.ts';
import { admin, operatorToken, requestDeposit } from '../../../test/money.ts';
import { sweepSupport } from './retention.ts';

const IST = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00+05:30`;
const TABLES = ['support_threads', 'support_messages', 'notifications', 'audit_log'] as const;

let t: TestApp;
let owner: string;
let helper: string;
let helper2: string;
let cashier: string;
beforeAll(async () => {
  t = await createTestApp({
    now: IST('09:00'),
    env: { NOTIFICATION_HEARTBEAT_MS: '200', NOTIFICATION_STREAM_MS: '60000' },
  });
  owner = await operatorToken(t, 'owner');
  helper = await operatorToken(t, 'support');
  helper2 = await operatorToken(t, 'support');
  cashier = await operatorToken(t, 'cashier');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // The stream's socket, aborted by the client, may still be open on the server's side.
  t.app.server.closeAllConnections();
  await t.close();
});

type Player = Awaited<ReturnType<TestApp['player']>>;
type SendAnswer = ApiBody & { thread_id: number; message: SupportMessage };
type ThreadAnswer = ApiBody & { thread: SupportThreadSummary; messages: SupportMessage[] };
type InboxThread = {
  status: boolean;
  code?: string;
  msg?: string;
  thread: InboxRow & { first_response_at: string | null; closed_at: string | null };
  messages: SupportMessage[];
};

const send = (p: Player, body: Record<string, unknown>) =>
  t.post<SendAnswer>('/api-support-send', body, { token: p.token });
const readThread = (p: Player, id: number) =>
  t.post<ThreadAnswer>('/api-support-thread', { thread_id: id }, { token: p.token });
const unread = async (p: Player) =>
  (await t.post<ApiBody & { unread: number }>('/api-support-unread', {}, { token: p.token })).json.unread;
/** Moves the clock past the per-minute window, so a test's messages do not count against the next. */
const nextMinute = () => t.clock.advance(61_000);

async function signInAgain(p: Player): Promise<string> {
  const res = await t.post<ApiBody & { unique_token: string }>('/api-user-login', {
    mobile: p.mobile,
    password: p.password,
  });
  expect(res.statusCode, res.raw).toBe(200);
  return res.json.unique_token;
}

describe('a player’s own conversations only', () => {
  it('asks about a deposit; the record travels with the conversation to the console', async () => {
    const p = await t.player();
    const deposit = await requestDeposit(t, p, 500);
    const sent = await send(p, {
      ref_type: 'deposit',
      ref_id: deposit,
      text: '  I paid, where are my points?  ',
    });
    expect(sent.statusCode, sent.json.msg).toBe(200);
    expect(sent.json.message).toMatchObject({
      from: 'player',
      text: 'I paid, where are my points?',
      has_image: false,
    });
    const thread = await readThread(p, sent.json.thread_id);
    expect(thread.json.thread.ref).toEqual({ type: 'deposit', id: deposit });
    // A second question about the same record joins the open conversation.
    const again = await send(p, { ref_type: 'deposit', ref_id: deposit, text: 'Any news?' });
    expect(again.json.thread_id).toBe(sent.json.thread_id);
    const seen = await admin<InboxThread>(
      t,
      helper,
      'GET',
      `/admin-api/support/threads/${sent.json.thread_id}`,
    );
    expect(seen.statusCode).toBe(200);
    expect(seen.json.thread).toMatchObject({
      ref: { type: 'deposit', id: deposit },
      player: { id: p.id },
      waiting: true,
      assignee: null,
    });
    expect(seen.json.messages.map((m) => m.text)).toEqual(['I paid, where are my points?', 'Any news?']);
    nextMinute();
  });

  it('reads another player’s conversation, and writes in it, as not found, changing nothing', async () => {
    const a = await t.player();
    const b = await t.player();
    const sent = await send(a, { text: 'private question' });
    expect(sent.statusCode).toBe(200);
    const before = await snapshot(t.db, TABLES);
    const read = await readThread(b, sent.json.thread_id);
    expect(read.statusCode).toBe(404);
    expect(read.json.msg).toBe(supportMessages.notFound);
    const write = await send(b, { thread_id: sent.json.thread_id, text: 'let me in' });
    expect(write.statusCode).toBe(404);
    expect(write.json.msg).toBe(supportMessages.notFound);
    const list = await t.post<ApiBody & { threads: SupportThreadSummary[] }>(
      '/api-support-threads',
      {},
      { token: b.token },
    );
    expect(list.json.threads).toEqual([]);
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    nextMinute();
  });

  it('refuses a record that is not the player’s own, in the words of a missing one', async () => {
    const a = await t.player();
    const b = await t.player();
    const deposit = await requestDeposit(t, a, 300);
    const before = await snapshot(t.db, TABLES);
    for (const ref of [
      { ref_type: 'deposit', ref_id: deposit },
      { ref_type: 'withdrawal', ref_id: 999_999 },
      { ref_type: 'bid', ref_id: 999_999 },
    ]) {
      const res = await send(b, { ...ref, text: 'about this' });
      expect(res.statusCode).toBe(404);
      expect(res.json.msg).toBe(supportMessages.recordNotFound);
    }
    expect(await snapshot(t.db, TABLES)).toEqual(before);
  });
});

describe('what a message may be', () => {
  it('refuses an empty message, a long one and half a record with clear words, changing nothing', async () => {
    const p = await t.player();
    const before = await snapshot(t.db, TABLES);
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ' }, supportMessages.empty],
      [{}, supportMessages.empty],
      [{ text: 'x'.repeat(1001) }, supportMessages.tooLong],
      [{ text: 'hi', ref_type: 'deposit' }, supportMessages.recordHalf],
      [{ text: 'hi', ref_type: 'wallet', ref_id: 1 }, 'ref_type is deposit, withdrawal or bid'],
      [{ text: 'hi', screenshot: 'data:text/plain;base64,aGk=' }, fundsMessages.screenshotInvalid],
    ];
    for (const [body, msg] of cases) {
      const res = await send(p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json.msg).toBe(msg);
    }
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    const longest = await send(p, { text: 'x'.repeat(1000) });
    expect(longest.statusCode).toBe(200);
    nextMinute();
  });

  it('keeps a screenshot re-encoded by the server, shown to the console as WebP', async () => {
    const p = await t.player();
    const png = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const sent = await send(p, { screenshot: `data:image/png;base64,${png.toString('base64')}` });
    expect(sent.statusCode, sent.json.msg).toBe(200);
    expect(sent.json.message).toMatchObject({ text: '', has_image: true });
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin-api/support/messages/${sent.json.message.id}/image`,
      headers: { authorization: `Bearer ${helper}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The player who sent it sees it again; another player's request reads like a message without one.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api-support-image/${sent.json.message.id}`,
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.rawPayload.equals(res.rawPayload)).toBe(true);
    const stranger = await t.player();
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api-support-image/${sent.json.message.id}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ msg: string }>().msg).toBe(supportMessages.noImage);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api-support-image/${sent.json.message.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    nextMinute();
  });
});

describe('the rate of a player’s messages', () => {
  it('allows five a minute and thirty an hour, naming the limit, and counts racing sends once each', async () => {
    const p = await t.player();
    const sends = await Promise.all(Array.from({ length: 8 }, (_, i) => send(p, { text: `burst ${i}` })));
    expect(sends.filter((s) => s.statusCode === 200)).toHaveLength(5);
    const refused = sends.filter((s) => s.statusCode !== 200);
    expect(refused.every((s) => s.statusCode === 429 && s.json.msg === supportMessages.rateMinute)).toBe(
      true,
    );
    for (let minute = 1; minute < 6; minute++) {
      nextMinute();
      for (let i = 0; i < 5; i++) expect((await send(p, { text: `m${minute}-${i}` })).statusCode).toBe(200);
    }
    nextMinute();
    const hour = await send(p, { text: 'one more' });
    expect(hour.statusCode).toBe(429);
    expect(hour.json.msg).toBe(supportMessages.rateHour);
    t.clock.advance(60 * 60_000);
    expect((await send(p, { text: 'an hour later' })).statusCode).toBe(200);
    nextMinute();
  });
});

describe('the console works the inbox', () => {
  it('replies: the player sees an unread reply and a notification; the conversation is the replier’s', async () => {
    const p = await t.player();
    const sent = await send(p, { text: 'help please' });
    const id = sent.json.thread_id;
    const unassigned = await admin<{ rows: InboxRow[] }>(
      t,
      helper,
      'GET',
      '/admin-api/support/threads?box=unassigned',
    );
    expect(unassigned.json.rows.map((r) => r.id)).toContain(id);
    t.clock.advance(120_000);
    const answered = await admin<InboxThread>(t, helper, 'POST', `/admin-api/support/threads/${id}/reply`, {
      text: 'Looking at it now',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json.thread.assignee?.username).toBe('op2_support');
    expect(answered.json.thread.waiting).toBe(false);
    expect(answered.json.messages.at(-1)).toMatchObject({ from: 'operator', operator: 'op2_support' });
    expect(await unread(p)).toBe(1);
    const { rows } = await t.db.query<{ kind: string; read_at: Date | null }>(
      'SELECT kind, read_at FROM notifications WHERE player_id = $1',
      [p.id],
    );
    expect(rows).toEqual([{ kind: 'support_reply', read_at: null }]);
    const read = await readThread(p, id);
    // The player's app never shows which operator answered.
    expect(read.json.messages.at(-1)).toMatchObject({
      from: 'operator',
      operator: null,
      text: 'Looking at it now',
    });
    expect(await unread(p)).toBe(0);
    const { rows: after } = await t.db.query<{ read_at: Date | null }>(
      'SELECT read_at FROM notifications WHERE player_id = $1',
      [p.id],
    );
    expect(after[0]?.read_at).not.toBeNull();
    const mine = await admin<{ rows: InboxRow[] }>(t, helper, 'GET', '/admin-api/support/threads?box=mine');
    expect(mine.json.rows.map((r) => r.id)).toContain(id);
    const theirs = await admin<{ rows: InboxRow[] }>(
      t,
      helper2,
      'GET',
      '/admin-api/support/threads?box=mine',
    );
    expect(theirs.json.rows.map((r) => r.id)).not.toContain(id);
    const audits = (await auditRowsOf(t, 'support_reply')).filter((r) => r.target_id === String(id));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.username).toBe('op2_support');
    expect(JSON.stringify(audits[0])).not.toContain('Looking at it now');
    nextMinute();
  });

  it('assigns only to an enabled operator who answers support, audited', async () => {
    const p = await t.player();
    const id = (await send(p, { text: 'assign me' })).json.thread_id;
    const { rows: ops } = await t.db.query<{ id: number; username: string }>(
      'SELECT id, username FROM operators',
    );
    const idOf = (name: string) => Number(ops.find((o) => o.username === name)?.id);
    const before = await snapshot(t.db, TABLES);
    const refused = await admin<InboxThread>(t, helper, 'POST', `/admin-api/support/threads/${id}/assign`, {
      operator_id: idOf('op4_cashier'),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.msg).toBe(supportMessages.assigneeInvalid);
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    const given = await admin<InboxThread>(t, helper, 'POST', `/admin-api/support/threads/${id}/assign`, {
      operator_id: idOf('op3_support'),
    });
    expect(given.statusCode).toBe(200);
    expect(given.json.thread.assignee?.username).toBe('op3_support');
    const theirs = await admin<{ rows: InboxRow[] }>(
      t,
      helper2,
      'GET',
      '/admin-api/support/threads?box=mine',
    );
    expect(theirs.json.rows.map((r) => r.id)).toContain(id);
    const audit = (await auditRowsOf(t, 'support_assign')).find((r) => r.target_id === String(id));
    expect(audit).toMatchObject({
      username: 'op2_support',
      after_state: { assigned_to: idOf('op3_support') },
    });
    nextMinute();
  });

  it('closes and reopens, each once, audited; a closed conversation takes no reply; the player reopens it', async () => {
    const p = await t.player();
    const id = (await send(p, { text: 'close me' })).json.thread_id;
    const closed = await admin<InboxThread>(t, helper, 'POST', `/admin-api/support/threads/${id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json.thread.status).toBe('closed');
    const twice = await admin<InboxThread>(t, helper, 'POST', `/admin-api/support/threads/${id}/close`);
    expect([twice.statusCode, twice.json.msg]).toEqual([409, supportMessages.alreadyClosed]);
    const replied = await admin<InboxThread>(t, helper, 'POST', `/admin-api/support/threads/${id}/reply`, {
      text: 'hi',
    });
    expect([replied.statusCode, replied.json.msg]).toEqual([409, supportMessages.closed]);
    const closedBox = await admin<{ rows: InboxRow[] }>(
      t,
      helper,
      'GET',
      '/admin-api/support/threads?status=closed',
    );
    expect(closedBox.json.rows.map((r) => r.id)).toContain(id);
    const reopened = await admin<InboxThread>(t, helper, 'POST', `/admin-api/support/threads/${id}/reopen`);
    expect(reopened.json.thread.status).toBe('open');
    const again = await admin<InboxThread>(t, helper, 'POST', `/admin-api/support/threads/${id}/reopen`);
    expect([again.statusCode, again.json.msg]).toEqual([409, supportMessages.alreadyOpen]);
    await admin(t, helper, 'POST', `/admin-api/support/threads/${id}/close`);
    expect((await send(p, { thread_id: id, text: 'still not fixed' })).statusCode).toBe(200);
    const seen = await admin<InboxThread>(t, helper, 'GET', `/admin-api/support/threads/${id}`);
    expect(seen.json.thread).toMatchObject({ status: 'open', waiting: true, closed_at: null });
    expect((await auditRowsOf(t, 'support_close')).filter((r) => r.target_id === String(id))).toHaveLength(2);
    expect((await auditRowsOf(t, 'support_reopen')).filter((r) => r.target_id === String(id))).toHaveLength(
      1,
    );
    nextMinute();
  });

  it('lets roles do what they hold: a cashier reads no inbox, only an owner edits canned replies', async () => {
    const inboxRes = await admin(t, cashier, 'GET', '/admin-api/support/threads');
    expect(inboxRes.statusCode).toBe(403);
    const replies = [
      { title: 'Points', text: 'Your deposit is being checked; points arrive within 30 minutes.' },
      { title: 'UTR', text: 'Please send the 12-digit UTR of your payment.' },
    ];
    const bySupport = await admin(t, helper, 'PATCH', '/admin-api/support/canned', { replies });
    expect(bySupport.statusCode).toBe(403);
    const bad = await admin(t, owner, 'PATCH', '/admin-api/support/canned', {
      replies: [{ title: '', text: 'x' }],
    });
    expect([bad.statusCode, bad.json.msg]).toEqual([400, supportMessages.cannedTitle]);
    const saved = await admin(t, owner, 'PATCH', '/admin-api/support/canned', { replies });
    expect(saved.statusCode).toBe(200);
    const read = await admin<{ replies: unknown }>(t, helper, 'GET', '/admin-api/support/canned');
    expect(read.json.replies).toEqual(replies);
    const audit = await auditRowsOf(t, 'support_canned_update');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before_state: [], after_state: replies });
  });

  it('times first responses and resolutions per operator for the dashboard', async () => {
    const p = await t.player();
    const id = (await send(p, { text: 'timing' })).json.thread_id;
    t.clock.advance(10 * 60_000);
    await admin(t, helper2, 'POST', `/admin-api/support/threads/${id}/reply`, { text: 'On it' });
    t.clock.advance(20 * 60_000);
    await admin(t, helper2, 'POST', `/admin-api/support/threads/${id}/close`);
    const stats = await admin<{
      operators: {
        operator: { username: string };
        first_responses: number;
        first_response_seconds: number | null;
        resolved: number;
        resolution_seconds: number | null;
      }[];
    }>(t, owner, 'GET', '/admin-api/support/stats?days=30');
    expect(stats.statusCode).toBe(200);
    const row = stats.json.operators.find((o) => o.operator.username === 'op3_support');
    expect(row).toMatchObject({
      first_responses: 1,
      first_response_seconds: 600,
      resolved: 1,
      resolution_seconds: 1800,
    });
    nextMinute();
  });
});

describe('a reply reaches the open app', () => {
  it('as a support_reply event on the player’s notification stream, without the words', async () => {
    const p = await t.player();
    const id = (await send(p, { text: 'are you there?' })).json.thread_id;
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/api-notifications-stream`, {
      headers: { cookie: `gama_session=${p.token}` },
      signal: controller.signal,
    });
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let text = '';
    try {
      // The stream is joined once its first line is out: a reply after it must be sent live.
      while (!text.includes('retry:')) text += decoder.decode((await reader.read()).value);
      const answered = await admin(t, helper, 'POST', `/admin-api/support/threads/${id}/reply`, {
        text: 'Yes, reading your question',
      });
      expect(answered.statusCode).toBe(200);
      const until = Date.now() + 5000;
      while (!/event: notification\ndata: .+\n\n/.test(text) && Date.now() < until) {
        text += decoder.decode((await reader.read()).value);
      }
      const data = /event: notification\ndata: (.+)\n\n/.exec(text)?.[1];
      expect(JSON.parse(data ?? '{}')).toMatchObject({ kind: 'support_reply', detail: null, read: false });
      expect(text).not.toContain('Yes, reading your question');
    } finally {
      controller.abort();
    }
    nextMinute();
  });
});

describe('retention', () => {
  it('refuses a period under a week, and sweeps messages older than the owner’s period on the server’s clock', async () => {
    const short = await admin(t, owner, 'PATCH', '/admin-api/settings', { support_retention_days: 3 });
    expect([short.statusCode, short.json.msg]).toEqual([400, 'support_retention_days is at least 7 days']);
    expect(
      (await admin(t, owner, 'PATCH', '/admin-api/settings', { support_retention_days: 7 })).statusCode,
    ).toBe(200);
    const p = await t.player();
    const old = (await send(p, { text: 'old question' })).json.thread_id;
    t.clock.advance(6 * 86_400_000);
    // Days later the player signs in again (a session does not last a week).
    const again = { ...p, token: await signInAgain(p) };
    const mixed = (await send(again, { text: 'second, in the same conversation' })).json.thread_id;
    expect(mixed).toBe(old);
    t.clock.advance(86_400_000 + 60_000);
    await sweepSupport(t.db, t.clock.now());
    // Seven days and a minute after the first message, only the second is left.
    const kept = await readThread({ ...p, token: await signInAgain(p) }, old);
    expect(kept.json.messages.map((m) => m.text)).toEqual(['second, in the same conversation']);
    t.clock.advance(6 * 86_400_000);
    const swept = await sweepSupport(t.db, t.clock.now());
    expect(swept.threads).toBeGreaterThanOrEqual(1);
    const gone = await readThread({ ...p, token: await signInAgain(p) }, old);
    expect([gone.statusCode, gone.json.msg]).toEqual([404, supportMessages.notFound]);
    const { rows } = await t.db.query('SELECT 1 FROM support_messages WHERE created_at < $1', [
      new Date(t.clock.now().getTime() - 7 * 86_400_000),
    ]);
    expect(rows).toEqual([]);
  });
});
