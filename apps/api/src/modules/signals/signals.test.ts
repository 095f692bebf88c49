/**
 * Risk signals over HTTP (issue 31 item 5): links by device, sign-in address, payout number and UPI id; chains
 * and bursts of transfers found by the sweep; the hold on a flagged player's withdrawal, cleared by an operator
 * or by dismissing the flags; the reviews, audited, and two reviews racing.
 */
import { withdrawalMessages } from '@gama/core/endpoints/withdrawals/index';
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import {
  MONEY_TABLES,
  admin,
  fund,
  suiteOperators,
  requestWithdrawal,
  savePayoutNumber,
} from '../../../test/money.ts';
import { nextMobile } from '../../seed/players.ts';
import { sweepSignals } from './detect.ts';
import { linkReasons, linksOf } from './links.ts';

const IST = (time: string, date = '2026-11-20') => new Date(`${date}T${time}:00+05:30`);

const t = suiteApp({ now: IST('12:00').toISOString(), ledger: true });
const ops = suiteOperators(t, {
  owner: 'owner',
  cashier: 'cashier',
  support: 'support',
  secondCashier: 'cashier',
});

type Player = Awaited<ReturnType<TestApp['player']>>;
interface Flag {
  id: number;
  kind: string;
  subject: { id: number };
  players: { id: number; user_name: string }[];
  reason: string;
  status: string;
  reviewed_by: { username: string } | null;
  review_note: string | null;
}
interface HoldRow {
  id: number;
  risk_hold: { reason: string; cleared_at: string | null; cleared_by: { username: string } | null } | null;
}

/** Signs `p` in again as a phone app would, naming its device, from `ip`. */
async function signIn(p: Player, deviceId: string | undefined, ip: string): Promise<void> {
  const res = await t.post(
    '/api-user-login',
    { mobile: p.mobile, password: p.password, ...(deviceId ? { device_id: deviceId } : {}) },
    { ip },
  );
  expect(res.statusCode, res.raw).toBe(200);
}

async function savePayout(p: Player, number: string): Promise<void> {
  t.clock.advance(31_000);
  await savePayoutNumber(t, p, number);
}

async function transfer(from: Player, to: Player, points: number): Promise<void> {
  const res = await t.post(
    '/api-user-transfer-wallet-balance',
    { mobile_no: to.mobile, amount: String(points), transfer_note: '' },
    { token: from.token },
  );
  expect(res.statusCode, res.raw).toBe(200);
}

async function queueRow(id: number): Promise<HoldRow> {
  const res = await admin<{ rows: HoldRow[] }>(
    t,
    ops.cashier,
    'GET',
    '/admin-api/withdrawals?status=all&page_size=100',
  );
  expect(res.statusCode).toBe(200);
  const row = res.json.rows.find((r) => r.id === id);
  if (!row) throw new Error(`withdrawal ${id} not in the queue`);
  return row;
}

const flags = async (status = 'open') =>
  (
    await admin<{ flags: Flag[]; open: number }>(
      t,
      ops.owner,
      'GET',
      `/admin-api/risk-flags?status=${status}`,
    )
  ).json;

const flagNaming = async (kind: string, playerId: number) =>
  (await flags('all')).flags.find((f) => f.kind === kind && f.players.some((p) => p.id === playerId));

describe('links', () => {
  it('links two players by a shared device id and sign-in address, with the evidence; a stranger is not linked', async () => {
    const [a, b, c] = [await t.player(), await t.player(), await t.player()];
    await signIn(a, 'phone-shared-1', '203.0.113.7');
    await signIn(b, 'phone-shared-1', '203.0.113.7');
    await signIn(c, 'phone-own-9', '198.51.100.4');
    expect(await linkReasons(t.db, a.id, b.id, t.clock.now())).toEqual([
      'same device id phone-shared-1',
      'same sign-in address 203.0.113.7',
    ]);
    expect(await linkReasons(t.db, b.id, a.id, t.clock.now())).toEqual([
      'same device id phone-shared-1',
      'same sign-in address 203.0.113.7',
    ]);
    expect(await linkReasons(t.db, a.id, c.id, t.clock.now())).toEqual([]);
    expect(await linkReasons(t.db, a.id, a.id, t.clock.now())).toEqual([]);
  });

  it('forgets sign-ins older than the window, and ignores an address shared by more players than the limit', async () => {
    const [a, b] = [await t.player(), await t.player()];
    await signIn(a, 'old-device-2', '192.0.2.50');
    await signIn(b, 'old-device-2', '192.0.2.50');
    t.clock.advance(31 * 86_400_000);
    expect(await linkReasons(t.db, a.id, b.id, t.clock.now())).toEqual([]);

    const crowd = [await t.player(), await t.player(), await t.player()];
    for (const p of crowd) await signIn(p, undefined, '192.0.2.99');
    const addressOf = async () =>
      ((await linksOf(t.db, crowd[0]?.id ?? 0, t.clock.now())).get(crowd[1]?.id ?? 0) ?? []).map(
        (r) => r.text,
      );
    expect(await addressOf()).toEqual(['same sign-in address 192.0.2.99']);
    const set = await admin(t, ops.owner, 'PATCH', '/admin-api/settings', { signal_ip_max_players: 2 });
    expect(set.statusCode).toBe(200);
    expect(await addressOf()).toEqual([]);
    await admin(t, ops.owner, 'PATCH', '/admin-api/settings', { signal_ip_max_players: 5 });
  });

  it('never links through a loopback address (the server itself, a proxy that forwards nothing)', async () => {
    const [a, b] = [await t.player(), await t.player()];
    await signIn(a, undefined, '127.0.0.1');
    await signIn(b, undefined, '127.0.0.1');
    expect(await linkReasons(t.db, a.id, b.id, t.clock.now())).toEqual([]);
  });

  it("links by a shared payout number and by one player's phone saved as the other's payout number", async () => {
    const [a, b, c] = [await t.player(), await t.player(), await t.player()];
    const shared = nextMobile();
    await savePayout(a, shared);
    await savePayout(b, shared);
    expect(await linkReasons(t.db, a.id, b.id, t.clock.now())).toEqual([`same payout number ${shared}`]);
    await savePayout(c, a.mobile);
    expect(await linkReasons(t.db, c.id, a.id, t.clock.now())).toEqual([
      `payout number ${a.mobile} is the other player's phone`,
    ]);
    expect(await linkReasons(t.db, a.id, c.id, t.clock.now())).toEqual([
      `payout number ${a.mobile} is the other player's phone`,
    ]);
  });

  it('links players whose deposits were paid from one UPI id, read from an imported statement', async () => {
    const [a, b] = [await t.player(), await t.player()];
    const paid = async (p: Player, utr: string) => {
      const req = await t.post<{ request_id: number }>(
        '/api-fund-request-add',
        { request_amount: '500' },
        { token: p.token },
      );
      const res = await t.post(
        '/api-fund-request-utr',
        { request_id: req.json.request_id, utr },
        { token: p.token },
      );
      expect(res.statusCode, res.raw).toBe(200);
    };
    await paid(a, '246813579001');
    await paid(b, '246813579002');
    const csv = [
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      '20/11/2026,20/11/2026,UPI/CR/246813579001/RAVI/Ravi.K@okaxis,TRANSFER FROM 246813579001,,500.00,500.00',
      '20/11/2026,20/11/2026,UPI/CR/246813579002/RAVI/ravi.k@okaxis,TRANSFER FROM 246813579002,,500.00,1000.00',
    ].join('\n');
    const up = await admin(t, ops.cashier, 'POST', '/admin-api/reconciliation/statements', {
      filename: 'upi.csv',
      csv,
    });
    expect(up.statusCode, JSON.stringify(up.json)).toBe(200);
    expect(await linkReasons(t.db, a.id, b.id, t.clock.now())).toEqual(['same UPI id ravi.k@okaxis']);
  });

  it("shows a player's links and flags on the console, to a cashier too", async () => {
    const [a, b] = [await t.player(), await t.player()];
    await signIn(a, 'console-device-3', '198.51.100.30');
    await signIn(b, 'console-device-3', '198.51.100.31');
    const res = await admin<{ window_days: number; links: { player: { id: number }; reasons: string[] }[] }>(
      t,
      ops.cashier,
      'GET',
      `/admin-api/players/${a.id}/signals`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json.window_days).toBe(30);
    expect(res.json.links).toEqual([
      {
        player: { id: b.id, user_name: b.userName, mobile: b.mobile },
        reasons: ['same device id console-device-3'],
      },
    ]);
    expect((await admin(t, ops.cashier, 'GET', '/admin-api/players/999999/signals')).statusCode).toBe(404);
  });
});

describe('holds on withdrawals', () => {
  it('holds the withdrawal of a linked player with the reason; approval waits until an operator clears it', async () => {
    const [a, b] = [await t.player(), await t.player()];
    await signIn(a, 'hold-device-4', '198.51.100.40');
    await signIn(b, 'hold-device-4', '198.51.100.41');
    await fund(t, b, ops.owner, 1000);
    await savePayout(b, nextMobile());
    const id = await requestWithdrawal(t, b, 600);

    const row = await queueRow(id);
    expect(row.risk_hold?.reason).toMatch(
      new RegExp(
        `^Flag #\\d+ \\(open\\): ${b.userName} \\(${b.mobile}\\) is linked to ${a.userName} \\(${a.mobile}\\): same device id hold-device-4$`,
      ),
    );
    expect(row.risk_hold?.cleared_at).toBeNull();

    const before = await snapshot(t.db, [...MONEY_TABLES, 'withdraw_requests']);
    const refused = await admin<ApiBody>(t, ops.cashier, 'POST', `/admin-api/withdrawals/${id}/approve`, {
      payment_reference: 'UPI-REF-0001',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.msg).toMatch(
      /^This withdrawal is held for risk review: clear the hold first \(Flag #/,
    );
    expect(await snapshot(t.db, [...MONEY_TABLES, 'withdraw_requests'])).toEqual(before);

    const noNote = await admin<ApiBody>(
      t,
      ops.cashier,
      'POST',
      `/admin-api/withdrawals/${id}/clear-hold`,
      {},
    );
    expect(noNote.statusCode).toBe(400);
    const cleared = await admin<ApiBody & { already_cleared: boolean }>(
      t,
      ops.cashier,
      'POST',
      `/admin-api/withdrawals/${id}/clear-hold`,
      { note: 'Brothers sharing one phone; called both' },
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json.already_cleared).toBe(false);
    const again = await admin<ApiBody & { already_cleared: boolean }>(
      t,
      ops.cashier,
      'POST',
      `/admin-api/withdrawals/${id}/clear-hold`,
      { note: 'again' },
    );
    expect(again.json.already_cleared).toBe(true);
    expect((await queueRow(id)).risk_hold).toMatchObject({ cleared_by: { username: 'op2_cashier' } });
    const { rows: audits } = await t.db.query<{ detail: { note: string } }>(
      `SELECT detail FROM audit_log WHERE action = 'withdraw_hold_clear' AND target_id = $1`,
      [String(id)],
    );
    expect(audits.map((r) => r.detail.note)).toEqual(['Brothers sharing one phone; called both']);

    // The cashier who cleared the hold may not also pay it: one person cannot review and pay alone.
    const beforeOwn = await snapshot(t.db, [...MONEY_TABLES, 'withdraw_requests']);
    const own = await admin<ApiBody>(t, ops.cashier, 'POST', `/admin-api/withdrawals/${id}/approve`, {
      payment_reference: 'UPI-REF-0001',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json.msg).toBe(withdrawalMessages.clearedOwnHold);
    expect(await snapshot(t.db, [...MONEY_TABLES, 'withdraw_requests'])).toEqual(beforeOwn);
    const paid = await admin(t, ops.secondCashier, 'POST', `/admin-api/withdrawals/${id}/approve`, {
      payment_reference: 'UPI-REF-0001',
    });
    expect(paid.statusCode).toBe(200);
  });

  it('does not hold a player without flags, nor anyone when the owner switches holds off', async () => {
    const p = await t.player();
    await fund(t, p, ops.owner, 800);
    await savePayout(p, nextMobile());
    expect((await queueRow(await requestWithdrawal(t, p, 500))).risk_hold).toBeNull();

    // An address alone shows among the links but does not link, nor raise a flag: a mobile network puts many
    // phones behind one.
    const [near, by] = [await t.player(), await t.player()];
    await signIn(near, undefined, '203.0.113.80');
    await signIn(by, undefined, '203.0.113.80');
    await fund(t, by, ops.owner, 800);
    await savePayout(by, nextMobile());
    expect((await queueRow(await requestWithdrawal(t, by, 500))).risk_hold).toBeNull();
    expect(await linkReasons(t.db, near.id, by.id, t.clock.now())).toEqual([]);
    expect((await linksOf(t.db, near.id, t.clock.now())).get(by.id)).toEqual([
      { kind: 'ip', text: 'same sign-in address 203.0.113.80' },
    ]);
    expect(await flagNaming('link', by.id)).toBeUndefined();

    const [a, b] = [await t.player(), await t.player()];
    await signIn(a, 'off-device-5', '198.51.100.50');
    await signIn(b, 'off-device-5', '198.51.100.51');
    await fund(t, b, ops.owner, 800);
    await savePayout(b, nextMobile());
    await admin(t, ops.owner, 'PATCH', '/admin-api/settings', { signal_hold_withdrawals: false });
    const id = await requestWithdrawal(t, b, 500);
    await admin(t, ops.owner, 'PATCH', '/admin-api/settings', { signal_hold_withdrawals: true });
    expect((await queueRow(id)).risk_hold).toBeNull();
    // The flag is raised all the same: the queue still shows it.
    expect(await flagNaming('link', b.id)).toMatchObject({ status: 'open' });
  });
});

describe('transfer patterns and reviews', () => {
  it('finds a chain A→B→C→D in the sweep, holds its players and lets a dismissal release them', async () => {
    t.clock.set(IST('12:00', '2026-12-22'));
    const [a, b, c, d] = [
      await t.player({ userName: 'ChainA' }),
      await t.player(),
      await t.player(),
      await t.player(),
    ];
    await fund(t, a, ops.owner, 2000);
    await fund(t, d, ops.owner, 600);
    await savePayout(d, nextMobile());
    const waiting = await requestWithdrawal(t, d, 500);
    expect((await queueRow(waiting)).risk_hold).toBeNull();
    // Nothing on the transfer path: the flag comes from the sweep.
    await transfer(a, b, 1500);
    t.clock.advance(120_000);
    await transfer(b, c, 1400);
    t.clock.advance(120_000);
    await transfer(c, d, 1300);
    expect(await flagNaming('chain', a.id)).toBeUndefined();

    const swept = await sweepSignals(t.db, t.clock.now(), t.config.MARKET_TIME_ZONE);
    expect(swept.flags).toBeGreaterThanOrEqual(1);
    const chain = await flagNaming('chain', a.id);
    expect(chain?.players.map((p) => p.id)).toEqual([a.id, b.id, c.id, d.id]);
    expect(chain?.reason).toMatch(
      new RegExp(
        `^Transfer chain ChainA \\(${a.mobile}\\) → .+ → .+ → .+\\(${d.mobile}\\): 3 transfers passing points on within 4 minutes from 22-12-2026 12:00 PM \\(points 1500, 1400, 1300; transfers #\\d+, #\\d+, #\\d+\\)$`,
      ),
    );
    // The sweep held D's withdrawal, which was waiting already.
    expect((await queueRow(waiting)).risk_hold?.reason).toContain('Transfer chain ChainA');
    // A second sweep over the same minutes raises nothing new.
    const open = (await flags()).open;
    await sweepSignals(t.db, t.clock.now(), t.config.MARKET_TIME_ZONE);
    expect((await flags()).open).toBe(open);

    const byCashier = await admin(t, ops.cashier, 'POST', `/admin-api/risk-flags/${chain?.id}/review`, {
      decision: 'dismiss',
      note: 'Family sharing winnings',
    });
    expect(byCashier.statusCode).toBe(403);
    const dismissed = await admin<{ flag: Flag; holds_cleared: number }>(
      t,
      ops.support,
      'POST',
      `/admin-api/risk-flags/${chain?.id}/review`,
      { decision: 'dismiss', note: 'Family sharing winnings' },
    );
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json.flag).toMatchObject({
      status: 'dismissed',
      review_note: 'Family sharing winnings',
    });
    expect(dismissed.json.holds_cleared).toBe(1);
    expect((await queueRow(waiting)).risk_hold?.cleared_at).not.toBeNull();
    const { rows: audits } = await t.db.query<{
      action: string;
      detail: { withdrawal_holds_cleared: number[] };
    }>(`SELECT action, detail FROM audit_log WHERE target_type = 'risk_flag' AND target_id = $1`, [
      String(chain?.id),
    ]);
    expect(audits).toEqual([
      {
        action: 'risk_flag_dismiss',
        detail: expect.objectContaining({ withdrawal_holds_cleared: [waiting] }),
      },
    ]);
  });

  it('finds a burst of transfers sent by one player; a confirmed flag keeps holding', async () => {
    t.clock.set(IST('12:00', '2026-12-24'));
    const hub = await t.player({ userName: 'BurstHub' });
    const others = [await t.player(), await t.player(), await t.player(), await t.player(), await t.player()];
    await fund(t, hub, ops.owner, 5000);
    for (const o of others) {
      await transfer(hub, o, 200);
      t.clock.advance(60_000);
    }
    await sweepSignals(t.db, t.clock.now(), t.config.MARKET_TIME_ZONE);
    const burst = await flagNaming('burst_out', hub.id);
    expect(burst?.subject.id).toBe(hub.id);
    expect(burst?.reason).toMatch(
      /^BurstHub \(\d{10}\) sent 5 transfers \(1000 points\) to 5 players within 4 minutes from 24-12-2026 12:00 PM: /,
    );

    const confirmed = await admin<{ flag: Flag; holds_cleared: number }>(
      t,
      ops.owner,
      'POST',
      `/admin-api/risk-flags/${burst?.id}/review`,
      { decision: 'confirm', note: 'Spreading a deposit to mules' },
    );
    expect(confirmed.json).toMatchObject({ flag: { status: 'confirmed' }, holds_cleared: 0 });
    await savePayout(hub, nextMobile());
    const id = await requestWithdrawal(t, hub, 500);
    expect((await queueRow(id)).risk_hold?.reason).toMatch(/^Flag #\d+ \(confirmed\): BurstHub/);
    const rejected = await admin(t, ops.cashier, 'POST', `/admin-api/withdrawals/${id}/reject`, {
      reason: 'Under review',
    });
    expect(rejected.statusCode).toBe(200);
    const late = await admin<ApiBody>(t, ops.cashier, 'POST', `/admin-api/withdrawals/${id}/clear-hold`, {
      note: 'too late',
    });
    expect(late.statusCode).toBe(409);
  });

  it('lets one of two racing reviews through; the other hears who reviewed it', async () => {
    const [a, b] = [await t.player(), await t.player()];
    await signIn(a, 'race-device-6', '198.51.100.60');
    await signIn(b, 'race-device-6', '198.51.100.61');
    // At the very instant of the last sweep: a sign-in of that instant is read again, not lost.
    await sweepSignals(t.db, t.clock.now(), t.config.MARKET_TIME_ZONE);
    const flag = await flagNaming('link', a.id);
    expect(flag?.reason).toContain('same device id race-device-6');
    const answers = await Promise.all([
      admin<ApiBody>(t, ops.owner, 'POST', `/admin-api/risk-flags/${flag?.id}/review`, {
        decision: 'confirm',
        note: 'one',
      }),
      admin<ApiBody>(t, ops.support, 'POST', `/admin-api/risk-flags/${flag?.id}/review`, {
        decision: 'dismiss',
        note: 'two',
      }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json.msg).toMatch(
      /^This flag was already (confirmed by op1_owner|dismissed by op3_support)$/,
    );
    const { rows } = await t.db.query(
      `SELECT 1 FROM audit_log WHERE target_type = 'risk_flag' AND target_id = $1`,
      [String(flag?.id)],
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input and unknown flags, changing nothing', async () => {
    const before = await snapshot(t.db, ['risk_flags', 'audit_log']);
    expect(
      (
        await admin(t, ops.owner, 'POST', '/admin-api/risk-flags/999999/review', {
          decision: 'dismiss',
          note: 'nope',
        })
      ).statusCode,
    ).toBe(404);
    const bad = await admin<ApiBody>(t, ops.owner, 'POST', '/admin-api/risk-flags/1/review', {
      decision: 'maybe',
      note: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect((await admin(t, ops.owner, 'GET', '/admin-api/risk-flags?status=weird')).statusCode).toBe(400);
    const settings = await admin<ApiBody>(t, ops.owner, 'PATCH', '/admin-api/settings', {
      signal_chain_transfers: 1,
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json.msg).toBe('signal_chain_transfers must be 2 or more');
    expect(await snapshot(t.db, ['risk_flags', 'audit_log'])).toEqual(before);
  });
});
