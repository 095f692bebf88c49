/**
 * The two-person rule over HTTP (issue 14): a declaration waits for a second operator, pays exactly once on
 * approval however often approval is repeated or raced, pays nothing on rejection, and is refused to its own
 * maker; with the setting off a declare settles at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, countOf } from '../../../test/helpers.ts';
import {
  DATE,
  IST,
  deskSuite,
  liveResultCount,
  placeBids,
  setTwoPerson,
  winsOf,
} from '../../../test/desk.ts';
import { admin, balanceOf, expectLedgerClean, fund, operatorId, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { resultMessages, type BoardResponse } from '@gama/core/endpoints/results/index';

const { t, ops } = deskSuite({ owner: 'owner', maker: 'results', checker: 'results', checker2: 'owner' });
let makerId: number;
let checkerId: number;
beforeAll(async () => {
  makerId = await operatorId(t, ops.maker);
  checkerId = await operatorId(t, ops.checker);
});

type Player = Awaited<ReturnType<TestApp['player']>>;
const post = <T = ApiBody>(token: string, path: string, body: Record<string, unknown>) =>
  admin<T>(t, token, 'POST', `/admin-api/results/${path}`, body);

/** The console's list of declarations in `state` for one market, as `token`'s operator reads it. */
const declarationList = async (token: string, state: string, market: number) =>
  (
    await admin<{ total: number; declarations: Array<Record<string, unknown>> }>(
      t,
      token,
      'GET',
      `/admin-api/results/declarations?state=${state}&market_id=${market}`,
    )
  ).json;

interface Declared extends ApiBody {
  state: string;
  declaration_id: number;
  result_id: number;
  settled: number;
  wins: number;
  resumed: boolean;
  preview: { bids: number; winners: number; payout_paise: number; stakes_paise: number; house_paise: number };
}

/** A main market with open-session Single Digit bids: 6 wins on pana 123 (ank 6), 1 loses. */
async function openDraw(name: string, players = 2) {
  const market = await seedMarket(t.db, { name, open: '10:00 AM', close: '12:00 PM' });
  const ps: Player[] = [];
  for (let i = 0; i < players; i++) {
    const p = await t.player();
    await fund(t, p, ops.owner, 500);
    await placeBids(t, p, 'main', market, 'Single Digit', [
      { digits: '6', points: 10 * (i + 1), session: 'open' },
      { digits: '1', points: 20, session: 'open' },
    ]);
    ps.push(p);
  }
  t.clock.set(IST('10:00'));
  return { market, players: ps, draw: { market_id: market, date: DATE, half: 'open' } };
}

const balances = (ps: Player[]) => Promise.all(ps.map((p) => balanceOf(t, p.id)));

/**
 * Each of `openDraw`'s players paid once since `before` for its winning 6 (10 × (i + 1) points, 95 for 10):
 * one credit and one journal each.
 */
async function expectPaidOnce(market: number, players: Player[], before: number[]) {
  expect(await balances(players)).toEqual(before.map((b, i) => b + 9_500 * (i + 1)));
  expect(await winsOf(t, market)).toEqual({ credits: players.length, journals: players.length });
}

/** `openDraw`'s draw with the two-person rule on and its open half declared 123 by the ops.maker, waiting. */
async function waitingDeclaration(name: string, players = 2) {
  const opened = await openDraw(name, players);
  const before = await balances(opened.players);
  await setTwoPerson(t, ops.owner, true);
  const declared = await post<Declared>(ops.maker, 'declare', { ...opened.draw, value: '123' });
  return { ...opened, before, declared };
}

describe('two-person rule on', () => {
  it('a declaration pays nothing until another operator approves it; then it settles once', async () => {
    const { market, players, draw } = await openDraw('TWO PERSON');
    const before = await balances(players);
    await setTwoPerson(t, ops.owner, true);

    const declared = await post<Declared>(ops.maker, 'declare', { ...draw, value: '123' });
    expect(declared.statusCode).toBe(200);
    expect(declared.json).toEqual({
      status: true,
      state: 'pending_approval',
      declaration_id: expect.any(Number) as number,
      resumed: false,
      // Winners 6 x10 and 6 x20 pay 95 + 190; stakes are 10 + 20 + 20 + 20.
      preview: { bids: 4, winners: 2, payout_paise: 28_500, stakes_paise: 7000, house_paise: -21_500 },
    });
    const id = declared.json.declaration_id;
    expect(await balances(players)).toEqual(before);
    expect(await liveResultCount(t, market)).toBe(0);
    expect(await winsOf(t, market)).toEqual({ credits: 0, journals: 0 });

    const own = await post(ops.maker, 'approve', { declaration_id: id });
    expect(own.statusCode).toBe(403);
    expect(own.json).toMatchObject({
      status: false,
      code: 'OWN_DECLARATION',
      msg: resultMessages.ownDeclaration,
    });
    expect(await liveResultCount(t, market)).toBe(0);

    const approved = await post<Declared>(ops.checker, 'approve', { declaration_id: id });
    expect(approved.statusCode).toBe(200);
    expect(approved.json).toEqual({
      status: true,
      state: 'declared',
      declaration_id: id,
      result_id: expect.any(Number) as number,
      settled: 4,
      wins: 2,
      resumed: false,
    });
    await expectPaidOnce(market, players, before);

    // Retried later, by the same checker or another: the same revision, nothing paid again.
    for (const token of [ops.checker, ops.checker2]) {
      const again = await post<Declared>(token, 'approve', { declaration_id: id });
      expect(again.json).toMatchObject({
        state: 'declared',
        result_id: approved.json.result_id,
        resumed: true,
      });
      expect(again.json.settled).toBe(0);
    }
    // The maker's own retry of the declare now answers the declared draw.
    const retry = await post<Declared>(ops.maker, 'declare', { ...draw, value: '123' });
    expect(retry.json).toMatchObject({
      state: 'declared',
      result_id: approved.json.result_id,
      resumed: true,
    });
    await expectPaidOnce(market, players, before);

    const { rows } = await t.db.query<{ declared_by: number }>(
      'SELECT declared_by FROM results WHERE id = $1',
      [approved.json.result_id],
    );
    expect(rows[0]?.declared_by).toBe(makerId);
    const list = await declarationList(ops.owner, 'declared', market);
    expect(list.declarations).toEqual([
      expect.objectContaining({
        declaration_id: id,
        state: 'declared',
        value: '123',
        maker: { id: makerId, username: expect.any(String) as string },
        checker: { id: checkerId, username: expect.any(String) as string },
        result_id: approved.json.result_id,
      }),
    ]);
    await expectLedgerClean(t);
  });

  it('ten approvals at once settle the draw exactly once', async () => {
    const { market, players, before, declared } = await waitingDeclaration('RACED APPROVALS', 4);
    const id = declared.json.declaration_id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post<Declared>(i % 2 === 0 ? ops.checker : ops.checker2, 'approve', { declaration_id: id }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(10).fill(200));
    expect(answers.filter((a) => !a.json.resumed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json.result_id)).size).toBe(1);
    expect(answers.reduce((n, a) => n + a.json.wins, 0)).toBe(4);
    expect(answers.reduce((n, a) => n + a.json.settled, 0)).toBe(8);
    expect(await liveResultCount(t, market)).toBe(1);
    expect(await winsOf(t, market)).toEqual({ credits: 4, journals: 4 });
    expect(await balances(players)).toEqual(before.map((b, i) => b + 9_500 * (i + 1)));
    expect(
      await countOf(
        t.db,
        `SELECT count(*)::int AS n FROM journals j JOIN results r ON j.ref_type = 'result' AND j.ref_id = r.id
        WHERE r.market_id = $1 AND j.kind = 'win'`,
        [market],
      ),
    ).toBe(4);
    await expectLedgerClean(t);
  });

  it('one waiting declaration per draw: the maker repeating it gets it back, anything else is refused', async () => {
    const { market, draw } = await openDraw('ONE WAITING', 1);
    await setTwoPerson(t, ops.owner, true);
    const first = await post<Declared>(ops.maker, 'declare', { ...draw, value: '123' });
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () => post<Declared>(ops.maker, 'declare', { ...draw, value: '123' })),
    );
    expect(repeats.map((r) => [r.statusCode, r.json.declaration_id, r.json.resumed])).toEqual(
      Array(5).fill([200, first.json.declaration_id, true]),
    );
    const other = await post(ops.checker, 'declare', { ...draw, value: '123' });
    expect(other.statusCode).toBe(409);
    expect(other.json.msg).toMatch(
      /^A declaration of this draw \(123 by op\d+_results\) is waiting for approval/,
    );
    const changed = await post(ops.maker, 'declare', { ...draw, value: '124' });
    expect(changed.statusCode).toBe(409);
    // A close cannot wait for an open that is itself only waiting.
    t.clock.set(IST('12:00'));
    const close = await post(ops.maker, 'declare', { ...draw, half: 'close', value: '456' });
    expect(close.json.msg).toBe(resultMessages.openFirst);
    expect(
      await countOf(t.db, 'SELECT count(*)::int AS n FROM result_declarations WHERE market_id = $1', [
        market,
      ]),
    ).toBe(1);
    const pending = await declarationList(ops.checker, 'pending', market);
    expect(pending.total).toBe(1);
    expect(pending.declarations[0]).toMatchObject({
      declaration_id: first.json.declaration_id,
      state: 'pending_approval',
      market_name: 'ONE WAITING',
      group: 'main',
      date: DATE,
      half: 'open',
      value: '123',
      maker: { id: makerId },
      preview: { bids: 2, winners: 1, payout_paise: 9500, stakes_paise: 3000, house_paise: -6500 },
      checker: null,
      decided_at: null,
      result_id: null,
    });
    expect(pending.declarations[0]?.created_at).toBe(new Date(IST('10:00')).toISOString());
    await post(ops.checker, 'reject', { declaration_id: first.json.declaration_id, reason: 'test cleanup' });
  });

  it("a rejection needs a reason, pays nothing, shows its reason on the maker's board, and frees the draw for a new declaration", async () => {
    const { market, players, draw, before, declared } = await waitingDeclaration('REJECTED', 2);
    const id = declared.json.declaration_id;
    const tables = ['result_declarations', 'results', 'journals', 'entries', 'accounts'];
    const untouched = await snapshot(t.db, tables);
    for (const reason of [undefined, '', '  x ']) {
      const refused = await post(ops.checker, 'reject', { declaration_id: id, reason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json.msg).toBe('Give a reason for the rejection (at least 3 characters)');
    }
    expect(await snapshot(t.db, tables)).toEqual(untouched);
    const rejected = await post(ops.checker, 'reject', { declaration_id: id, reason: 'Wrong pana typed' });
    expect(rejected.json).toEqual({ status: true, state: 'rejected', declaration_id: id });
    expect((await post(ops.checker2, 'reject', { declaration_id: id, reason: 'again' })).json).toEqual(
      rejected.json,
    );
    const late = await post(ops.checker, 'approve', { declaration_id: id });
    expect(late.statusCode).toBe(409);
    expect(late.json.msg).toBe(resultMessages.declarationRejected);
    expect(await balances(players)).toEqual(before);
    expect(await liveResultCount(t, market)).toBe(0);
    expect(await winsOf(t, market)).toEqual({ credits: 0, journals: 0 });
    // The maker's desk shows the draw awaiting a result with the rejection and its reason, until a new one.
    const drawOnBoard = async () => {
      const board = await admin<BoardResponse>(t, ops.maker, 'GET', `/admin-api/results/board?date=${DATE}`);
      return board.json.markets.find((m) => m.market_id === market)?.draws[0];
    };
    expect(await drawOnBoard()).toMatchObject({
      state: 'closed_awaiting_result',
      pending: null,
      rejected: {
        declaration_id: id,
        value: '123',
        maker: { id: makerId },
        checker: { id: checkerId },
        reason: 'Wrong pana typed',
        decided_at: t.clock.now().toISOString(),
      },
    });

    const corrected = await post<Declared>(ops.maker, 'declare', { ...draw, value: '100' });
    expect(await drawOnBoard()).toMatchObject({ state: 'pending_approval', rejected: null });
    expect(corrected.json).toMatchObject({ state: 'pending_approval', resumed: false });
    expect(corrected.json.declaration_id).not.toBe(id);
    const approved = await post<Declared>(ops.checker, 'approve', {
      declaration_id: corrected.json.declaration_id,
    });
    // 100 has ank 1: the Single Digit 1 bids (20 points each) win 190 apiece.
    expect(approved.json).toMatchObject({ state: 'declared', wins: 2 });
    expect(await balances(players)).toEqual(before.map((b) => b + 19_000));
    const reject = await post(ops.checker, 'reject', {
      declaration_id: corrected.json.declaration_id,
      reason: 'too late',
    });
    expect(reject.statusCode).toBe(409);
    expect(reject.json.msg).toBe(resultMessages.declarationApproved);
    const rejectedList = await declarationList(ops.owner, 'rejected', market);
    expect(rejectedList.declarations).toEqual([
      expect.objectContaining({
        declaration_id: id,
        reason: 'Wrong pana typed',
        checker: { id: checkerId, username: expect.any(String) as string },
      }),
    ]);
    await expectLedgerClean(t);
  });

  it('a declaration whose draw was declared meanwhile is refused on approval and pays nothing', async () => {
    const {
      market,
      players,
      draw,
      before,
      declared: waiting,
    } = await waitingDeclaration('DECLARED MEANWHILE', 2);
    // The owner switches the rule off and declares another value directly.
    await setTwoPerson(t, ops.owner, false);
    const direct = await post<Declared>(ops.owner, 'declare', { ...draw, value: '100' });
    expect(direct.json).toMatchObject({ state: 'declared', resumed: false, wins: 2 });
    const refused = await post(ops.checker, 'approve', { declaration_id: waiting.json.declaration_id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.msg).toBe(resultMessages.declarationSuperseded);
    expect(await balances(players)).toEqual(before.map((b) => b + 19_000));
    expect(await liveResultCount(t, market)).toBe(1);
    const list = await declarationList(ops.owner, 'all', market);
    expect(list.declarations).toEqual([
      expect.objectContaining({ state: 'superseded', reason: 'Declared directly (100) while it waited' }),
    ]);
    const { rows } = await t.db.query<{ action: string; detail: { msg?: string } }>(
      `SELECT action, detail FROM audit_log WHERE action = 'result_approve_refused' AND target_id = $1`,
      [String(waiting.json.declaration_id)],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({ msg: resultMessages.declarationSuperseded }),
      }),
    ]);
    await expectLedgerClean(t);
  });

  it('a close declaration is approved after its open, and the board shows each waiting', async () => {
    const { market, draw } = await openDraw('CLOSE WAITS', 1);
    await setTwoPerson(t, ops.owner, true);
    const open = await post<Declared>(ops.maker, 'declare', { ...draw, value: '123' });
    await post(ops.checker, 'approve', { declaration_id: open.json.declaration_id });
    t.clock.set(IST('12:00'));
    const close = await post<Declared>(ops.maker, 'declare', { ...draw, half: 'close', value: '456' });
    expect(close.json.state).toBe('pending_approval');
    const board = await admin<{
      markets: Array<{ market_id: number; draws: Array<{ half: string; state: string }> }>;
    }>(t, ops.checker, 'GET', `/admin-api/results/board?date=${DATE}`);
    expect(board.json.markets.find((m) => m.market_id === market)?.draws).toEqual([
      expect.objectContaining({ half: 'open', state: 'declared' }),
      expect.objectContaining({ half: 'close', state: 'pending_approval' }),
    ]);
    // The maker may withdraw their own declaration (reject), but never approve it.
    const withdrawn = await post(ops.maker, 'reject', {
      declaration_id: close.json.declaration_id,
      reason: 'typed the wrong pana',
    });
    expect(withdrawn.json).toMatchObject({ state: 'rejected' });
  });
});

describe('two-person rule off', () => {
  it('declare settles at once and says so', async () => {
    const { market, players, draw } = await openDraw('DIRECT', 2);
    const before = await balances(players);
    const declared = await post<Declared>(ops.maker, 'declare', { ...draw, value: '123' });
    expect(declared.json).toEqual({
      status: true,
      state: 'declared',
      result_id: expect.any(Number) as number,
      settled: 4,
      wins: 2,
      resumed: false,
    });
    await expectPaidOnce(market, players, before);
    expect(
      await countOf(t.db, 'SELECT count(*)::int AS n FROM result_declarations WHERE market_id = $1', [
        market,
      ]),
    ).toBe(0);
  });
});

describe('permissions per role', () => {
  it('each role reaches only what its permissions allow, and a refusal moves nothing', async () => {
    const { market, draw } = await openDraw('ROLES', 1);
    await setTwoPerson(t, ops.owner, true);
    const pending = await post<Declared>(ops.maker, 'declare', { ...draw, value: '123' });
    const id = pending.json.declaration_id;
    const cashier = await operatorToken(t, 'cashier');
    const viewer = await operatorToken(t, 'viewer');
    const support = await operatorToken(t, 'support');
    const tables = ['result_declarations', 'results', 'journals', 'entries'];
    const untouched = await snapshot(t.db, tables);
    const decide = 'approve or reject result declarations';
    const refusals: Array<[string, string, string, Record<string, unknown>, string]> = [
      [cashier, 'POST', 'declare', { ...draw, value: '123' }, 'declare results'],
      [cashier, 'POST', 'preview', { ...draw, value: '123' }, 'declare results'],
      [cashier, 'GET', `board?date=${DATE}`, {}, 'read results'],
      [viewer, 'POST', 'declare', { ...draw, value: '123' }, 'declare results'],
      [viewer, 'POST', 'approve', { declaration_id: id }, decide],
      [viewer, 'POST', 'reject', { declaration_id: id, reason: 'no' }, decide],
      [viewer, 'POST', 'revert', { ...draw, reason: 'a reason' }, 'revert results'],
      [viewer, 'POST', 'revert-preview', draw, 'revert results'],
      [support, 'POST', 'approve', { declaration_id: id }, decide],
      [cashier, 'POST', 'reject', { declaration_id: id, reason: 'no way' }, decide],
      [support, 'POST', 'revert', { ...draw, reason: 'a reason' }, 'revert results'],
    ];
    for (const [token, method, path, body, phrase] of refusals) {
      const url = `/admin-api/results/${path}`;
      const res =
        method === 'GET' ? await admin(t, token, 'GET', url) : await admin(t, token, 'POST', url, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json, `${method} ${path}`).toEqual({
        status: false,
        code: 'FORBIDDEN',
        msg: `You do not have permission to ${phrase}`,
      });
    }
    expect(await snapshot(t.db, tables)).toEqual(untouched);
    // Every refused action is audited under the operator who tried it (reads are not audited).
    const { rows: audited } = await t.db.query<{ action: string; msg: string }>(
      `SELECT a.action, a.detail->>'msg' AS msg FROM audit_log a JOIN operators o ON o.id = a.operator_id
        WHERE o.role IN ('cashier', 'viewer', 'support') AND a.action LIKE 'result%refused' ORDER BY a.id`,
    );
    const action = (path: string) => `result_${path.replace('-', '_')}_refused`;
    expect(audited).toEqual(
      refusals
        .filter(([, method]) => method === 'POST')
        .map(([, , path, , phrase]) => ({
          action: action(path),
          msg: `You do not have permission to ${phrase}`,
        })),
    );
    // Reading is open to viewers and support; a player's session is no operator's.
    for (const token of [viewer, support]) {
      expect((await admin(t, token, 'GET', `/admin-api/results/board?date=${DATE}`)).statusCode).toBe(200);
      expect((await admin(t, token, 'GET', '/admin-api/results/declarations')).statusCode).toBe(200);
    }
    const player = await t.player();
    expect(
      (await admin(t, player.token, 'POST', '/admin-api/results/approve', { declaration_id: id })).statusCode,
    ).toBe(403);
    const approved = await post<Declared>(ops.checker, 'approve', { declaration_id: id });
    expect(approved.json.state).toBe('declared');
    expect(await liveResultCount(t, market)).toBe(1);
  });

  it('refuses unknown declarations and malformed ids', async () => {
    expect((await post(ops.checker, 'approve', { declaration_id: 987654 })).json).toMatchObject({
      code: 'NOT_FOUND',
      msg: resultMessages.declarationNotFound,
    });
    expect((await post(ops.checker, 'reject', { declaration_id: 987654, reason: 'gone' })).statusCode).toBe(
      404,
    );
    for (const bad of [0, -1, 'abc', true, null]) {
      expect((await post(ops.checker, 'approve', { declaration_id: bad })).statusCode).toBe(400);
    }
    expect((await admin(t, ops.owner, 'GET', '/admin-api/results/declarations?state=maybe')).statusCode).toBe(
      400,
    );
    expect(
      (await admin(t, ops.owner, 'GET', '/admin-api/results/declarations?date=2026-02-31')).statusCode,
    ).toBe(400);
  });
});
