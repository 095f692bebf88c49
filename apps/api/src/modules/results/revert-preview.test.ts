/** Reverting a result over HTTP: a reason is required, and the preview says exactly what the revert does. */
import { describe, expect, it } from 'vitest';
import type { RevertPreviewResponse } from '@gama/core/endpoints/results/index';
import type { ApiBody } from '../../../test/helpers.ts';
import { suiteApp, snapshot } from '../../../test/helpers.ts';
import { DATE, IST, placeBids } from '../../../test/desk.ts';
import {
  admin,
  balanceOf,
  expectLedgerClean,
  fund,
  operatorToken,
  transferPoints,
} from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { resultMessages } from '@gama/core/endpoints/results/index';

let op: string;
const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
  op = await operatorToken(t, 'results');
});

const post = <T = ApiBody>(path: string, body: Record<string, unknown>) =>
  admin<T>(t, op, 'POST', `/admin-api/results/${path}`, body);

async function debtOf(playerId: number): Promise<number> {
  const { rows } = await t.db.query<{ balance: number }>(
    `SELECT balance FROM accounts WHERE player_id = $1 AND kind = 'debt'`,
    [playerId],
  );
  return rows[0]?.balance ?? Number.NaN;
}

describe('revert', () => {
  it('needs a reason; its preview names the players it puts into debt, and the revert does exactly that', async () => {
    t.clock.set(IST('09:00'));
    const market = await seedMarket(t.db, { name: 'REVERT PREVIEW', open: '10:00 AM', close: '12:00 PM' });
    const spender = await t.player();
    const saver = await t.player();
    const loser = await t.player();
    const friend = await t.player();
    const cashier = await operatorToken(t);
    await fund(t, spender, cashier, 100);
    await fund(t, saver, cashier, 200);
    await fund(t, loser, cashier, 100);
    await placeBids(t, spender, 'main', market, 'Single Digit', [
      { digits: '6', points: 100, session: 'open' },
    ]);
    await placeBids(t, saver, 'main', market, 'Single Digit', [{ digits: '6', points: 10, session: 'open' }]);
    await placeBids(t, loser, 'main', market, 'Single Digit', [{ digits: '2', points: 50, session: 'open' }]);
    t.clock.set(IST('10:00'));
    const draw = { market_id: market, date: DATE, half: 'open' };
    await post('declare', { ...draw, value: '123' });
    expect(await balanceOf(t, spender.id)).toBe(95_000);
    expect(await balanceOf(t, saver.id)).toBe(28_500);
    // The spender gives most of the winnings away before the correction.
    await transferPoints(t, spender, friend, '900');

    const tables = ['results', 'win_credits', 'journals', 'entries', 'accounts'];
    const before = await snapshot(t.db, tables);
    const preview = await post<RevertPreviewResponse>('revert-preview', draw);
    expect(preview.statusCode).toBe(200);
    expect(preview.json).toEqual({
      status: true,
      results: [
        {
          result_id: expect.any(Number) as number,
          half: 'open',
          value: '123',
          declared_at: new Date(IST('10:00')).toISOString(),
          bids: 3,
          winners: 2,
          take_back_paise: 104_500,
        },
      ],
      bids: 3,
      winners: 2,
      take_back_paise: 104_500,
      from_wallets_paise: 14_500,
      into_debt_paise: 90_000,
      players_into_debt: [
        {
          player_id: spender.id,
          user_name: spender.userName,
          mobile: spender.mobile,
          balance_paise: 5000,
          take_back_paise: 95_000,
          debt_after_paise: 90_000,
        },
      ],
    });

    for (const reason of [undefined, '', 'oops', '     ']) {
      const refused = await post('revert', { ...draw, reason });
      expect(refused.statusCode, String(reason)).toBe(400);
      expect(refused.json.msg).toBe('Give a reason for the revert (at least 5 characters)');
    }
    expect(await snapshot(t.db, tables)).toEqual(before);

    const reverted = await post<{ reverted: Array<{ half: string; reversed: number; reopened: number }> }>(
      'revert',
      { ...draw, reason: 'Open pana typed wrong: it was 124' },
    );
    expect(reverted.json.reverted).toEqual([
      { result_id: preview.json.results[0]?.result_id, half: 'open', reversed: 2, reopened: 3 },
    ]);
    expect(await balanceOf(t, spender.id)).toBe(0);
    expect(await debtOf(spender.id)).toBe(-90_000);
    expect(await balanceOf(t, saver.id)).toBe(19_000);
    expect(await debtOf(saver.id)).toBe(0);

    const history = await admin<{
      results: Array<{
        revert_reason: string | null;
        reverted_by: number | null;
        reverted_at: string | null;
      }>;
    }>(t, op, 'GET', `/admin-api/results?market_id=${market}&date=${DATE}`);
    expect(history.json.results).toEqual([
      expect.objectContaining({
        revert_reason: 'Open pana typed wrong: it was 124',
        reverted_by: expect.any(Number) as number,
        reverted_at: new Date(IST('10:00')).toISOString(),
      }),
    ]);
    const { rows } = await t.db.query<{ detail: { reason?: string } }>(
      `SELECT detail FROM audit_log WHERE action = 'result_revert' AND target_id = $1`,
      [String(market)],
    );
    expect(rows.map((r) => r.detail.reason)).toEqual(['Open pana typed wrong: it was 124']);
    // The four refusals are in the audit log too, each with the message the operator saw.
    const { rows: refusals } = await t.db.query<{ detail: { msg?: string } }>(
      `SELECT detail FROM audit_log WHERE action = 'result_revert_refused' AND target_id = $1`,
      [String(market)],
    );
    expect(refusals.map((r) => r.detail.msg)).toEqual(
      Array(4).fill('Give a reason for the revert (at least 5 characters)'),
    );

    const nothing = await post('revert-preview', draw);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json.msg).toBe(resultMessages.nothingToRevert);
    await expectLedgerClean(t);
  });

  it('previewing the open of a fully declared market lists the close first, as the revert undoes it', async () => {
    t.clock.set(IST('09:00'));
    const market = await seedMarket(t.db, { name: 'REVERT BOTH', open: '10:00 AM', close: '12:00 PM' });
    const p = await t.player();
    await fund(t, p, await operatorToken(t), 500);
    await placeBids(t, p, 'main', market, 'Single Digit', [
      { digits: '6', points: 10, session: 'open' },
      { digits: '5', points: 10, session: 'close' },
    ]);
    await placeBids(t, p, 'main', market, 'Jodi Digit', [{ digits: '65', points: 10 }]);
    t.clock.set(IST('12:00'));
    const draw = { market_id: market, date: DATE };
    await post('declare', { ...draw, half: 'open', value: '123' });
    await post('declare', { ...draw, half: 'close', value: '456' });
    const preview = await post<RevertPreviewResponse>('revert-preview', { ...draw, half: 'open' });
    expect(preview.json.results.map((r) => [r.half, r.value, r.bids, r.winners, r.take_back_paise])).toEqual([
      ['close', '456', 2, 2, 104_500],
      ['open', '123', 1, 1, 9500],
    ]);
    expect(preview.json).toMatchObject({
      take_back_paise: 114_000,
      into_debt_paise: 0,
      players_into_debt: [],
    });
    // Without a half: the latest declaration only.
    const latest = await post<RevertPreviewResponse>('revert-preview', draw);
    expect(latest.json.results.map((r) => r.half)).toEqual(['close']);
    const balance = await balanceOf(t, p.id);
    const done = await post<{ reverted: Array<{ half: string }> }>('revert', {
      ...draw,
      half: 'open',
      reason: 'Both halves were entered for the wrong day',
    });
    expect(done.json.reverted.map((r) => r.half)).toEqual(['close', 'open']);
    expect(await balanceOf(t, p.id)).toBe(balance - 114_000);
    await expectLedgerClean(t);
  });
});
