/**
 * Notices to players (decision 037), over HTTP on the real database: each audience reaches exactly its
 * players; bad input is refused with its message and changes nothing; the daily limit and the two-person
 * threshold hold against one operator's sequences (splitting, approving their own) and against racing sends
 * and approvals (on PostgreSQL truly at once); a retried send sends once; every step is audited; the player
 * sees the notice in the bell in their language. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeMessages, type Notice } from '@gama/core/endpoints/notices/index';
import { forbiddenMessage } from '@gama/core/operators/permissions';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp, snapshot, countOf } from '../../../test/helpers.ts';
import { auditRowsOf } from '../../../test/console.ts';
import { IST, placeBids } from '../../../test/desk.ts';
import { admin, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';

let t: TestApp;
let owner: string;
let support: string;
let support2: string;
let cashier: string;
let viewer: string;
let results: string;

beforeAll(async () => {
  t = await createTestApp({ now: IST('09:00', '2026-11-01') });
  owner = await operatorToken(t);
  support = await operatorToken(t, 'support');
  support2 = await operatorToken(t, 'support');
  cashier = await operatorToken(t, 'cashier');
  viewer = await operatorToken(t, 'viewer');
  results = await operatorToken(t, 'results');
}, 180_000);
afterAll(async () => {
  await t.close();
});

type Player = Awaited<ReturnType<TestApp['player']>>;
type Draft = Record<string, unknown> & { audience: Record<string, unknown> };
interface SendAnswer {
  status: boolean;
  notice: Notice;
  msg?: string;
  code?: string;
}
interface Decided {
  status: boolean;
  notice: Notice;
  already_decided: boolean;
  msg?: string;
  code?: string;
}

let keys = 0;
const send = (token: string, draft: Draft, key = `notice-key-${++keys}`) =>
  admin<SendAnswer>(t, token, 'POST', '/admin-api/notices', draft, { 'idempotency-key': key });
const preview = (token: string, draft: Draft) =>
  admin<{ audience_count: number; needs_approval: boolean; sent_today: number; solo_audience_today: number }>(
    t,
    token,
    'POST',
    '/admin-api/notices/preview',
    draft,
  );
const approve = (token: string, id: number) =>
  admin<Decided>(t, token, 'POST', `/admin-api/notices/${id}/approve`);
const reject = (token: string, id: number, reason = 'not this week') =>
  admin<Decided>(t, token, 'POST', `/admin-api/notices/${id}/reject`, { reason });
const settings = async (patch: Record<string, unknown>) => {
  const res = await admin(t, owner, 'PATCH', '/admin-api/settings', patch);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
};
const draft = (audience: Draft['audience'], extra: Record<string, unknown> = {}): Draft => ({
  title: 'Diwali bonus week',
  text: 'Every deposit this week counts double towards the weekly draw.',
  audience,
  ...extra,
});

async function recipientsOf(noticeId: number): Promise<number[]> {
  const { rows } = await t.db.query<{ player_id: number }>(
    `SELECT player_id FROM notifications WHERE kind = 'offer' AND ref_id = $1 ORDER BY player_id`,
    [noticeId],
  );
  return rows.map((r) => Number(r.player_id));
}
const ids = (ps: readonly { id: number }[]) => ps.map((p) => p.id).sort((a, b) => a - b);
/** A market day as the bid form writes it: `20-November-2026`. */
const bidDate = (day: string) => {
  const [y, , d] = day.split('-');
  const month = new Date(`${day}T00:00:00Z`).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
  return `${d}-${month}-${y}`;
};

/** A market, and players who bid on it on `day` (through the real API, at 09:00 that day). */
async function bidders(
  day: string,
  n: number,
  market?: number,
): Promise<{ market: number; players: Player[] }> {
  t.clock.set(IST('09:00', day));
  const m = market ?? (await seedMarket(t.db, { open: '10:00 AM', close: '12:00 PM' }));
  const players: Player[] = [];
  for (let i = 0; i < n; i++) {
    const p = await t.player();
    await fund(t, p, owner, 100);
    await placeBids(
      t,
      p,
      'main',
      m,
      'Single Digit',
      [{ digits: '4', points: 10, session: 'open' }],
      bidDate(day),
    );
    players.push(p);
  }
  return { market: m, players };
}

describe('audiences', () => {
  it('inactive for N days: no sign-in, no use of a session and no bid since, and not newer than that', async () => {
    t.clock.set(IST('09:00', '2026-11-01'));
    const idle = await t.player();
    const signedInAgain = await t.player();
    const { market, players: early } = await bidders('2026-11-01', 1);
    const bidLater = early[0] as Player;
    t.clock.set(IST('09:00', '2026-11-06'));
    expect(
      (await t.post('/api-user-login', { mobile: signedInAgain.mobile, password: signedInAgain.password }))
        .statusCode,
    ).toBe(200);
    const again = await t.post<{ unique_token: string }>('/api-user-login', {
      mobile: bidLater.mobile,
      password: bidLater.password,
    });
    await placeBids(
      t,
      { token: again.json.unique_token },
      'main',
      market,
      'Single Digit',
      [{ digits: '5', points: 10, session: 'open' }],
      bidDate('2026-11-06'),
    );
    // Only the bid shows the player was here: their sessions are made to look unused since 2026-11-01.
    await t.db.query('UPDATE sessions SET created_at = $2, last_seen_at = $2 WHERE player_id = $1', [
      bidLater.id,
      new Date(IST('09:00', '2026-11-01')),
    ]);
    t.clock.set(IST('09:00', '2026-11-11'));
    const newcomer = await t.player();
    await settings({ notice_two_person_above: 0, notice_daily_limit: 100 });

    const week = { kind: 'inactive', days: 7 };
    const counted = await preview(support, draft(week));
    expect(counted.statusCode, JSON.stringify(counted.json)).toBe(200);
    const sent = await send(support, draft(week));
    expect(sent.statusCode, JSON.stringify(sent.json)).toBe(200);
    const reached = await recipientsOf(sent.json.notice.id);
    // Every player of the file made before 2026-11-04 and not seen since: the idle one, not the other three.
    expect(reached).toContain(idle.id);
    expect(reached).not.toContain(signedInAgain.id);
    expect(reached).not.toContain(bidLater.id);
    expect(reached).not.toContain(newcomer.id);
    expect(reached).toEqual([idle.id]);
    expect(counted.json.audience_count).toBe(1);
    expect(sent.json.notice).toMatchObject({ state: 'sent', counted: 1, recipients: 1, checker: null });

    const three = await send(support, draft({ kind: 'inactive', days: 3 }));
    expect(await recipientsOf(three.json.notice.id)).toEqual(ids([idle, signedInAgain, bidLater]));
  });

  it('a market’s bidders today: a bid on that market on today’s market date, nobody else', async () => {
    const day = '2026-11-20';
    const { market } = await bidders('2026-11-19', 1);
    const { players: today } = await bidders(day, 2, market);
    const { players: elsewhere } = await bidders(day, 1);
    // A bidder of today who is blocked is left out, as is one on a self-exclusion break.
    const { players: leftOut } = await bidders(day, 2, market);
    const [blocked, excluded] = leftOut as [Player, Player];
    await t.db.query('UPDATE players SET blocked_at = $2 WHERE id = $1', [blocked.id, t.clock.now()]);
    await t.db.query(`UPDATE players SET break_kind = 'exclusion', break_until = $2 WHERE id = $1`, [
      excluded.id,
      new Date(t.clock.now().getTime() + 30 * 86_400_000),
    ]);
    const sent = await send(support, draft({ kind: 'market_bidders', market_id: market }));
    expect(sent.statusCode, JSON.stringify(sent.json)).toBe(200);
    expect(await recipientsOf(sent.json.notice.id)).toEqual(ids(today));
    expect(sent.json.notice.recipients).toBe(2);
    expect(elsewhere).toHaveLength(1);
  });

  it('all players: every account but closed, blocked and those on a break they chose', async () => {
    t.clock.set(IST('11:00', '2026-11-20'));
    const closed = await t.player();
    const afterBreak = await t.player();
    await t.db.query('UPDATE players SET closed_at = $2 WHERE id = $1', [closed.id, t.clock.now()]);
    await t.db.query(`UPDATE players SET break_kind = 'timeout', break_until = $2 WHERE id = $1`, [
      afterBreak.id,
      new Date(t.clock.now().getTime() - 3_600_000),
    ]);
    const sent = await send(owner, draft({ kind: 'all' }));
    expect(sent.statusCode, JSON.stringify(sent.json)).toBe(200);
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM players
        WHERE closed_at IS NULL AND blocked_at IS NULL AND (break_until IS NULL OR break_until <= $1) ORDER BY id`,
      [t.clock.now()],
    );
    const everyone = rows.map((r) => Number(r.id));
    expect(everyone).toContain(afterBreak.id);
    expect(everyone).not.toContain(closed.id);
    expect(await recipientsOf(sent.json.notice.id)).toEqual(everyone);
    expect(sent.json.notice.recipients).toBe(everyone.length);
  });
});

describe('bad input', () => {
  const TABLES = ['notices', 'notifications', 'notice_days', 'idempotency_keys'] as const;

  it('is refused with a clear message and changes nothing', async () => {
    t.clock.set(IST('11:30', '2026-11-20'));
    const { market: empty } = await bidders('2026-11-20', 0);
    const all = { kind: 'all' };
    const cases: [Draft, number, string][] = [
      [draft(all, { link: 'https://example.com/win' }), 400, noticeMessages.link],
      [draft(all, { link: '//example.com' }), 400, noticeMessages.link],
      [draft(all, { link: '/imp9?utm=1' }), 400, noticeMessages.link],
      [draft(all, { link: '/admin' }), 400, noticeMessages.link],
      [draft(all, { link: 'javascript:alert(1)' }), 400, noticeMessages.link],
      [draft(all, { title: 'Hi' }), 400, noticeMessages.title],
      [draft(all, { text: '' }), 400, noticeMessages.text],
      [draft(all, { title_hi: 'दिवाली बोनस' }), 400, noticeMessages.hindiPair],
      [draft({ kind: 'inactive', days: 0 }), 400, noticeMessages.days],
      [draft({ kind: 'inactive', days: 366 }), 400, noticeMessages.days],
      [draft({ kind: 'inactive', days: 2.5 }), 400, noticeMessages.days],
      [draft({ kind: 'vip' }), 400, noticeMessages.audience],
      [draft({ kind: 'market_bidders', market_id: 999_999 }), 404, noticeMessages.marketNotFound],
      [draft({ kind: 'market_bidders', market_id: empty }), 409, noticeMessages.noAudience],
    ];
    for (const [body, status, msg] of cases) {
      const before = await snapshot(t.db, TABLES);
      const res = await send(support, body);
      expect([res.statusCode, res.json.msg], JSON.stringify(body)).toEqual([status, msg]);
      if (status === 400) {
        const seen = await preview(support, body);
        expect(seen.statusCode).toBe(400);
      }
      expect(await snapshot(t.db, TABLES)).toEqual(before);
    }
  });
});

describe('permissions', () => {
  it('support and owners send; a cashier or a results operator cannot; a viewer only reads', async () => {
    t.clock.set(IST('12:00', '2026-11-20'));
    const body = draft({ kind: 'inactive', days: 365 });
    for (const token of [cashier, results, viewer]) {
      const res = await send(token, body);
      expect([res.statusCode, res.json.msg]).toEqual([403, forbiddenMessage('notices.send')]);
    }
    for (const token of [cashier, results]) {
      const list = await admin(t, token, 'GET', '/admin-api/notices');
      expect(list.statusCode).toBe(403);
    }
    const read = await admin<{ notices: Notice[] }>(t, viewer, 'GET', '/admin-api/notices?state=sent');
    expect(read.statusCode).toBe(200);
    expect(read.json.notices.length).toBeGreaterThan(0);
    expect(read.json.notices.every((n) => n.state === 'sent')).toBe(true);
    const viewerApprove = await approve(viewer, 1);
    expect([viewerApprove.statusCode, viewerApprove.json.msg]).toEqual([
      403,
      forbiddenMessage('notices.approve'),
    ]);
  });
});

describe('one send, whatever the retries', () => {
  it('answers a repeated key with the first answer and writes nothing more; another body under it is refused', async () => {
    t.clock.set(IST('09:00', '2026-11-21'));
    await settings({ notice_two_person_above: 0, notice_daily_limit: 100 });
    const { market, players } = await bidders('2026-11-21', 2);
    const body = draft({ kind: 'market_bidders', market_id: market });
    const [a, b] = await Promise.all([
      send(support, body, 'double-click-1'),
      send(support, body, 'double-click-1'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json.notice.id).toBe(b.json.notice.id);
    const again = await send(support, body, 'double-click-1');
    expect(again.json.notice.id).toBe(a.json.notice.id);
    expect(await recipientsOf(a.json.notice.id)).toEqual(ids(players));
    expect(await countOf(t.db, `SELECT count(*)::int AS n FROM notices WHERE market_id = $1`, [market])).toBe(
      1,
    );
    expect(
      (await auditRowsOf(t, 'notice_send')).filter((r) => r.target_id === String(a.json.notice.id)),
    ).toHaveLength(1);
    const other = await send(support, { ...body, title: 'Another title' }, 'double-click-1');
    expect(other.statusCode).toBe(422);
  });
});

describe('the daily limit', () => {
  it('refuses the notice past the owner’s limit, changing nothing', async () => {
    t.clock.set(IST('09:00', '2026-11-22'));
    await settings({ notice_two_person_above: 0, notice_daily_limit: 2 });
    const body = draft({ kind: 'inactive', days: 1 });
    expect((await send(support, body)).statusCode).toBe(200);
    expect((await send(owner, body)).statusCode).toBe(200);
    const before = await snapshot(t.db, ['notices', 'notifications']);
    const third = await send(support2, body);
    expect([third.statusCode, third.json.msg]).toEqual([409, noticeMessages.dailyLimit(2)]);
    expect(await snapshot(t.db, ['notices', 'notifications'])).toEqual(before);
    // The next market day starts again.
    t.clock.set(IST('09:00', '2026-11-23'));
    expect((await send(support, body)).statusCode).toBe(200);
  });

  it('holds under racing sends: of six at once with a limit of two, two are sent', async () => {
    t.clock.set(IST('09:00', '2026-11-24'));
    await settings({ notice_two_person_above: 0, notice_daily_limit: 2 });
    const body = draft({ kind: 'inactive', days: 1 });
    const tokens = [support, support2, owner, support, support2, owner];
    const answers = await Promise.all(tokens.map((token) => send(token, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(
      await countOf(
        t.db,
        `SELECT count(*)::int AS n FROM notices WHERE state = 'sent' AND sent_day = '2026-11-24'`,
      ),
    ).toBe(2);
  });
});

describe('the two-person rule', () => {
  it('counts the day’s notices sent alone: small sends cannot split a large audience under the threshold', async () => {
    const day = '2026-11-25';
    const { market: one } = await bidders(day, 1);
    await settings({ notice_two_person_above: 2, notice_daily_limit: 100 });
    const small = draft({ kind: 'market_bidders', market_id: one });
    const first = await send(support, small);
    const second = await send(support, small);
    expect([first.json.notice.state, second.json.notice.state]).toEqual(['sent', 'sent']);
    // Two players reached alone today: one more would pass the threshold of two.
    const seen = await preview(support, small);
    expect(seen.json).toMatchObject({ audience_count: 1, needs_approval: true, solo_audience_today: 2 });
    const third = await send(support, small);
    expect(third.statusCode).toBe(200);
    expect(third.json).toMatchObject({
      notice: { state: 'pending_approval' },
      msg: noticeMessages.proposed(2),
    });
    expect(await recipientsOf(third.json.notice.id)).toEqual([]);
    // A large audience needs two on a fresh day too.
    const { market: three } = await bidders('2026-11-26', 3);
    const big = await send(owner, draft({ kind: 'market_bidders', market_id: three }));
    expect(big.json.notice).toMatchObject({ state: 'pending_approval', counted: 3 });
  });

  it('sends a proposal when another operator approves it, to the audience counted again; never its maker', async () => {
    const day = '2026-11-27';
    const { market, players } = await bidders(day, 3);
    await settings({ notice_two_person_above: 2, notice_daily_limit: 100 });
    const proposed = await send(
      support,
      draft(
        { kind: 'market_bidders', market_id: market },
        {
          title_hi: 'दिवाली बोनस सप्ताह',
          text_hi: 'इस सप्ताह हर जमा साप्ताहिक ड्रॉ में दोगुना गिना जाएगा।',
          link: '/imp9',
        },
      ),
    );
    expect(proposed.json.notice).toMatchObject({ state: 'pending_approval', counted: 3, recipients: null });
    const id = proposed.json.notice.id;
    const pending = await admin<{ notices: Notice[] }>(
      t,
      support2,
      'GET',
      '/admin-api/notices?state=pending',
    );
    expect(pending.json.notices.map((n) => n.id)).toContain(id);

    const before = await snapshot(t.db, ['notices', 'notifications']);
    const own = await approve(support, id);
    expect([own.statusCode, own.json.msg]).toEqual([403, noticeMessages.ownNotice]);
    expect(await snapshot(t.db, ['notices', 'notifications'])).toEqual(before);

    // One more bidder since it was proposed: the approval counts the audience again.
    const { players: late } = await bidders(day, 1, market);
    const approved = await approve(support2, id);
    expect(approved.statusCode, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json).toMatchObject({
      already_decided: false,
      notice: {
        state: 'sent',
        counted: 3,
        recipients: 4,
        checker: { username: expect.stringMatching(/support/) as unknown },
      },
    });
    expect(await recipientsOf(id)).toEqual(ids([...players, ...late]));
    const again = await approve(owner, id);
    expect(again.json.already_decided).toBe(true);
    expect(await recipientsOf(id)).toHaveLength(4);
    const late409 = await reject(owner, id);
    expect(late409.statusCode).toBe(409);

    const audits = async (action: string) =>
      (await auditRowsOf(t, action)).filter((r) => r.target_id === String(id));
    expect((await audits('notice_propose')).map((r) => r.username)).toEqual([
      expect.stringMatching(/support/),
    ]);
    expect(await audits('notice_approve')).toHaveLength(1);
    expect((await audits('notice_send'))[0]).toMatchObject({ after_state: { state: 'sent', recipients: 4 } });

    // The player reads it in the bell, with both languages and its screen.
    const p = players[0] as Player;
    const bell = await t.post<{ notifications: { kind: string; notice?: unknown }[] }>(
      '/api-notifications',
      {},
      { token: p.token },
    );
    expect(bell.json.notifications[0]).toMatchObject({
      kind: 'offer',
      notice: {
        title: 'Diwali bonus week',
        title_hi: 'दिवाली बोनस सप्ताह',
        text_hi: 'इस सप्ताह हर जमा साप्ताहिक ड्रॉ में दोगुना गिना जाएगा।',
        link: '/imp9',
      },
    });
  });

  it('an owner cannot approve their own either; a rejection sends nothing and ends the proposal', async () => {
    const day = '2026-11-28';
    const { market } = await bidders(day, 3);
    await settings({ notice_two_person_above: 2, notice_daily_limit: 100 });
    const proposed = await send(owner, draft({ kind: 'market_bidders', market_id: market }));
    const id = proposed.json.notice.id;
    const own = await approve(owner, id);
    expect([own.statusCode, own.json.msg]).toEqual([403, noticeMessages.ownNotice]);
    const rejected = await reject(support, id, 'wrong market');
    expect(rejected.json).toMatchObject({
      already_decided: false,
      notice: { state: 'rejected', decision_reason: 'wrong market' },
    });
    expect((await reject(support2, id)).json.already_decided).toBe(true);
    const after = await approve(support2, id);
    expect(after.statusCode).toBe(409);
    expect(after.json.msg).toMatch(/rejected by op\d+_support/);
    expect(await recipientsOf(id)).toEqual([]);
    expect((await auditRowsOf(t, 'notice_reject')).filter((r) => r.target_id === String(id))).toHaveLength(1);
  });

  it('two approvals at once send once; an approval past the daily limit sends nothing and waits', async () => {
    const day = '2026-11-29';
    const { market, players } = await bidders(day, 3);
    await settings({ notice_two_person_above: 2, notice_daily_limit: 100 });
    const id = (await send(support, draft({ kind: 'market_bidders', market_id: market }))).json.notice.id;
    const [a, b] = await Promise.all([approve(support2, id), approve(owner, id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json.already_decided, b.json.already_decided].sort()).toEqual([false, true]);
    expect(await recipientsOf(id)).toEqual(ids(players));
    expect((await auditRowsOf(t, 'notice_send')).filter((r) => r.target_id === String(id))).toHaveLength(1);

    const waiting = (await send(support, draft({ kind: 'market_bidders', market_id: market }))).json.notice
      .id;
    await settings({ notice_daily_limit: 1 });
    const refused = await approve(support2, waiting);
    expect([refused.statusCode, refused.json.msg]).toEqual([409, noticeMessages.dailyLimit(1)]);
    const still = await admin<{ notices: Notice[] }>(t, support, 'GET', '/admin-api/notices?state=pending');
    expect(still.json.notices.map((n) => n.id)).toContain(waiting);
    expect(await recipientsOf(waiting)).toEqual([]);
  });
});
