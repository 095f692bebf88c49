/**
 * Deposits with payment evidence (issue 14): the player's UTR and screenshot, the operator's queue with history
 * and flags, and decisions one by one and in bulk, each idempotent. Over HTTP, on the engine of the project.
 */
import { fundsMessages as f } from '@gama/core/contract/funds-messages';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import { auditOfTarget } from '../../../test/console.ts';
import {
  MONEY_TABLES,
  admin,
  balanceOf,
  fund,
  operatorToken,
  suiteOperators,
  requestDeposit,
} from '../../../test/money.ts';

const t = suiteApp({ ledger: true });
const ops = suiteOperators(t, { owner: 'owner', cashier: 'cashier', cashier2: 'cashier' });

type Player = Awaited<ReturnType<TestApp['player']>>;
type Json = Record<string, unknown>;

let utrs = 0;
const nextUtr = () => String(400_000_000_000 + ++utrs * 7919);

/** Real images of a phone screenshot's shape, made by sharp as the server reads them. */
async function image(format: 'png' | 'jpeg', background: string): Promise<Buffer> {
  const picture = sharp({ create: { width: 360, height: 780, channels: 3, background } }).withMetadata({
    exif: { IFD0: { Copyright: 'phone-owner-secret' } },
  });
  return (format === 'png' ? picture.png() : picture.jpeg()).toBuffer();
}
const PNG = await image('png', '#1d4ed8');
const JPEG = await image('jpeg', '#16a34a');
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

const EVIDENCE_TABLES = [...MONEY_TABLES, 'deposit_screenshots', 'utr_attempts', 'audit_log'] as const;

const sendUtr = (p: Player, requestId: unknown, utr: unknown, extra: Json = {}) =>
  t.post<ApiBody & { request_id: number; utr: string; screenshot: boolean }>(
    '/api-fund-request-utr',
    { request_id: requestId, utr, ...extra },
    { token: p.token },
  );

interface Row {
  id: number;
  player: { id: number; user_name: string; mobile: string };
  amount_paise: number;
  status: string;
  utr: string | null;
  has_screenshot: boolean;
  decided_by: { id: number; username: string } | null;
  reason: string | null;
  history: {
    approved_count: number;
    approved_paise: number;
    rejected_count: number;
    last_approved_at: string | null;
  };
  flags: {
    duplicate_utr_attempt: boolean;
    unusual_amount: boolean;
    utr_attempts: Array<{
      utr: string;
      request_id: number;
      player: { id: number; user_name: string; mobile: string };
      at: string;
      held_by: number | null;
    }>;
  };
}
interface Queue {
  status: true;
  rows: Row[];
  total: number;
  page: number;
  page_size: number;
}
const queue = (query: string, token = ops.cashier) =>
  admin<Queue>(t, token, 'GET', `/admin-api/deposits?${query}`);

interface Decision {
  id: number;
  status: string;
  amount_paise: number;
  already_decided: boolean;
  decided_by: { id: number; username: string };
  reason: string | null;
}
const approve = (id: number, token = ops.cashier) =>
  admin<{ deposit: Decision } & ApiBody>(t, token, 'POST', `/admin-api/deposits/${id}/approve`);
const reject = (id: number, reason?: string, token = ops.cashier) =>
  admin<{ deposit: Decision } & ApiBody>(
    t,
    token,
    'POST',
    `/admin-api/deposits/${id}/reject`,
    reason === undefined ? {} : { reason },
  );

describe('the UTR after paying', () => {
  it('takes exactly 12 digits on the player’s own pending request, and a retry answers the same', async () => {
    const p = await t.player();
    const id = await requestDeposit(t, p, 500);
    const before = await snapshot(t.db, EVIDENCE_TABLES);
    for (const utr of [
      '12345',
      '1234567890123',
      '12345678901a',
      '',
      '  ',
      123456789012,
      null,
      '१२३४५६७८९०१२',
    ]) {
      const res = await sendUtr(p, id, utr);
      expect(res.statusCode, String(utr)).toBe(400);
      expect(res.json.msg).toBe(f.utrInvalid);
    }
    expect(await snapshot(t.db, EVIDENCE_TABLES)).toEqual(before);

    const utr = nextUtr();
    const first = await sendUtr(p, id, utr);
    expect(first.json).toEqual({ status: true, msg: f.utrSaved, request_id: id, utr, screenshot: false });
    // Surrounding spaces from a paste are not part of it.
    expect((await sendUtr(p, id, ` ${utr} `)).json).toEqual(first.json);
    const other = await sendUtr(p, id, nextUtr());
    expect(other.statusCode).toBe(409);
    expect(other.json.msg).toBe(f.utrAlreadyEntered);
    const { rows } = await t.db.query<{ utr: string }>('SELECT utr FROM deposit_requests WHERE id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ utr }]);
    // Nothing moved: a UTR is evidence for the operator, not a credit.
    expect(await balanceOf(t, p.id)).toBe(0);
  });

  it('another player’s request reads as missing, and nothing of it changes', async () => {
    const a = await t.player();
    const b = await t.player();
    const bId = await requestDeposit(t, b, 300);
    const before = await snapshot(t.db, EVIDENCE_TABLES);
    for (const id of [bId, 987_654_321, '0', -1, 'abc']) {
      const res = await sendUtr(a, id, nextUtr());
      expect(res.json.msg, String(id)).toBe(f.depositNotFound);
      expect(res.statusCode).toBe(typeof id === 'number' && id > 0 ? 404 : 400);
    }
    expect(await snapshot(t.db, EVIDENCE_TABLES)).toEqual(before);
    expect((await t.post('/api-fund-request-utr', { request_id: bId, utr: nextUtr() })).statusCode).toBe(401);
  });

  it('lists the player’s own pending requests for the UTR step, newest first', async () => {
    const p = await t.player();
    const other = await t.player();
    const older = await requestDeposit(t, p, 300);
    const newer = await requestDeposit(t, p, 450);
    const decided = await requestDeposit(t, p, 500);
    await approve(decided);
    await requestDeposit(t, other, 999);
    const utr = nextUtr();
    await sendUtr(p, older, utr, { screenshot: dataUrl('image/png', PNG) });
    const list = await t.post<ApiBody & { requests: Json[] }>(
      '/api-fund-request-pending',
      {},
      { token: p.token },
    );
    expect(list.json).toEqual({
      status: true,
      requests: [
        {
          request_id: newer,
          amount: '450',
          insert_date: expect.any(String) as unknown,
          utr: null,
          screenshot: false,
        },
        {
          request_id: older,
          amount: '300',
          insert_date: expect.any(String) as unknown,
          utr,
          screenshot: true,
        },
      ],
    });
    expect((await t.post('/api-fund-request-pending', {})).statusCode).toBe(401);
  });

  it('refuses a decided request', async () => {
    const p = await t.player();
    const approvedId = await requestDeposit(t, p, 200);
    const rejectedId = await requestDeposit(t, p, 200);
    await approve(approvedId);
    await reject(rejectedId, 'not received');
    expect((await sendUtr(p, approvedId, nextUtr())).json).toMatchObject({
      code: 'DEPOSIT_NOT_PENDING',
      msg: f.depositNotPending('approved'),
    });
    expect((await sendUtr(p, rejectedId, nextUtr())).json.msg).toBe(f.depositNotPending('rejected'));
  });

  it('refuses a UTR used by anyone with the exact message, keeps the attempt, and flags both requests', async () => {
    const a = await t.player();
    const b = await t.player();
    const aId = await requestDeposit(t, a, 400);
    const bId = await requestDeposit(t, b, 400);
    const utr = nextUtr();
    expect((await sendUtr(a, aId, utr)).statusCode).toBe(200);
    const before = await snapshot(t.db, MONEY_TABLES);
    const copy = await sendUtr(b, bId, utr);
    expect(copy.statusCode).toBe(409);
    expect(copy.json).toEqual({ status: false, code: 'UTR_USED', msg: 'This UTR has already been used' });
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
    // The player's own second request cannot reuse it either.
    const aAgain = await requestDeposit(t, a, 400);
    expect((await sendUtr(a, aAgain, utr)).json.msg).toBe('This UTR has already been used');

    const listed = await queue(`status=all&flagged=true&q=${a.mobile}`);
    expect(listed.json.rows.map((r) => [r.id, r.flags.duplicate_utr_attempt])).toEqual([
      [aId, true],
      [aAgain, true],
    ]);
    const bRows = (await queue(`player_id=${b.id}`)).json.rows;
    expect(bRows.map((r) => [r.id, r.utr, r.flags.duplicate_utr_attempt])).toEqual([[bId, null, true]]);
    const clean = await queue(`player_id=${b.id}&flagged=false`);
    expect(clean.json.total).toBe(0);

    // B then enters a UTR of their own: the request stays flagged, and the flag says what it saw.
    const own = nextUtr();
    expect((await sendUtr(b, bId, own)).statusCode).toBe(200);
    const at = t.clock.now().toISOString();
    const [bRow] = (await queue(`player_id=${b.id}`)).json.rows;
    expect(bRow?.utr).toBe(own);
    expect(bRow?.flags.utr_attempts).toEqual([
      {
        utr,
        request_id: bId,
        player: { id: b.id, user_name: b.userName, mobile: b.mobile },
        at,
        held_by: aId,
      },
    ]);
    // A's request shows each entry of its UTR elsewhere, with who tried it.
    const [aRow] = (await queue(`player_id=${a.id}&sort=id&dir=asc`)).json.rows;
    expect(aRow?.flags.utr_attempts.map((x) => [x.utr, x.request_id, x.player.id, x.held_by])).toEqual([
      [utr, bId, b.id, aId],
      [utr, aAgain, a.id, aId],
    ]);
  });

  it('lets exactly one of ten requests racing for one UTR have it', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => t.player()));
    const ids = await Promise.all(players.map((p) => requestDeposit(t, p, 250)));
    const utr = nextUtr();
    const answers = await Promise.all(players.map((p, i) => sendUtr(p, ids[i], utr)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.json.msg)).toEqual(
      Array.from({ length: 9 }, () => 'This UTR has already been used'),
    );
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM deposit_requests WHERE utr = $1',
      [utr],
    );
    expect(rows).toEqual([{ n: 1 }]);
    const { rows: attempts } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM utr_attempts WHERE utr = $1',
      [utr],
    );
    expect(attempts).toEqual([{ n: 9 }]);
  });

  it('stores a checked screenshot the operator can open, and refuses anything else', async () => {
    const p = await t.player();
    const id = await requestDeposit(t, p, 600);
    const before = await snapshot(t.db, EVIDENCE_TABLES);
    const bad: Array<[string, string]> = [
      [dataUrl('image/jpeg', PNG), f.screenshotInvalid],
      [dataUrl('image/png', Buffer.from('<svg onload="alert(1)"/>')), f.screenshotInvalid],
      [dataUrl('image/svg+xml', Buffer.from('<svg/>')), f.screenshotInvalid],
      [dataUrl('text/html', Buffer.from('<b>hi</b>')), f.screenshotInvalid],
      ['data:image/png;base64,not base64!', f.screenshotInvalid],
      [PNG.toString('base64'), f.screenshotInvalid],
      [dataUrl('image/png', Buffer.alloc(0)), f.screenshotInvalid],
      // Right first bytes, no image behind them.
      [
        dataUrl('image/jpeg', Buffer.concat([JPEG_HEAD, Buffer.from('not really a jpeg')])),
        f.screenshotInvalid,
      ],
      [dataUrl('image/jpeg', Buffer.concat([JPEG_HEAD, Buffer.alloc(1024 * 1024)])), f.screenshotTooLarge],
    ];
    for (const [screenshot, msg] of bad) {
      const res = await sendUtr(p, id, nextUtr(), { screenshot });
      expect(res.statusCode, screenshot.slice(0, 40)).toBe(400);
      expect(res.json.msg).toBe(msg);
    }
    expect(await snapshot(t.db, EVIDENCE_TABLES)).toEqual(before);
    const huge = await sendUtr(p, id, nextUtr(), { screenshot: 'A'.repeat(3 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);

    const utr = nextUtr();
    const ok = await sendUtr(p, id, utr, { screenshot: dataUrl('image/png', PNG) });
    expect(ok.json).toMatchObject({ status: true, screenshot: true, utr });
    // A retry without the screenshot keeps it; one with a new image replaces it.
    expect((await sendUtr(p, id, utr)).json).toMatchObject({ screenshot: true });
    expect((await sendUtr(p, id, utr, { screenshot: dataUrl('image/jpeg', JPEG) })).json.screenshot).toBe(
      true,
    );

    const shot = await t.app.inject({
      method: 'GET',
      url: `/admin-api/deposits/${id}/screenshot`,
      headers: { authorization: `Bearer ${ops.cashier}` },
    });
    expect(shot.statusCode).toBe(200);
    // The server's own WebP of the latest image: same picture, none of the phone's metadata.
    expect(shot.headers['content-type']).toBe('image/webp');
    expect(shot.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(shot.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 360, height: 780 });
    expect(JPEG.includes('phone-owner-secret')).toBe(true);
    expect(stored.exif).toBeUndefined();
    expect(shot.rawPayload.includes('phone-owner-secret')).toBe(false);
    const { dominant } = await sharp(shot.rawPayload).stats();
    expect(dominant.g).toBeGreaterThan(dominant.b);
    expect((await queue(`player_id=${p.id}`)).json.rows[0]).toMatchObject({ has_screenshot: true, utr });

    const other = await requestDeposit(t, p, 600);
    const none = await admin(t, ops.cashier, 'GET', `/admin-api/deposits/${other}/screenshot`);
    expect(none.statusCode).toBe(404);
    expect((await admin(t, p.token, 'GET', `/admin-api/deposits/${id}/screenshot`)).statusCode).toBe(403);
  });
});

describe('the deposit queue', () => {
  it('pages, sorts and filters on the server, with each player’s history', async () => {
    const p = await t.player({ userName: 'Queue Person' });
    // Three approved deposits of 1,000, one rejected, then three pending: 1,500, 20,000 (unusual), 200 (unusual).
    for (const points of [1000, 1000, 1000]) await approve(await requestDeposit(t, p, points));
    await reject(await requestDeposit(t, p, 1000), 'not received');
    const pending = [
      await requestDeposit(t, p, 1500),
      await requestDeposit(t, p, 20_000),
      await requestDeposit(t, p, 200),
    ];
    const utr = nextUtr();
    await sendUtr(p, pending[0], utr);

    const all = await queue(`player_id=${p.id}&status=all&page_size=50&sort=id&dir=asc`);
    expect(all.json.total).toBe(7);
    const first = await queue(`player_id=${p.id}&page=1&page_size=2&sort=amount&dir=desc`);
    expect(first.json).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.json.rows.map((r) => r.amount_paise)).toEqual([2_000_000, 150_000]);
    const second = await queue(`player_id=${p.id}&page=2&page_size=2&sort=amount&dir=desc`);
    expect(second.json.rows.map((r) => r.amount_paise)).toEqual([20_000]);

    const row = first.json.rows[1] as Row;
    expect(row).toMatchObject({
      id: pending[0],
      player: { id: p.id, user_name: 'Queue Person', mobile: p.mobile },
      status: 'pending',
      utr,
      has_screenshot: false,
      decided_by: null,
      history: { approved_count: 3, approved_paise: 300_000, rejected_count: 1 },
      flags: { duplicate_utr_attempt: false, unusual_amount: false },
    });
    expect(row.history.last_approved_at).toBe(t.clock.now().toISOString());
    const flagged = await queue(`player_id=${p.id}&flagged=true&sort=amount&dir=asc`);
    expect(flagged.json.rows.map((r) => [r.amount_paise, r.flags.unusual_amount])).toEqual([
      [20_000, true],
      [2_000_000, true],
    ]);
    expect((await queue(`player_id=${p.id}&has_utr=true`)).json.rows.map((r) => r.id)).toEqual([pending[0]]);
    expect((await queue(`player_id=${p.id}&has_utr=false`)).json.total).toBe(2);
    expect(
      (await queue(`q=${p.mobile.slice(0, 7)}&status=all`)).json.rows.some((r) => r.player.id === p.id),
    ).toBe(true);
    expect((await queue(`q=queue%20pers&status=all`)).json.total).toBe(7);
    expect((await queue(`q=${p.id}&status=all`)).json.rows.some((r) => r.player.id === p.id)).toBe(true);
    expect((await queue(`player_id=${p.id}&status=rejected`)).json.rows[0]).toMatchObject({
      reason: 'not received',
    });
    expect((await queue(`player_id=${p.id}&status=all&from=2026-11-20&to=2026-11-20`)).json.total).toBe(7);
    expect((await queue(`player_id=${p.id}&status=all&from=2026-11-21`)).json.total).toBe(0);
    expect((await queue(`player_id=${p.id}&status=all&to=2026-11-19`)).json.total).toBe(0);

    for (const bad of [
      'page=0',
      'page_size=500',
      'sort=utr',
      'dir=up',
      'has_utr=yes',
      'from=20-11-2026',
      'status=x',
    ]) {
      expect((await queue(bad)).statusCode, bad).toBe(400);
    }
  });

  it('exports what the filters match as CSV, formula-safe', async () => {
    const p = await t.player({ userName: '=HYPERLINK("x")' });
    const id = await requestDeposit(t, p, 321);
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin-api/deposits?player_id=${p.id}&format=csv&page_size=1`,
      headers: { authorization: `Bearer ${ops.cashier}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gama-deposits-2026-11-20.csv"');
    // Every matching row, whatever the page size; a byte order mark for Excel.
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,player id,player,mobile,amount,status,utr/);
    expect(lines[1]).toBe(
      `${id},${p.id},"'=HYPERLINK(""x"")",${p.mobile},321.00,pending,,no,${t.clock.now().toISOString()},,,,0,0.00,no,no`,
    );
    const { rows } = await t.db.query<{ action: string; detail: Json }>(
      `SELECT action, detail FROM audit_log WHERE action = 'deposits_export' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.detail).toMatchObject({ player_id: p.id, rows: 1, status: 'pending' });
  });

  it('refuses an export of more rows than it can give, asking for narrower filters', async () => {
    const p = await t.player();
    await t.db.query(
      `INSERT INTO deposit_requests (player_id, amount, created_at)
       SELECT $1, 10000, $2 FROM generate_series(1, 10001)`,
      [p.id, t.clock.now()],
    );
    const url = `/admin-api/deposits?player_id=${p.id}&format=csv`;
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${ops.cashier}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'More than 10,000 rows match: narrow the filters to export' });
    // The page still works.
    expect((await queue(`player_id=${p.id}&page_size=200`)).json).toMatchObject({ total: 10_001 });
    await t.db.query(
      `UPDATE deposit_requests SET status = 'rejected', decided_at = $2 WHERE player_id = $1`,
      [p.id, t.clock.now()],
    );
  });

  it('is for operators with the right permission only', async () => {
    const p = await t.player();
    const id = await requestDeposit(t, p, 100);
    const viewer = await operatorToken(t, 'viewer');
    const support = await operatorToken(t, 'support');
    const results = await operatorToken(t, 'results');
    expect((await queue('', viewer)).statusCode).toBe(200);
    expect((await queue('', results)).json).toMatchObject({
      code: 'FORBIDDEN',
      msg: 'You do not have permission to read deposits',
    });
    const before = await snapshot(t.db, EVIDENCE_TABLES);
    for (const token of [viewer, support, p.token]) {
      expect((await approve(id, token)).statusCode).toBe(403);
      expect((await reject(id, 'nope', token)).statusCode).toBe(403);
      expect(
        (await admin(t, token, 'POST', '/admin-api/deposits/bulk', { ids: [id], decision: 'approve' }))
          .statusCode,
      ).toBe(403);
    }
    expect((await approve(id, 'not-a-real-token-at-all-0000')).statusCode).toBe(401);
    expect(await snapshot(t.db, EVIDENCE_TABLES)).toEqual(before);
  });
});

describe('deciding deposits', () => {
  it('approves once: retries and a second operator get the standing decision, and the audit has one row', async () => {
    const p = await t.player();
    const id = await requestDeposit(t, p, 700);
    const answers = await Promise.all([
      approve(id),
      approve(id, ops.cashier2),
      approve(id),
      approve(id, ops.owner),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const fresh = answers.filter((a) => !a.json.deposit.already_decided);
    expect(fresh).toHaveLength(1);
    const decider = fresh[0]?.json.deposit.decided_by;
    for (const a of answers) {
      expect(a.json.deposit).toMatchObject({
        id,
        status: 'approved',
        amount_paise: 70_000,
        decided_by: decider,
      });
    }
    expect(await balanceOf(t, p.id)).toBe(70_000);
    expect(await auditOfTarget(t, 'deposit_request', id)).toEqual([
      {
        action: 'deposit_approve',
        player_id: p.id,
        before_state: { status: 'pending' },
        after_state: { status: 'approved', journal_id: expect.any(Number) as unknown },
        detail: { amount_paise: 70_000, utr: null },
      },
    ]);
    const refused = await reject(id, 'changed my mind');
    expect(refused.statusCode).toBe(409);
    expect(refused.json.msg).toMatch(/^This deposit request was already approved by op\d+_/);
    expect(await balanceOf(t, p.id)).toBe(70_000);
  });

  it('rejects only with a reason, once, and credits nothing', async () => {
    const p = await t.player();
    const id = await requestDeposit(t, p, 800);
    const before = await snapshot(t.db, EVIDENCE_TABLES);
    for (const reason of [undefined, '', '  ', 'no']) {
      const res = await reject(id, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json.msg).toBe('a reason of at least 3 characters is required');
    }
    expect(await snapshot(t.db, EVIDENCE_TABLES)).toEqual(before);
    const [one, two] = await Promise.all([
      reject(id, 'UTR not in statement'),
      reject(id, 'second click', ops.cashier2),
    ]);
    expect([one.json.deposit.already_decided, two.json.deposit.already_decided].sort()).toEqual([
      false,
      true,
    ]);
    expect(one.json.deposit.reason).toBe(two.json.deposit.reason);
    expect((await approve(id)).statusCode).toBe(409);
    expect(await balanceOf(t, p.id)).toBe(0);
    expect((await approve(999_999_999)).statusCode).toBe(404);
  });

  it('decides in bulk, answering per id, each idempotent, with two operators at once moving money once', async () => {
    const p = await t.player();
    const q = await t.player();
    const ids = [
      await requestDeposit(t, p, 100),
      await requestDeposit(t, p, 200),
      await requestDeposit(t, q, 300),
    ];
    const rejected = await requestDeposit(t, q, 400);
    await reject(rejected, 'duplicate request');
    const missing = 888_888_888;
    const body = { ids: [...ids, rejected, missing], decision: 'approve' };
    const [a, b] = await Promise.all([
      admin<{ results: Array<Json & { id: number; ok: boolean; deposit?: Decision }> }>(
        t,
        ops.cashier,
        'POST',
        '/admin-api/deposits/bulk',
        body,
      ),
      admin<{ results: Array<Json & { id: number; ok: boolean; deposit?: Decision }> }>(
        t,
        ops.cashier2,
        'POST',
        '/admin-api/deposits/bulk',
        body,
      ),
    ]);
    for (const answer of [a, b]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json.results.map((r) => [r.id, r.ok])).toEqual([
        [ids[0], true],
        [ids[1], true],
        [ids[2], true],
        [rejected, false],
        [missing, false],
      ]);
      expect(answer.json.results[3]).toMatchObject({
        code: 'DEPOSIT_DECIDED',
        msg: expect.stringMatching(/already rejected/),
      });
      expect(answer.json.results[4]).toEqual({
        id: missing,
        ok: false,
        code: 'NOT_FOUND',
        msg: 'Deposit request not found',
      });
    }
    // Each id was decided once, by one of the two.
    for (let i = 0; i < 3; i++) {
      const pair = [a.json.results[i]?.deposit?.already_decided, b.json.results[i]?.deposit?.already_decided];
      expect(pair.sort()).toEqual([false, true]);
    }
    expect(await balanceOf(t, p.id)).toBe(30_000);
    expect(await balanceOf(t, q.id)).toBe(30_000);
    const retry = await admin<{ results: Array<{ ok: boolean; deposit?: Decision }> }>(
      t,
      ops.cashier,
      'POST',
      '/admin-api/deposits/bulk',
      { ids, decision: 'approve' },
    );
    expect(retry.json.results.map((r) => r.deposit?.already_decided)).toEqual([true, true, true]);
    expect(await balanceOf(t, p.id)).toBe(30_000);

    const r1 = await requestDeposit(t, p, 150);
    const before = await snapshot(t.db, EVIDENCE_TABLES);
    for (const bad of [
      { ids: [r1], decision: 'reject' },
      { ids: [], decision: 'approve' },
      { ids: [r1, r1], decision: 'approve' },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1), decision: 'approve' },
      { ids: [r1], decision: 'maybe' },
      { ids: ['1'], decision: 'approve' },
    ]) {
      expect(
        (await admin(t, ops.cashier, 'POST', '/admin-api/deposits/bulk', bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect(await snapshot(t.db, EVIDENCE_TABLES)).toEqual(before);
    const bulkReject = await admin<{ results: Array<{ ok: boolean; deposit?: Decision }> }>(
      t,
      ops.cashier,
      'POST',
      '/admin-api/deposits/bulk',
      { ids: [r1], decision: 'reject', reason: 'no such payment' },
    );
    expect(bulkReject.json.results[0]?.deposit).toMatchObject({
      status: 'rejected',
      reason: 'no such payment',
    });
    expect(await balanceOf(t, p.id)).toBe(30_000);
  });

  it('keeps crediting through fund(), which approves through this same route', async () => {
    const p = await t.player();
    await fund(t, p, ops.cashier, 1234);
    expect(await balanceOf(t, p.id)).toBe(123_400);
  });

  it('judges whose request a screenshot names before decoding it, and refuses a canvas no phone makes', async () => {
    const p = await t.player();
    const stranger = await t.player();
    const id = await requestDeposit(t, p, 600);
    const paid = await requestDeposit(t, p, 600);
    expect((await approve(paid)).statusCode).toBe(200);
    // Bytes that fail to decode: were they decoded first, each answer would be "not an image".
    const broken = dataUrl('image/png', Buffer.concat([PNG.subarray(0, 64), Buffer.alloc(512, 7)]));
    const before = await snapshot(t.db, EVIDENCE_TABLES);
    const theirs = await sendUtr(stranger, id, nextUtr(), { screenshot: broken });
    expect([theirs.statusCode, theirs.json.msg]).toEqual([404, f.depositNotFound]);
    const missing = await sendUtr(p, 99_999_999, nextUtr(), { screenshot: broken });
    expect([missing.statusCode, missing.json.msg]).toEqual([404, f.depositNotFound]);
    const closed = await sendUtr(p, paid, nextUtr(), { screenshot: broken });
    expect([closed.statusCode, closed.json.msg]).toEqual([409, f.depositNotPending('approved')]);

    // 7000 x 7000 declared in a few hundred bytes: refused from its header, before a pixel is unpacked.
    const giant = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooBig = await sendUtr(p, id, nextUtr(), { screenshot: dataUrl('image/png', giant) });
    expect([tooBig.statusCode, tooBig.json.msg]).toEqual([400, f.screenshotTooManyPixels]);
    expect(await snapshot(t.db, EVIDENCE_TABLES)).toEqual(before);
  });
});
