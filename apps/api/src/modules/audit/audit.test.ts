import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { call, newOperator, signIn } from '../../../test/console.ts';
import { audit } from './writer.ts';
import type { AuditRow } from '@gama/core/endpoints/audit/index';

let owner: { id: number; username: string };
let token: string;

/** A row as the console receives it: the contract's own type. */
type Row = AuditRow;
type Page = Json & { rows: Row[]; page: number; page_size: number; total: number };

const fakeRequest = (ip: string) => ({ ip, id: `req-${ip}`, headers: { 'user-agent': 'test agent' } });

// 2026-11-20 12:00 IST; the log below spans three market days.
const t = suiteApp({}, async () => {
  // Start from an empty log: the fixture's own sign-ins come after the rows below.
  const op = await newOperator(t, 'owner');
  owner = op;
  const at = (iso: string) => new Date(iso);
  const rows: Parameters<typeof audit>[1][] = [
    // 2026-11-18 23:50 IST
    {
      operatorId: op.id,
      action: 'deposit_approve',
      targetType: 'deposit_request',
      targetId: 7,
      playerId: 41,
      request: fakeRequest('10.0.0.1'),
      at: at('2026-11-18T18:20:00Z'),
      before: { status: 'pending' },
      after: { status: 'approved' },
    },
    // 2026-11-19 00:10 IST
    {
      operatorId: op.id,
      action: 'betting_status',
      targetType: 'player',
      targetId: 41,
      request: fakeRequest('10.0.0.2'),
      at: at('2026-11-18T18:40:00Z'),
      before: { betting_status: '1' },
      after: { betting_status: '0' },
    },
    // 2026-11-19 18:00 IST
    {
      operatorId: null,
      username: '=HYPERLINK("http://x")',
      action: 'login_failed',
      request: fakeRequest('10.0.0.3'),
      at: at('2026-11-19T12:30:00Z'),
      detail: { code: 'INVALID_CREDENTIALS' },
    },
    // 2026-11-20 09:00 IST
    {
      operatorId: op.id,
      action: 'wallet_adjust',
      targetType: 'player',
      targetId: 42,
      request: fakeRequest('10.0.0.4'),
      at: at('2026-11-20T03:30:00Z'),
      detail: { points: 120, reason: 'goodwill, "sorry"' },
    },
  ];
  for (const row of rows) await audit(t.db, row);
  token = await signIn(t, op, {}, { ip: '10.0.0.9', userAgent: 'console' });
});

const page = (query: string) => call<Page>(t, 'GET', `/admin-api/audit${query}`, { token });

describe('audit log', () => {
  it('answers the newest rows first with who, when, from where, what, before and after', async () => {
    const res = await page('');
    expect(res.statusCode).toBe(200);
    expect(res.json.page).toBe(1);
    expect(res.json.page_size).toBe(50);
    expect(res.json.total).toBe(5);
    expect(res.json.rows.map((r) => r.action)).toEqual([
      'login',
      'wallet_adjust',
      'login_failed',
      'betting_status',
      'deposit_approve',
    ]);
    expect(res.json.rows[0]).toMatchObject({
      operator_id: owner.id,
      username: owner.username,
      ip: '10.0.0.9',
      user_agent: 'console',
      at: t.clock.now().toISOString(),
    });
    expect(res.json.rows[3]).toMatchObject({
      target_type: 'player',
      target_id: '41',
      player_id: 41,
      before: { betting_status: '1' },
      after: { betting_status: '0' },
      detail: {},
    });
    expect(res.json.rows[2]).toMatchObject({ operator_id: null, username: '=HYPERLINK("http://x")' });
  });

  it('pages and sorts on the server', async () => {
    const first = await page('?page=1&page_size=2&sort=at&dir=asc');
    expect(first.json.rows.map((r) => r.action)).toEqual(['deposit_approve', 'betting_status']);
    expect(first.json.total).toBe(5);
    const third = await page('?page=3&page_size=2&sort=at&dir=asc');
    expect(third.json.rows.map((r) => r.action)).toEqual(['login']);
    const beyond = await page('?page=9&page_size=2');
    expect(beyond.json).toMatchObject({ rows: [], total: 5, page: 9 });
    const byAction = await page('?sort=action&dir=asc');
    expect(byAction.json.rows.map((r) => r.action)).toEqual([
      'betting_status',
      'deposit_approve',
      'login',
      'login_failed',
      'wallet_adjust',
    ]);
    const byActionDown = await page('?sort=action&dir=desc');
    expect(byActionDown.json.rows.map((r) => r.action)).toEqual(
      byAction.json.rows.map((r) => r.action).reverse(),
    );
    const byOperator = await page('?sort=operator&dir=desc');
    expect(byOperator.json.rows.map((r) => r.username)).toEqual([
      ...Array<string>(4).fill(owner.username),
      '=HYPERLINK("http://x")',
    ]);
  });

  it('filters by operator, action, target, player and dates (days in the market time zone)', async () => {
    expect((await page(`?operator_id=${owner.id}`)).json.total).toBe(4);
    expect((await page('?action=login_failed')).json.rows.map((r) => r.ip)).toEqual(['10.0.0.3']);
    expect((await page('?player_id=41')).json.rows.map((r) => r.action)).toEqual([
      'betting_status',
      'deposit_approve',
    ]);
    expect((await page('?target_type=deposit_request&target_id=7')).json.total).toBe(1);
    // 19 November in Kolkata runs from 18 Nov 18:30 UTC to 19 Nov 18:30 UTC.
    expect((await page('?from=2026-11-19&to=2026-11-19')).json.rows.map((r) => r.action)).toEqual([
      'login_failed',
      'betting_status',
    ]);
    expect((await page('?to=2026-11-18')).json.rows.map((r) => r.action)).toEqual(['deposit_approve']);
    expect(
      (await page(`?from=${encodeURIComponent('2026-11-20T09:00:00+05:30')}&action=wallet_adjust`)).json
        .total,
    ).toBe(1);
    expect(
      (await page(`?from=${encodeURIComponent('2026-11-20T09:00:01+05:30')}&action=wallet_adjust`)).json
        .total,
    ).toBe(0);
  });

  it('refuses malformed filters', async () => {
    for (const [query, msg] of [
      ['?from=yesterday', 'from must be a date (YYYY-MM-DD) or an ISO time with an offset'],
      ['?to=2026-13-01', 'to must be a date (YYYY-MM-DD) or an ISO time with an offset'],
      ['?page_size=500', 'page_size must be a whole number from 1 to 200'],
      ['?page=0', 'page must be a whole number of at least 1'],
      ['?sort=ip', 'sort must be one of at, action, operator'],
      // One convention for every table: a column and a direction, never a signed column.
      ['?sort=-at', 'sort must be one of at, action, operator'],
      ['?sort=at&dir=up', 'dir must be asc or desc'],
      ['?player_id=abc', 'player_id must be a number'],
      ['?format=xml', 'format must be json or csv'],
    ] as const) {
      const res = await page(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json.msg).toBe(msg);
    }
  });

  it('downloads the filtered rows as CSV, with formulas made inert', async () => {
    const res = await call(t, 'GET', '/admin-api/audit?format=csv&sort=at&dir=asc&page_size=1', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gama-audit-2026-11-20.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    // Every matching row, whatever the page size; a byte order mark so spreadsheets read UTF-8.
    expect(lines[0]).toBe(
      '\uFEFFid,at,operator_id,username,action,target_type,target_id,player_id,ip,user_agent,request_id,before,after,detail',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(',deposit_approve,deposit_request,7,41,10.0.0.1,test agent,req-10.0.0.1,');
    expect(lines[1]).toContain(',"{""status"":""pending""}","{""status"":""approved""}",{}');
    expect(lines[3]).toContain(`,"'=HYPERLINK(""http://x"")",login_failed,`);
    expect(lines[4]).toContain('"{""points"":120,""reason"":""goodwill, \\""sorry\\""""}"');
    const filtered = await call(t, 'GET', '/admin-api/audit?format=csv&player_id=42', { token });
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
    // Taking a copy of the log is itself in the log.
    const exports = await page('?action=audit_export');
    expect(exports.json.rows.map((r) => r.detail)).toEqual([
      { player_id: 42, sort: 'at', dir: 'desc', rows: 1 },
      { sort: 'at', dir: 'asc', rows: 5 },
    ]);
  });

  it('lists the action names for the filter', async () => {
    const res = await call(t, 'GET', '/admin-api/audit/actions', { token });
    expect(res.json).toEqual({
      status: true,
      actions: [
        'audit_export',
        'betting_status',
        'deposit_approve',
        'login',
        'login_failed',
        'wallet_adjust',
      ],
    });
  });

  it('is for operators with the audit permission only', async () => {
    const cashier = await signIn(t, await newOperator(t, 'cashier'));
    for (const url of ['/admin-api/audit', '/admin-api/audit?format=csv', '/admin-api/audit/actions']) {
      const res = await call(t, 'GET', url, { token: cashier });
      expect(res.statusCode).toBe(403);
      expect(res.json.msg).toBe('You do not have permission to read the audit log');
    }
    const viewer = await signIn(t, await newOperator(t, 'viewer'));
    expect((await call(t, 'GET', '/admin-api/audit', { token: viewer })).statusCode).toBe(200);
  });

  it('refuses a CSV of more than 10,000 rows, asking for narrower filters', async () => {
    await t.db.query(
      `INSERT INTO audit_log (operator_id, action, detail, created_at)
       SELECT NULL, 'bulk_row', '{}'::jsonb, $1 FROM generate_series(1, 10000)`,
      [new Date('2026-11-01T00:00:00Z')],
    );
    const tooMany = await call(t, 'GET', '/admin-api/audit?format=csv', { token });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json.msg).toBe(
      'More than 10,000 rows match: narrow the filters (dates, operator, action) to export',
    );
    const narrowed = await call(t, 'GET', '/admin-api/audit?format=csv&action=bulk_row', { token });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.body.trimEnd().split('\r\n')).toHaveLength(10_001);
  });
});
