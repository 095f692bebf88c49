/**
 * Players in the console (issue 14): search, the player page and its lists, and the actions (credit/debit limited
 * per role, betting, transfers, block, force sign-out, reset code), each audited; flags switched while bids are in
 * flight refuse them instead of accepting them. Over HTTP, on the engine of the project.
 */
import { accountMessages as m } from '@gama/core/contract/messages';
import { fundsMessages as f } from '@gama/core/contract/funds-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { engine } from '../../../test/db.ts';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import {
  MONEY_TABLES,
  admin,
  balanceOf,
  fund,
  suiteOperators,
  savePayoutNumber,
  transferPoints,
} from '../../../test/money.ts';
import { declareEveryGroup } from '../../../test/desk.ts';
import { seedMarket } from '../../seed/markets.ts';
import { nextMobile } from '../../seed/players.ts';

const IST = (time: string, date = '2026-11-20') => new Date(`${date}T${time}:00+05:30`);
const BID_DATE = '20-November-2026';

let late: { main: number; starline: number; gali: number };
const t = suiteApp({ now: IST('12:00').toISOString(), ledger: true });
const ops = suiteOperators(t, { owner: 'owner', cashier: 'cashier', support: 'support', viewer: 'viewer' });
beforeAll(async () => {
  const now = t.clock.now();
  late = {
    main: await seedMarket(t.db, { name: 'PLAYERS LATE', open: '03:00 PM', close: '05:00 PM', now }),
    starline: await seedMarket(t.db, { group: 'starline', name: 'PLAYERS STAR', open: '04:00 PM', now }),
    gali: await seedMarket(t.db, { group: 'gali', name: 'PLAYERS GALI', open: '04:30 PM', now }),
  };
});

type Player = Awaited<ReturnType<TestApp['player']>>;
type Json = Record<string, unknown>;
const TABLES = [...MONEY_TABLES, 'players', 'sessions', 'audit_log'] as const;

const SUBMIT = {
  main: '/api-submit-bid',
  starline: '/api-starline-submit-bid',
  gali: '/api-galidisawar-submit-bid',
};
function bid(
  p: Player,
  group: 'main' | 'starline' | 'gali',
  market: number,
  digits: string,
  points = 10,
  token = p.token,
) {
  return t.post(
    SUBMIT[group],
    {
      game_id: market,
      new_result: {
        pana: group === 'gali' ? 'Left Digit' : 'Single Digit',
        bid_date: BID_DATE,
        result: [{ digits, points, ...(group === 'main' ? { session: 'open' } : {}) }],
      },
    },
    { token },
  );
}

const get = <T = Json>(url: string, token = ops.viewer) => admin<ApiBody & T>(t, token, 'GET', url);
const post = <T = Json>(
  url: string,
  body: Json = {},
  token = ops.owner,
  headers: Record<string, string> = {},
) => admin<ApiBody & T>(t, token, 'POST', url, body, headers);

async function auditOf(playerId: number): Promise<Json[]> {
  const { rows } = await t.db.query<Json>(
    `SELECT action, before_state, after_state, detail FROM audit_log
      WHERE target_type = 'player' AND target_id = $1 ORDER BY id`,
    [String(playerId)],
  );
  return rows;
}

describe('finding players', () => {
  it('searches by phone, name or id, with filters, sorting, paging and CSV', async () => {
    const tag = `Zq${Math.floor(Math.random() * 1e6)}`;
    const a = await t.player({ userName: `${tag} Alpha` });
    const b = await t.player({ userName: `${tag} beta`, bettingStatus: '0' });
    const c = await t.player({ userName: `Other ${tag}x` });
    await fund(t, a, ops.owner, 300);
    await fund(t, c, ops.owner, 900);

    const byName = await get<{ rows: Json[]; total: number }>(
      `/admin-api/players?q=${tag.toLowerCase()}&sort=wallet&dir=desc`,
    );
    expect(byName.json.rows.map((r) => r.id)).toEqual([c.id, a.id, b.id]);
    expect(byName.json.total).toBe(3);
    expect(byName.json.rows[1]).toEqual({
      id: a.id,
      user_name: `${tag} Alpha`,
      mobile: a.mobile,
      betting_status: '1',
      transfer_allowed: true,
      blocked: false,
      break: null,
      wallet_paise: 30_000,
      debt_paise: 0,
      created_at: t.clock.now().toISOString(),
      last_seen_at: t.clock.now().toISOString(),
    });
    expect(
      (await get<{ rows: Json[] }>(`/admin-api/players?q=${a.mobile}`)).json.rows.map((r) => r.id),
    ).toEqual([a.id]);
    expect(
      (await get<{ rows: Json[] }>(`/admin-api/players?q=${a.mobile.slice(0, 6)}`)).json.rows.some(
        (r) => r.id === a.id,
      ),
    ).toBe(true);
    expect(
      (await get<{ rows: Json[] }>(`/admin-api/players?q=${b.id}`)).json.rows.some((r) => r.id === b.id),
    ).toBe(true);
    const off = await get<{ rows: Json[] }>(`/admin-api/players?q=${tag}&betting_status=0`);
    expect(off.json.rows.map((r) => r.id)).toEqual([b.id]);
    const pageTwo = await get<{ rows: Json[]; page: number; page_size: number }>(
      `/admin-api/players?q=${tag}&sort=id&dir=asc&page=2&page_size=2`,
    );
    expect(pageTwo.json).toMatchObject({ page: 2, page_size: 2, total: 3 });
    expect(pageTwo.json.rows.map((r) => r.id)).toEqual([c.id]);
    // A search for % or _ is a search for those characters, not a wildcard.
    expect((await get<{ total: number }>('/admin-api/players?q=%25')).json.total).toBe(0);
    expect((await get<{ total: number }>('/admin-api/players?q=_')).json.total).toBe(0);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin-api/players?q=${tag}&sort=id&dir=asc&format=csv`,
      headers: { authorization: `Bearer ${ops.viewer}` },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,name,mobile,betting,transfers,blocked,wallet,debt,registered,last seen');
    expect(lines[1]).toMatch(new RegExp(`^${a.id},${tag} Alpha,${a.mobile},on,allowed,no,300.00,0.00,`));
    expect(lines).toHaveLength(4);

    // A running time-out or self-exclusion is among the flags, with its end.
    expect((await t.post('/api-play-break', { option: '7d' }, { token: c.token })).statusCode).toBe(200);
    const [onBreak] = (await get<{ rows: Json[] }>(`/admin-api/players?q=${c.mobile}`)).json.rows;
    expect(onBreak?.break).toEqual({
      kind: 'timeout',
      until: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    });

    for (const bad of [
      'sort=password_hash',
      'page_size=201',
      'blocked=1',
      'betting_status=2',
      `q=${'9'.repeat(61)}`,
    ]) {
      expect((await get(`/admin-api/players?${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await admin(t, a.token, 'GET', '/admin-api/players')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/players' })).statusCode).toBe(401);
  });
});

describe('the player page', () => {
  it('shows the profile, balances, flags, counts and totals, and every list, paged', async () => {
    t.clock.set(IST('09:00'));
    const now = t.clock.now();
    const early = {
      main: await seedMarket(t.db, { name: 'PAGE EARLY', open: '10:00 AM', close: '12:00 PM', now }),
      starline: await seedMarket(t.db, { group: 'starline', name: 'PAGE STAR', open: '11:00 AM', now }),
      gali: await seedMarket(t.db, { group: 'gali', name: 'PAGE GALI', open: '11:30 AM', now }),
    };
    const p = await t.player({ userName: 'Page Person' });
    const friend = await t.player({ userName: 'Page Friend' });
    await fund(t, p, ops.cashier, 2000);
    await fund(t, friend, ops.cashier, 500);
    expect((await bid(p, 'main', early.main, '6')).statusCode).toBe(200);
    expect((await bid(p, 'main', early.main, '1')).statusCode).toBe(200);
    expect((await bid(p, 'starline', early.starline, '6')).statusCode).toBe(200);
    expect((await bid(p, 'gali', early.gali, '4')).statusCode).toBe(200);
    expect((await bid(p, 'main', late.main, '2')).statusCode).toBe(200);
    expect((await transferPoints(t, p, friend, '150')).statusCode).toBe(200);
    expect((await transferPoints(t, friend, p, '120')).statusCode).toBe(200);
    const payout = nextMobile();
    await savePayoutNumber(t, p, payout, '3');
    t.clock.set(IST('12:30'));
    await declareEveryGroup(t, ops.owner, early);
    const withdrawal = await t.post<ApiBody & { request_number: number }>(
      '/api-user-withdraw-fund-request',
      { request_amount: '500', payment_method: '4' },
      { token: p.token },
    );
    expect(withdrawal.statusCode, withdrawal.raw).toBe(200);
    const pendingDeposit = await t.post<ApiBody & { request_id: number }>(
      '/api-fund-request-add',
      { request_amount: '700' },
      { token: p.token },
    );
    await t.post(
      '/api-fund-request-utr',
      { request_id: pendingDeposit.json.request_id, utr: '700700700700' },
      { token: p.token },
    );

    const wallet = await balanceOf(t, p.id);
    const page = await get<Json & { player: Json; counts: Json; totals: Json }>(`/admin-api/players/${p.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json.player).toMatchObject({
      id: p.id,
      user_name: 'Page Person',
      mobile: p.mobile,
      betting_status: '1',
      transfer_allowed: true,
      blocked: false,
      blocked_at: null,
      blocked_reason: null,
      wallet_paise: wallet,
      debt_paise: 0,
    });
    expect(page.json.counts).toEqual({
      bids: 5,
      wins: 3,
      deposits: 2,
      deposits_pending: 1,
      withdrawals: 1,
      withdrawals_pending: 1,
      transfers_out: 1,
      transfers_in: 1,
      live_sessions: 1,
      payout_methods: 1,
    });
    const won = (page.json.totals as { won_paise: number }).won_paise;
    expect(page.json.totals).toEqual({
      deposited_paise: 200_000,
      withdrawn_paise: 0,
      staked_paise: 5_000,
      won_paise: won,
    });
    // Every paisa accounted for: deposit, stakes, wins, transfers out and in, the withdrawal hold.
    expect(wallet).toBe(200_000 - 5_000 + won - 15_000 + 12_000 - 50_000);

    const passbook = await get<{
      rows: Array<{ amount_paise: number; balance_paise: number; kind: string }>;
      total: number;
    }>(`/admin-api/players/${p.id}/passbook?page_size=3`);
    expect(passbook.json.rows[0]?.balance_paise).toBe(wallet);
    expect(passbook.json.rows[0]?.kind).toBe('withdraw_hold');
    const [r0, r1] = passbook.json.rows;
    expect((r1?.balance_paise ?? 0) + (r0?.amount_paise ?? 0)).toBe(r0?.balance_paise);
    const oldest = await get<{ rows: Array<{ kind: string; amount_paise: number; balance_paise: number }> }>(
      `/admin-api/players/${p.id}/passbook?dir=asc&page_size=1`,
    );
    expect(oldest.json.rows).toEqual([
      expect.objectContaining({ kind: 'deposit', amount_paise: 200_000, balance_paise: 200_000 }),
    ]);
    // Transfer rows name the other player in full and the actor by name, never a raw `player:12`.
    const all = await get<{
      rows: Array<{
        kind: string;
        amount_paise: number;
        actor: string;
        actor_name: string;
        counterparty: { id: number; user_name: string; mobile: string } | null;
      }>;
    }>(`/admin-api/players/${p.id}/passbook?dir=asc&page_size=100`);
    const transferRows = all.json.rows.filter((r) => r.kind === 'transfer');
    expect(
      transferRows.map((r) => [
        r.amount_paise,
        r.actor,
        r.actor_name,
        r.counterparty?.user_name,
        r.counterparty?.mobile,
      ]),
    ).toEqual([
      [-15_000, `player:${p.id}`, `Page Person (${p.mobile})`, 'Page Friend', friend.mobile],
      [12_000, `player:${friend.id}`, `Page Friend (${friend.mobile})`, 'Page Friend', friend.mobile],
    ]);
    expect(all.json.rows.find((r) => r.kind === 'deposit')?.counterparty).toBeNull();

    const bids = await get<{ rows: Array<{ group: string; status: string; digits: string }>; total: number }>(
      `/admin-api/players/${p.id}/bids?dir=asc`,
    );
    expect(bids.json.rows.map((r) => [r.group, r.digits, r.status])).toEqual([
      ['main', '6', 'won'],
      ['main', '1', 'lost'],
      ['starline', '6', 'won'],
      ['gali', '4', 'won'],
      ['main', '2', 'pending'],
    ]);
    expect((await get<{ total: number }>(`/admin-api/players/${p.id}/bids?group=gali`)).json.total).toBe(1);
    expect((await get<{ total: number }>(`/admin-api/players/${p.id}/bids?status=pending`)).json.total).toBe(
      1,
    );
    const wins = await get<{ rows: Array<{ group: string; payout_paise: number }> }>(
      `/admin-api/players/${p.id}/wins`,
    );
    expect(wins.json.rows.map((r) => r.group).sort()).toEqual(['gali', 'main', 'starline']);
    expect(wins.json.rows.reduce((sum, r) => sum + r.payout_paise, 0)).toBe(won);

    const deposits = await get<{ rows: Json[] }>(`/admin-api/players/${p.id}/deposits`);
    expect(deposits.json.rows[0]).toMatchObject({
      status: 'pending',
      utr: '700700700700',
      amount_paise: 70_000,
    });
    expect(deposits.json.rows[1]).toMatchObject({
      status: 'approved',
      decided_by: expect.stringMatching(/_cashier$/) as unknown,
    });
    const withdrawals = await get<{ rows: Json[] }>(`/admin-api/players/${p.id}/withdrawals`);
    expect(withdrawals.json.rows).toEqual([
      expect.objectContaining({
        id: withdrawal.json.request_number,
        state: 'pending',
        payout_number: payout,
        payment_method: '4',
      }),
    ]);
    const transfers = await get<{ rows: Json[] }>(`/admin-api/players/${p.id}/transfers?dir=asc`);
    expect(transfers.json.rows.map((r) => [r.direction, r.amount_paise, (r.other as Json).id])).toEqual([
      ['out', 15_000, friend.id],
      ['in', 12_000, friend.id],
    ]);
    const methods = await get<{ rows: Json[] }>(`/admin-api/players/${p.id}/payout-methods`);
    expect(methods.json.rows).toEqual([
      expect.objectContaining({ upi_type: '3', app: 'PhonePe', number: payout }),
    ]);
    const sessions = await get<{ rows: Json[] }>(`/admin-api/players/${p.id}/sessions`);
    expect(sessions.json.rows).toEqual([expect.objectContaining({ live: true, revoked_at: null })]);

    for (const list of [
      '',
      '/passbook',
      '/bids',
      '/wins',
      '/deposits',
      '/withdrawals',
      '/transfers',
      '/sessions',
      '/payout-methods',
    ]) {
      const missing = await get(`/admin-api/players/987654321${list}`);
      expect(missing.statusCode, list).toBe(404);
      expect(missing.json.msg).toBe('Player not found');
    }
    t.clock.set(IST('12:00'));
  });
});

describe('credit and debit', () => {
  it('is limited per role, idempotent, audited before and after, and refuses what it cannot do', async () => {
    const p = await t.player();
    const before = await snapshot(t.db, TABLES);
    const tooMuch = await post(
      `/admin-api/players/${p.id}/adjust`,
      { points: 10_001, reason: 'big credit' },
      ops.cashier,
    );
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json.msg).toBe('A cashier may credit or debit at most 10,000 points at a time');
    expect(
      (await post(`/admin-api/players/${p.id}/adjust`, { points: 50, reason: 'goodwill' }, ops.support)).json
        .msg,
    ).toBe('You do not have permission to credit or debit wallets');
    expect(
      (await post(`/admin-api/players/${p.id}/adjust`, { points: 50, reason: 'goodwill' }, ops.viewer))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(`/admin-api/players/${p.id}/adjust`, { points: -1, reason: 'nothing to take' })).statusCode,
    ).toBe(409);
    expect(
      (await post(`/admin-api/players/987654321/adjust`, { points: 1, reason: 'nobody' })).statusCode,
    ).toBe(404);
    expect(await snapshot(t.db, TABLES)).toEqual(before);

    const key = { 'idempotency-key': `adjust-${p.id}-limit` };
    const credit = await post<{ wallet_paise: number }>(
      `/admin-api/players/${p.id}/adjust`,
      { points: 10_000, reason: 'cashier maximum' },
      ops.cashier,
      key,
    );
    expect(credit.json).toMatchObject({ status: true, wallet_paise: 1_000_000, debt_paise: 0 });
    expect(
      (
        await post(
          `/admin-api/players/${p.id}/adjust`,
          { points: 10_000, reason: 'cashier maximum' },
          ops.cashier,
          key,
        )
      ).json,
    ).toEqual(credit.json);
    const big = await post(`/admin-api/players/${p.id}/adjust`, {
      points: 50_000,
      reason: 'owner has no limit',
    });
    expect(big.json).toMatchObject({ wallet_paise: 6_000_000 });
    const debit = await post(
      `/admin-api/players/${p.id}/adjust`,
      { points: -10_000, reason: 'cashier debit' },
      ops.cashier,
    );
    expect(debit.json).toMatchObject({ wallet_paise: 5_000_000 });
    expect(await balanceOf(t, p.id)).toBe(5_000_000);
    expect(await auditOf(p.id)).toEqual([
      {
        action: 'wallet_adjust',
        before_state: { wallet_paise: 0, debt_paise: 0 },
        after_state: { wallet_paise: 1_000_000, debt_paise: 0 },
        detail: expect.objectContaining({ points: 10_000, reason: 'cashier maximum' }) as unknown,
      },
      expect.objectContaining({ before_state: { wallet_paise: 1_000_000, debt_paise: 0 } }),
      expect.objectContaining({ after_state: { wallet_paise: 5_000_000, debt_paise: 0 } }),
    ]);
  });
});

describe('flags', () => {
  it('switches betting off and on: the player’s calls follow at once, a repeat changes nothing', async () => {
    const p = await t.player();
    await fund(t, p, ops.owner, 500);
    expect((await bid(p, 'main', late.main, '5')).statusCode).toBe(200);
    const before = await snapshot(t.db, TABLES);
    expect(
      (await post(`/admin-api/players/${p.id}/betting-status`, { betting_status: '0' }, ops.cashier))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(`/admin-api/players/${p.id}/betting-status`, { betting_status: 'off' }, ops.support))
        .statusCode,
    ).toBe(400);
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    const off = await post(`/admin-api/players/${p.id}/betting-status`, { betting_status: '0' }, ops.support);
    expect(off.json).toEqual({
      status: true,
      player_id: p.id,
      betting_status: '0',
      transfer_allowed: true,
      blocked: false,
      changed: true,
    });
    expect((await bid(p, 'main', late.main, '5')).json).toMatchObject({
      code: 'BETTING_DISABLED',
      msg: m.bettingDisabled,
    });
    expect(
      (await post(`/admin-api/players/${p.id}/betting-status`, { betting_status: '0' }, ops.support)).json
        .changed,
    ).toBe(false);
    expect(
      (await post(`/admin-api/players/${p.id}/betting-status`, { betting_status: '1' }, ops.support)).json
        .changed,
    ).toBe(true);
    expect((await bid(p, 'main', late.main, '5')).statusCode).toBe(200);
    expect((await auditOf(p.id)).filter((r) => r.action === 'player_betting')).toEqual([
      {
        action: 'player_betting',
        before_state: { betting_status: '1', transfer_allowed: true, blocked: false },
        after_state: { betting_status: '0', transfer_allowed: true, blocked: false },
        detail: {},
      },
      expect.objectContaining({
        after_state: { betting_status: '1', transfer_allowed: true, blocked: false },
      }),
    ]);
  });

  it('stops and allows transfers from a player', async () => {
    const p = await t.player();
    const q = await t.player();
    await fund(t, p, ops.owner, 1000);
    const stop = await post(
      `/admin-api/players/${p.id}/transfer-status`,
      { transfer_allowed: false },
      ops.support,
    );
    expect(stop.json).toMatchObject({ transfer_allowed: false, changed: true });
    const before = await snapshot(t.db, MONEY_TABLES);
    const refused = await transferPoints(t, p, q, '200');
    expect(refused.statusCode).toBe(403);
    expect(refused.json.msg).toBe(f.transfersStopped);
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
    // Receiving and bidding are not transfers.
    await fund(t, q, ops.owner, 500);
    expect((await transferPoints(t, q, p, '200')).statusCode).toBe(200);
    expect((await bid(p, 'main', late.main, '3')).statusCode).toBe(200);
    await post(`/admin-api/players/${p.id}/transfer-status`, { transfer_allowed: true }, ops.support);
    expect((await transferPoints(t, p, q, '200')).statusCode).toBe(200);
    expect(
      (await post(`/admin-api/players/${p.id}/transfer-status`, { transfer_allowed: true }, ops.viewer))
        .statusCode,
    ).toBe(403);
  });

  it('blocks: no sign-in, every session ends, the page says why; unblocking lets the player back', async () => {
    const p = await t.player();
    const second = await t.post<ApiBody & { unique_token: string }>('/api-user-login', {
      mobile: p.mobile,
      password: p.password,
    });
    expect(second.statusCode).toBe(200);
    const home = (token: string) => t.post('/api-user-wallet-balance', {}, { token });
    expect((await home(p.token)).statusCode).toBe(200);

    for (const reason of [undefined, '', 'no']) {
      expect(
        (await post(`/admin-api/players/${p.id}/block`, reason === undefined ? {} : { reason }, ops.support))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await post(`/admin-api/players/${p.id}/block`, { reason: 'chargeback fraud' }, ops.cashier))
        .statusCode,
    ).toBe(403);
    const blocked = await post(
      `/admin-api/players/${p.id}/block`,
      { reason: 'chargeback fraud' },
      ops.support,
    );
    expect(blocked.json).toMatchObject({ blocked: true, changed: true });
    for (const token of [p.token, second.json.unique_token]) {
      expect((await home(token)).json).toMatchObject({ code: 'UNAUTHENTICATED', msg: m.sessionExpired });
    }
    const login = await t.post('/api-user-login', { mobile: p.mobile, password: p.password });
    expect(login.statusCode).toBe(403);
    expect(login.json).toEqual({ status: false, code: 'ACCOUNT_BLOCKED', msg: m.accountBlocked });
    // A wrong password does not learn that the account exists and is blocked.
    expect((await t.post('/api-user-login', { mobile: p.mobile, password: 'wrong-pass-1' })).json.msg).toBe(
      m.wrongPassword,
    );
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE player_id = $1 AND revoked_at IS NULL',
      [p.id],
    );
    expect(rows).toEqual([{ n: 0 }]);
    const page = await get<{ player: Json }>(`/admin-api/players/${p.id}`);
    expect(page.json.player).toMatchObject({
      blocked: true,
      blocked_reason: 'chargeback fraud',
      blocked_at: t.clock.now().toISOString(),
    });
    expect(
      (await get<{ rows: Json[] }>(`/admin-api/players?q=${p.mobile}&blocked=true`)).json.rows,
    ).toHaveLength(1);
    expect((await auditOf(p.id)).at(-1)).toEqual({
      action: 'player_block',
      before_state: { betting_status: '1', transfer_allowed: true, blocked: false },
      after_state: { betting_status: '1', transfer_allowed: true, blocked: true },
      detail: { reason: 'chargeback fraud', sessions_ended: 2 },
    });

    expect((await post(`/admin-api/players/${p.id}/unblock`, {}, ops.support)).json).toMatchObject({
      blocked: false,
      changed: true,
    });
    expect((await post(`/admin-api/players/${p.id}/unblock`, {}, ops.support)).json).toMatchObject({
      changed: false,
    });
    const back = await t.post<ApiBody & { unique_token: string }>('/api-user-login', {
      mobile: p.mobile,
      password: p.password,
    });
    expect(back.statusCode).toBe(200);
    expect((await home(back.json.unique_token)).statusCode).toBe(200);
    expect((await get<{ player: Json }>(`/admin-api/players/${p.id}`)).json.player).toMatchObject({
      blocked_reason: null,
    });
  });
});

describe('signing a player out', () => {
  it('ends every session of the player and no one else’s, and says how many', async () => {
    const p = await t.player();
    const other = await t.player();
    const second = await t.post<ApiBody & { unique_token: string }>('/api-user-login', {
      mobile: p.mobile,
      password: p.password,
    });
    const home = (token: string) => t.post('/api-user-wallet-balance', {}, { token });
    expect((await home(p.token)).statusCode).toBe(200);
    expect((await post(`/admin-api/players/${p.id}/sign-out`, {}, ops.cashier)).statusCode).toBe(403);
    const out = await post<{ sessions_ended: number }>(
      `/admin-api/players/${p.id}/sign-out`,
      {},
      ops.support,
    );
    expect(out.json).toEqual({ status: true, sessions_ended: 2 });
    for (const token of [p.token, second.json.unique_token]) expect((await home(token)).statusCode).toBe(401);
    expect((await home(other.token)).statusCode).toBe(200);
    expect(
      (await post<{ sessions_ended: number }>(`/admin-api/players/${p.id}/sign-out`, {}, ops.support)).json
        .sessions_ended,
    ).toBe(0);
    // Signing in again works: a sign-out is not a block.
    expect((await t.post('/api-user-login', { mobile: p.mobile, password: p.password })).statusCode).toBe(
      200,
    );
    expect((await auditOf(p.id)).filter((r) => r.action === 'player_sign_out')).toHaveLength(2);
  });

  it.skipIf(engine !== 'postgres')(
    'in every server process, through the NOTIFY the session caches listen to',
    async () => {
      const b = await buildApp({
        config: t.config,
        db: t.db,
        clock: t.clock,
        pepper: 'second-process-pepper',
        logger: false,
      });
      try {
        await b.ready();
        const p = await t.player();
        const homeOnB = async () =>
          (
            await b.inject({
              method: 'POST',
              url: '/api-user-wallet-balance',
              payload: { app_key: t.config.APP_KEY, env_type: 'Prod' },
              headers: { authorization: `Bearer ${p.token}` },
            })
          ).statusCode;
        // B's cache must be live and hold the session before the sign-out, or the test proves nothing. The polls'
        // limits are for a slow machine in a whole run (a notice crosses processes), not a promise of speed.
        await expect.poll(() => b.deps.sessions.live, { timeout: 30_000 }).toBe(true);
        expect(await homeOnB()).toBe(200);
        expect(await homeOnB()).toBe(200);
        await post(`/admin-api/players/${p.id}/sign-out`, {}, ops.support);
        await expect.poll(homeOnB, { timeout: 30_000 }).toBe(401);
        const blockedPlayer = await t.player();
        const homeOf = async (token: string) =>
          (
            await b.inject({
              method: 'POST',
              url: '/api-user-wallet-balance',
              payload: { app_key: t.config.APP_KEY, env_type: 'Prod' },
              headers: { authorization: `Bearer ${token}` },
            })
          ).statusCode;
        expect(await homeOf(blockedPlayer.token)).toBe(200);
        await post(
          `/admin-api/players/${blockedPlayer.id}/block`,
          { reason: 'checked elsewhere' },
          ops.support,
        );
        await expect.poll(() => homeOf(blockedPlayer.token), { timeout: 30_000 }).toBe(401);
      } finally {
        await b.close();
      }
    },
  );
});

describe('a reset code from support', () => {
  it('texts the player a reset code the app’s reset flow takes, with the usual caps', async () => {
    const p = await t.player();
    expect((await post(`/admin-api/players/${p.id}/reset-code`, {}, ops.cashier)).statusCode).toBe(403);
    const sent = await post<{ mobile: string }>(`/admin-api/players/${p.id}/reset-code`, {}, ops.support);
    expect(sent.json).toEqual({ status: true, mobile: p.mobile });
    const [sms] = await t.outbox(p.mobile);
    expect(sms).toMatch(/is your Gama password reset code/);
    const again = await post(`/admin-api/players/${p.id}/reset-code`, {}, ops.support);
    expect(again.statusCode).toBe(429);
    const verified = await t.post<ApiBody & { reset_token: string }>('/api-verify-forgot-otp', {
      mobile: p.mobile,
      otp: await t.lastCode(p.mobile),
    });
    expect(verified.statusCode).toBe(200);
    const reset = await t.post('/api-forgot-password', {
      mobile: p.mobile,
      new_pass: 'support-reset-77',
      reset_token: verified.json.reset_token,
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.post('/api-user-login', { mobile: p.mobile, password: 'support-reset-77' })).statusCode,
    ).toBe(200);
    expect((await auditOf(p.id)).map((r) => r.action)).toEqual(['player_reset_code']);
    expect((await post(`/admin-api/players/987654321/reset-code`, {}, ops.support)).statusCode).toBe(404);
  });
});

describe(`flags switched while bids are in flight (${engine})`, () => {
  /**
   * Ten submissions, then (once one has answered) the switch, and more submissions every few milliseconds until
   * it has answered (and three after): those sent while it was on its way passed the session check with betting
   * still on. A bid either committed before the switch or is refused: every bid journal belongs to an accepted
   * answer, and none was written after the switch. (Both take the player's account lock before their first
   * write, so the transaction ids of the bid journals and of the switch's players row follow the order in which
   * the lock was granted.)
   */
  async function race(change: (p: Player) => Promise<unknown>, refusedCodes: string[]) {
    const p = await t.player();
    await fund(t, p, ops.owner, 5000);
    const start = await balanceOf(t, p.id);
    const sent = Array.from({ length: 10 }, (_, i) => bid(p, 'main', late.main, String(i)));
    await Promise.race(sent);
    let switched = false;
    const switching = change(p).then(() => (switched = true));
    for (let i = 0; !switched && i < 300; i++) {
      sent.push(bid(p, 'main', late.main, String(i % 10)));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (let i = 0; i < 3; i++) sent.push(bid(p, 'main', late.main, '9'));
    await switching;
    // What had committed when the switch answered. Transaction ids do not give commit order (a bid may take its id
    // before the switch takes its own and still get the lock first), so the check is visibility in this snapshot.
    const { rows: snap } = await t.db.query<{ snapshot: string }>(
      'SELECT txid_current_snapshot()::text AS snapshot',
    );
    const answers = await Promise.all(sent);
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(answers.length).toBeGreaterThanOrEqual(14);
    expect(accepted).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) expect(refusedCodes, a.raw).toContain(a.json.code);
    expect(await balanceOf(t, p.id)).toBe(start - accepted * 1000);
    const { rows } = await t.db.query<{ n: number; after_switch: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE NOT txid_visible_in_snapshot(j.xmin::text::bigint, $2::txid_snapshot))::int
                AS after_switch
         FROM journals j WHERE j.kind = 'bid' AND j.actor = $1`,
      [`player:${p.id}`, snap[0]?.snapshot],
    );
    expect(rows).toEqual([{ n: accepted, after_switch: 0 }]);
    return answers;
  }

  /**
   * The moment made to last: the test holds the player's account lock (on PGlite, the database itself) while the
   * flag changes as the switch changes it, and submissions arrive whose session still says betting is on (the
   * cache has not heard yet). Every one of them must be refused once it gets the lock.
   */
  async function heldMoment(
    flag: string,
    send: (p: Player, q: Player) => Promise<{ statusCode: number; json: ApiBody }>,
  ) {
    const p = await t.player();
    const q = await t.player();
    await fund(t, p, ops.owner, 2000);
    await savePayoutNumber(t, p, nextMobile());
    // The session is in the cache, with betting on.
    expect((await t.post('/api-user-wallet-balance', {}, { token: p.token })).statusCode).toBe(200);
    const before = await snapshot(t.db, MONEY_TABLES);
    let sent: Array<Promise<{ statusCode: number; json: ApiBody }>> = [];
    await t.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM accounts WHERE player_id = $1 ORDER BY id FOR NO KEY UPDATE', [p.id]);
      await tx.query(`UPDATE players SET ${flag} WHERE id = $1`, [p.id]);
      sent = Array.from({ length: 5 }, () => send(p, q));
      // Long enough for every call to pass its session check and wait.
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const answers = await Promise.all(sent);
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
    return answers;
  }

  it('a bid, a withdrawal and a transfer that passed the session check wait for the switch and are refused', async () => {
    const bidOf = (p: Player) => bid(p, 'main', late.main, '7');
    const withdrawOf = (p: Player) =>
      t.post(
        '/api-user-withdraw-fund-request',
        { request_amount: '500', payment_method: '2' },
        { token: p.token },
      );
    const transferOf = (p: Player, q: Player) => transferPoints(t, p, q, '200');
    for (const send of [bidOf, withdrawOf, transferOf]) {
      for (const a of await heldMoment(`betting_status = '0'`, send)) {
        expect(a.json).toMatchObject({ code: 'BETTING_DISABLED', msg: m.bettingDisabled });
      }
      for (const a of await heldMoment(`blocked_at = now()`, send)) {
        expect(a.json).toMatchObject({ code: 'ACCOUNT_BLOCKED', msg: m.accountBlocked });
      }
    }
    for (const a of await heldMoment('transfer_allowed = false', transferOf)) {
      expect(a.json).toMatchObject({ code: 'TRANSFERS_STOPPED', msg: f.transfersStopped });
    }
  });

  it('betting switched off: the bids still in flight are refused, not accepted', async () => {
    await race(
      (p) => post(`/admin-api/players/${p.id}/betting-status`, { betting_status: '0' }, ops.support),
      ['BETTING_DISABLED'],
    );
  });

  it('blocked: the bids still in flight are refused, not accepted', async () => {
    await race(
      (p) => post(`/admin-api/players/${p.id}/block`, { reason: 'stop everything' }, ops.support),
      ['ACCOUNT_BLOCKED', 'UNAUTHENTICATED'],
    );
  });
});
