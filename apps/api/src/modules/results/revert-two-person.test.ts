/**
 * A revert under the two-person rule (issue 27 item 1): with `results_two_person` on, one operator's revert
 * is a proposal that takes nothing back until another operator approves it, exactly as a declaration is; its
 * maker cannot approve it; a rejection reverts nothing; two approvals at once revert once. Over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { resultMessages } from '@gama/core/endpoints/results/index';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot } from '../../../test/helpers.ts';
import { DATE, IST, deskSuite, liveResultCount, placeBids, setTwoPerson } from '../../../test/desk.ts';
import { admin, balanceOf, fund } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';

const { t, ops } = deskSuite({ owner: 'owner', maker: 'results', checker: 'results' });

type Player = Awaited<ReturnType<TestApp['player']>>;
const post = <T = ApiBody>(token: string, path: string, body: Record<string, unknown>) =>
  admin<T>(t, token, 'POST', `/admin-api/results/${path}`, body);

interface Proposal {
  proposal_id: number;
  state: string;
  maker: { username: string };
  checker: { username: string } | null;
  reason: string;
}
const TABLES = [
  'accounts',
  'journals',
  'entries',
  'results',
  'win_credits',
  'result_revert_proposals',
] as const;

/** A declared open draw (declared and approved by two operators) that paid the players' winning bids. */
async function paidDraw(name: string) {
  const market = await seedMarket(t.db, { name, open: '10:00 AM', close: '12:00 PM' });
  const players: Player[] = [];
  for (let i = 0; i < 2; i++) {
    const p = await t.player();
    await fund(t, p, ops.owner, 500);
    await placeBids(t, p, 'main', market, 'Single Digit', [{ digits: '6', points: 100, session: 'open' }]);
    players.push(p);
  }
  t.clock.set(IST('10:00'));
  const draw = { market_id: market, date: DATE, half: 'open' };
  await setTwoPerson(t, ops.owner, true);
  const declared = await post<{ declaration_id: number }>(ops.maker, 'declare', { ...draw, value: '123' });
  expect(
    (await post(ops.checker, 'approve', { declaration_id: declared.json.declaration_id })).statusCode,
  ).toBe(200);
  expect(await liveResultCount(t, market)).toBe(1);
  return { market, players, draw };
}

const balances = (ps: Player[]) => Promise.all(ps.map((p) => balanceOf(t, p.id)));

describe('revert under the two-person rule', () => {
  it('is a proposal that takes nothing back until another operator approves it; its maker cannot', async () => {
    const { market, players, draw } = await paidDraw('REVERT TWO');
    const paid = await balances(players);
    expect(paid.every((b) => b > 40_000)).toBe(true);

    const before = await snapshot(
      t.db,
      TABLES.filter((n) => n !== 'result_revert_proposals'),
    );
    const proposed = await post<{ state: string; proposal: Proposal }>(ops.maker, 'revert', {
      ...draw,
      reason: 'wrong pana typed',
    });
    expect(proposed.statusCode, JSON.stringify(proposed.json)).toBe(200);
    expect(proposed.json).toMatchObject({
      status: true,
      state: 'pending_approval',
      proposal: { state: 'pending_approval', reason: 'wrong pana typed', checker: null },
    });
    const id = proposed.json.proposal.proposal_id;
    // Nothing moved: the result is live, the winnings stay.
    expect(
      await snapshot(
        t.db,
        TABLES.filter((n) => n !== 'result_revert_proposals'),
      ),
    ).toEqual(before);
    expect(await liveResultCount(t, market)).toBe(1);

    // The same maker repeating it gets it back; another revert of the draw waits for this one.
    const again = await post<{ proposal: Proposal }>(ops.maker, 'revert', {
      ...draw,
      reason: 'wrong pana typed',
    });
    expect(again.json.proposal.proposal_id).toBe(id);
    const other = await post(ops.checker, 'revert', { ...draw, reason: 'another reason' });
    expect(other.statusCode).toBe(409);
    expect(other.json).toMatchObject({ msg: expect.stringMatching(/waiting for approval/) as unknown });

    const listed = await admin<{ proposals: Proposal[] }>(
      t,
      ops.checker,
      'GET',
      '/admin-api/results/revert-proposals',
    );
    expect(listed.json.proposals.map((p) => p.proposal_id)).toContain(id);

    const own = await post(ops.maker, 'revert-approve', { proposal_id: id });
    expect(own.statusCode).toBe(403);
    expect(own.json).toMatchObject({ code: 'OWN_REVERT', msg: resultMessages.ownRevert });
    expect(
      await snapshot(
        t.db,
        TABLES.filter((n) => n !== 'result_revert_proposals'),
      ),
    ).toEqual(before);

    // Two approvals at once: one revert.
    const [a, b] = await Promise.all([
      post<{ proposal: Proposal; reverted: unknown[] }>(ops.checker, 'revert-approve', { proposal_id: id }),
      post<{ proposal: Proposal; reverted: unknown[] }>(ops.owner, 'revert-approve', { proposal_id: id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json.reverted.length, b.json.reverted.length].sort()).toEqual([0, 1]);
    expect(a.json.proposal.state).toBe('reverted');
    expect(await liveResultCount(t, market)).toBe(0);
    // The winnings are taken back: each wallet is what it held before the draw paid.
    expect(await balances(players)).toEqual(players.map(() => 40_000));

    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'result_revert%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['result_revert', 'result_revert_approve_refused', 'result_revert_approve']),
    );
  });

  it('rejected, it reverts nothing and cannot be approved after', async () => {
    const { market, draw } = await paidDraw('REVERT REJECT');
    const proposed = await post<{ proposal: Proposal }>(ops.maker, 'revert', {
      ...draw,
      reason: 'second thoughts',
    });
    const id = proposed.json.proposal.proposal_id;
    const short = await post(ops.checker, 'revert-reject', { proposal_id: id, reason: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json).toMatchObject({ msg: resultMessages.rejectReason });
    const rejected = await post<{ proposal: Proposal }>(ops.checker, 'revert-reject', {
      proposal_id: id,
      reason: 'the result was right',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json.proposal).toMatchObject({
      state: 'rejected',
      checker: { username: expect.any(String) },
    });
    const late = await post(ops.owner, 'revert-approve', { proposal_id: id });
    expect(late.statusCode).toBe(409);
    expect(late.json).toMatchObject({ msg: resultMessages.revertProposalRejected });
    expect(await liveResultCount(t, market)).toBe(1);
    // Its maker may withdraw a proposal.
    const again = await post<{ proposal: Proposal }>(ops.maker, 'revert', {
      ...draw,
      reason: 'second thoughts',
    });
    const withdrawn = await post<{ proposal: Proposal }>(ops.maker, 'revert-reject', {
      proposal_id: again.json.proposal.proposal_id,
      reason: 'my mistake',
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json.proposal.state).toBe('rejected');
    expect(await liveResultCount(t, market)).toBe(1);
    const missing = await post(ops.checker, 'revert-approve', { proposal_id: 999_999 });
    expect(missing.json).toMatchObject({ code: 'NOT_FOUND', msg: resultMessages.revertProposalNotFound });
  });

  it('with the rule off, one operator reverts at once', async () => {
    const { market, draw } = await paidDraw('REVERT DIRECT');
    await setTwoPerson(t, ops.owner, false);
    const direct = await post<{ reverted: unknown[] }>(ops.maker, 'revert', {
      ...draw,
      reason: 'wrong pana typed',
    });
    expect(direct.statusCode).toBe(200);
    expect(direct.json.reverted).toHaveLength(1);
    expect(await liveResultCount(t, market)).toBe(0);
  });
});
