/**
 * The bell (issue 17): each of the player's events leaves exactly one notification, written with the event;
 * the list, the unread count and marking read see the owner's rows only; rows older than 30 days are gone;
 * and the Server-Sent Events stream, over a real socket, delivers a new row live and resumes after
 * Last-Event-ID. On PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import type { NotificationRow } from './service.ts';
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { suiteApp } from '../../../test/helpers.ts';
import { admin, fund, operatorToken, requestDeposit, savePayoutNumber } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { nextMobile } from '../../seed/players.ts';
import { addNotification, purgeNotifications } from './service.ts';
import { declareHalf, postSingleDigit } from '../../../test/desk.ts';

const IST = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00+05:30`;

let op: string;
let base = '';
const t = suiteApp(
  {
    now: IST('09:00'),
    env: { NOTIFICATION_HEARTBEAT_MS: '200', NOTIFICATION_STREAM_MS: '60000' },
    ledger: true,
  },
  async () => {
    op = await operatorToken(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  },
);

type Player = Awaited<ReturnType<TestApp['player']>>;
interface ListAnswer extends ApiBody {
  notifications: NotificationRow[];
  next_before: number | null;
  unread: number;
}

const list = (p: Player, body: Record<string, unknown> = {}) =>
  t.post<ListAnswer>('/api-notifications', body, { token: p.token });
const unread = async (p: Player) =>
  (await t.post<ApiBody & { unread: number }>('/api-notifications-unread', {}, { token: p.token })).json
    .unread;

async function rowsOf(
  playerId: number,
): Promise<Array<{ kind: string; ref_id: number; amount: number | null }>> {
  const { rows } = await t.db.query<{ kind: string; ref_id: number; amount: number | null }>(
    'SELECT kind, ref_id, amount FROM notifications WHERE player_id = $1 ORDER BY id',
    [playerId],
  );
  return rows.map((r) => ({
    kind: r.kind,
    ref_id: Number(r.ref_id),
    amount: r.amount === null ? null : Number(r.amount),
  }));
}

describe('one notification per event, written with it', () => {
  it('reports a deposit approved once however often it is approved, and a rejection with its reason', async () => {
    const p = await t.player();
    const approved = await requestDeposit(t, p, 500);
    for (let i = 0; i < 3; i++) {
      expect((await admin(t, op, 'POST', `/admin-api/deposits/${approved}/approve`)).statusCode).toBe(200);
    }
    const rejected = await requestDeposit(t, p, 300);
    expect(
      (await admin(t, op, 'POST', `/admin-api/deposits/${rejected}/reject`, { reason: 'not received' }))
        .statusCode,
    ).toBe(200);
    expect(await rowsOf(p.id)).toEqual([
      { kind: 'deposit_approved', ref_id: approved, amount: 50_000 },
      { kind: 'deposit_rejected', ref_id: rejected, amount: 30_000 },
    ]);
    const shown = await list(p);
    expect(shown.json.notifications.map((n) => [n.kind, n.detail, n.read])).toEqual([
      ['deposit_rejected', 'not received', false],
      ['deposit_approved', null, false],
    ]);
    expect(shown.json.unread).toBe(2);
  });

  it('reports a withdrawal paid and a withdrawal rejected', async () => {
    // Within the withdrawal hours.
    t.clock.set(IST('12:00'));
    const p = await t.player();
    await fund(t, p, op, 2000);
    t.clock.advance(31_000);
    await savePayoutNumber(t, p, nextMobile());
    const ids: number[] = [];
    for (const points of [600, 700]) {
      const res = await t.post<ApiBody & { request_number: number }>(
        '/api-user-withdraw-fund-request',
        { request_amount: String(points), payment_method: '2' },
        { token: p.token },
      );
      expect(res.statusCode, res.raw).toBe(200);
      ids.push(res.json.request_number);
    }
    const [paid, refused] = ids as [number, number];
    const pay = await admin(t, op, 'POST', `/admin-api/withdrawals/${paid}/approve`, {
      payment_reference: 'UTR123456789',
    });
    expect(pay.statusCode, JSON.stringify(pay.json)).toBe(200);
    expect(
      (await admin(t, op, 'POST', `/admin-api/withdrawals/${refused}/reject`, { reason: 'number closed' }))
        .statusCode,
    ).toBe(200);
    expect((await rowsOf(p.id)).slice(1)).toEqual([
      { kind: 'withdrawal_paid', ref_id: paid, amount: 60_000 },
      { kind: 'withdrawal_rejected', ref_id: refused, amount: 70_000 },
    ]);
    t.clock.set(IST('09:00'));
  });

  it('tells every player with bids on the draw that it was declared, and the winners what they won', async () => {
    const market = await seedMarket(t.db, { name: 'BELL MARKET', open: '10:00 AM', close: '12:00 PM' });
    const [winner, loser, bystander] = [await t.player(), await t.player(), await t.player()];
    for (const p of [winner, loser, bystander]) await fund(t, p, op, 1000);
    for (const [p, digits] of [
      [winner, '6'],
      [loser, '3'],
    ] as const) {
      const res = await postSingleDigit(t, p, market, '20-November-2026', {
        digits,
        points: 10,
        session: 'open',
      });
      expect(res.statusCode, res.raw).toBe(200);
    }
    t.clock.set(IST('10:05'));
    const declared = await declareHalf<{ result_id: number }>(t, op, market, '2026-11-20', 'open', '123');
    expect(declared.statusCode, JSON.stringify(declared.json)).toBe(200);
    // Declaring the same value again continues the same revision: nobody is told twice.
    await declareHalf(t, op, market, '2026-11-20', 'open', '123');
    const resultId = declared.json.result_id;
    const { rows: journals } = await t.db.query<{ id: number }>(
      "SELECT id FROM journals WHERE kind = 'win' AND ref_type = 'result' AND ref_id = $1",
      [resultId],
    );
    expect(journals).toHaveLength(1);
    // One winner, so the win notice carries everything the result paid.
    const { rows: paid } = await t.db.query<{ paid: number }>(
      'SELECT sum(payout)::int AS paid FROM win_credits WHERE result_id = $1',
      [resultId],
    );
    expect((await rowsOf(winner.id)).slice(1)).toEqual([
      { kind: 'result', ref_id: resultId, amount: null },
      { kind: 'win', ref_id: Number(journals[0]?.id), amount: paid[0]?.paid },
    ]);
    expect((await rowsOf(loser.id)).slice(1)).toEqual([{ kind: 'result', ref_id: resultId, amount: null }]);
    expect((await rowsOf(bystander.id)).slice(1)).toEqual([]);
    const [win, result] = (await list(winner)).json.notifications;
    expect(result).toMatchObject({ kind: 'result', market: 'BELL MARKET', detail: '123' });
    expect(win).toMatchObject({ kind: 'win', market: 'BELL MARKET' });
    expect(win?.amount_paise).toBeGreaterThan(0);
    t.clock.set(IST('09:00'));
  });

  it('keeps one row per event even when the same event is reported twice', async () => {
    const p = await t.player();
    const at = t.clock.now();
    await t.db.transaction(async (tx) => {
      await addNotification(tx, { playerId: p.id, kind: 'win', refId: 42, amountPaise: 100, at });
      await addNotification(tx, { playerId: p.id, kind: 'win', refId: 42, amountPaise: 100, at });
    });
    expect(await rowsOf(p.id)).toHaveLength(1);
  });
});

describe('the owner’s list', () => {
  it('pages newest first, counts unread, and marks read only the caller’s own rows', async () => {
    const a = await t.player();
    const b = await t.player();
    const at = t.clock.now();
    for (let i = 1; i <= 5; i++) {
      await addNotification(t.db, { playerId: a.id, kind: 'win', refId: i, amountPaise: i * 100, at });
    }
    await addNotification(t.db, { playerId: b.id, kind: 'win', refId: 1, amountPaise: 100, at });
    const first = await list(a, { limit: 2 });
    expect(first.json.notifications.map((n) => n.amount_paise)).toEqual([500, 400]);
    const second = await list(a, { limit: 2, before: first.json.next_before });
    expect(second.json.notifications.map((n) => n.amount_paise)).toEqual([300, 200]);
    const last = await list(a, { limit: 2, before: second.json.next_before });
    expect(last.json.notifications.map((n) => n.amount_paise)).toEqual([100]);
    expect(last.json.next_before).toBeNull();

    const bRow = (await list(b)).json.notifications[0];
    expect(bRow).toBeDefined();
    // A names B's row: nothing of B's moves, and A's answer shows none of B's rows.
    const marked = await t.post<ApiBody & { unread: number }>(
      '/api-notifications-read',
      { ids: [bRow?.id, first.json.notifications[0]?.id] },
      { token: a.token },
    );
    expect(marked.json.unread).toBe(4);
    expect(await unread(b)).toBe(1);
    expect((await list(a)).json.notifications.every((n) => n.id !== bRow?.id)).toBe(true);
    const all = await t.post<ApiBody & { unread: number }>('/api-notifications-read', {}, { token: a.token });
    expect(all.json.unread).toBe(0);
    expect(await unread(b)).toBe(1);
  });

  it('refuses a caller without a session, and bad ids', async () => {
    const anonymous = await t.post('/api-notifications', {});
    expect(anonymous.statusCode).toBe(401);
    const p = await t.player();
    const bad = await t.post('/api-notifications-read', { ids: ['x'] }, { token: p.token });
    expect(bad.statusCode).toBe(400);
  });

  it('shows nothing older than 30 days, and the purge deletes it', async () => {
    const p = await t.player();
    await addNotification(t.db, {
      playerId: p.id,
      kind: 'win',
      refId: 7,
      amountPaise: 100,
      at: t.clock.now(),
    });
    expect(await unread(p)).toBe(1);
    const later = new Date(t.clock.now().getTime() + 30 * 86_400_000 + 1000);
    t.clock.set(later.toISOString());
    try {
      const fresh = await t.player();
      expect(await unread(fresh)).toBe(0);
      const { rows } = await t.db.query('SELECT 1 FROM notifications WHERE player_id = $1', [p.id]);
      expect(rows).toHaveLength(1);
      expect(await purgeNotifications(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
      const after = await t.db.query('SELECT 1 FROM notifications WHERE player_id = $1', [p.id]);
      expect(after.rows).toHaveLength(0);
    } finally {
      t.clock.set(IST('09:00'));
    }
  });
});

/** A Server-Sent Events reader over a real socket. */
async function openStream(
  token: string | null,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Headers;
  next: (match: RegExp, ms?: number) => Promise<string>;
  close: () => void;
}> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api-notifications-stream`, {
    headers: { ...(token ? { cookie: `gama_session=${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  const next = async (match: RegExp, ms = 5000): Promise<string> => {
    const until = Date.now() + ms;
    for (;;) {
      const found = match.exec(text);
      if (found) {
        text = text.slice(found.index + found[0].length);
        return found[0];
      }
      if (done || !reader) throw new Error('stream ended');
      if (Date.now() > until)
        throw new Error(`timed out waiting for ${String(match)} in ${JSON.stringify(text)}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), until - Date.now())),
      ]);
      if (chunk === null) continue;
      if (chunk.done) done = true;
      else text += decoder.decode(chunk.value, { stream: true });
    }
  };
  return { status: res.status, headers: res.headers, next, close: () => controller.abort() };
}

const EVENT = /id: (\d+)\nevent: notification\ndata: (.+)\n\n/;

describe('the live stream', () => {
  it('delivers an approval the moment it commits, with heartbeats, behind the app’s CSP', async () => {
    const p = await t.player();
    const stream = await openStream(p.token);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('content-security-policy')).toContain("connect-src 'self'");
      expect(stream.headers.get('cache-control')).toBe('no-store');
      await stream.next(/retry: \d+\n\n/);
      const id = await requestDeposit(t, p, 700);
      expect((await admin(t, op, 'POST', `/admin-api/deposits/${id}/approve`)).statusCode).toBe(200);
      const event = EVENT.exec(await stream.next(EVENT));
      const row = JSON.parse(event?.[2] ?? '{}') as NotificationRow;
      expect(row).toMatchObject({ kind: 'deposit_approved', amount_paise: 70_000, read: false });
      expect(Number(event?.[1])).toBe(row.id);
      await stream.next(/: ping\n\n/, 2000);
    } finally {
      stream.close();
    }
  });

  it('resumes after Last-Event-ID with what was missed, and never shows another player’s rows', async () => {
    const a = await t.player();
    const b = await t.player();
    const at = t.clock.now();
    await addNotification(t.db, { playerId: a.id, kind: 'win', refId: 1, amountPaise: 111, at });
    const { rows } = await t.db.query<{ id: number }>('SELECT max(id) AS id FROM notifications');
    const mark = Number(rows[0]?.id);
    await addNotification(t.db, { playerId: b.id, kind: 'win', refId: 1, amountPaise: 999, at });
    await addNotification(t.db, { playerId: a.id, kind: 'win', refId: 2, amountPaise: 222, at });
    const stream = await openStream(a.token, { 'last-event-id': String(mark - 1) });
    try {
      const first = JSON.parse(EVENT.exec(await stream.next(EVENT))?.[2] ?? '{}') as NotificationRow;
      const second = JSON.parse(EVENT.exec(await stream.next(EVENT))?.[2] ?? '{}') as NotificationRow;
      expect([first.amount_paise, second.amount_paise]).toEqual([111, 222]);
      await addNotification(t.db, { playerId: b.id, kind: 'win', refId: 2, amountPaise: 998, at });
      await addNotification(t.db, { playerId: a.id, kind: 'win', refId: 3, amountPaise: 333, at });
      const third = JSON.parse(EVENT.exec(await stream.next(EVENT))?.[2] ?? '{}') as NotificationRow;
      expect(third.amount_paise).toBe(333);
    } finally {
      stream.close();
    }
  });

  it('is closed to a caller without a session, and ends when the session does', async () => {
    const none = await openStream(null);
    expect(none.status).toBe(401);
    none.close();
    const p = await t.player();
    const stream = await openStream(p.token);
    expect(stream.status).toBe(200);
    await t.post('/api-user-logout', {}, { token: p.token });
    // The next heartbeat finds the session gone and ends the stream.
    await expect(stream.next(/never/, 3000)).rejects.toThrow('stream ended');
    stream.close();
  });
});
