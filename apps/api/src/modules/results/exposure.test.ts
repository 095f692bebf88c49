/** The results desk's full exposure view of a draw over HTTP: every number, sorted and paged, before and after the result. */
import type { ExposureResponse } from '@gama/core/endpoints/results/index';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/helpers.ts';
import { DATE, declareHalf, IST, placeBids } from '../../../test/desk.ts';
import { admin, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { sha256 } from '../auth/tokens.ts';
import { resultMessages } from '@gama/core/endpoints/results/index';

let op: string;
let main: number;
let gali: number;

const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
  op = await operatorToken(t);
  main = await seedMarket(t.db, { name: 'EXPOSURE MAIN', open: '10:00 AM', close: '12:00 PM' });
  gali = await seedMarket(t.db, { group: 'gali', name: 'EXPOSURE GALI', open: '11:30 AM' });
  const a = await t.player();
  const b = await t.player();
  for (const p of [a, b]) await fund(t, p, op, 5000);
  await placeBids(t, a, 'main', main, 'Single Digit', [
    { digits: '6', points: 10, session: 'open' },
    { digits: '1', points: 50, session: 'open' },
    { digits: '2', points: 20, session: 'close' },
  ]);
  await placeBids(t, b, 'main', main, 'Single Digit', [{ digits: '1', points: 30, session: 'open' }]);
  await placeBids(t, b, 'main', main, 'Single Pana', [{ digits: '123', points: 10, session: 'open' }]);
  await placeBids(t, a, 'main', main, 'Jodi Digit', [{ digits: '65', points: 10 }]);
  await placeBids(t, b, 'main', main, 'Full Sangam', [{ digits: '123', closedigits: '456', points: 10 }]);
  await placeBids(t, b, 'gali', gali, 'Jodi Digit', [{ digits: '47', points: 20 }]);
});

async function view(query: string, token = op): Promise<ExposureResponse> {
  const res = await admin<ExposureResponse>(t, token, 'GET', `/admin-api/results/exposure?${query}`);
  if (res.statusCode !== 200) throw new Error(JSON.stringify(res.json));
  return res.json;
}
const numbers = (v: ExposureResponse) =>
  v.exposure.map((e) => `${e.bet_type}:${e.digits}${e.close_digits ? `-${e.close_digits}` : ''}`);

describe('the full exposure of a draw', () => {
  it('lists every number of both halves with bids, stakes and payout, costliest first, and the totals', async () => {
    const v = await view(`market_id=${main}&date=${DATE}`);
    expect(v).toMatchObject({
      status: true,
      market_id: main,
      market_name: 'EXPOSURE MAIN',
      group: 'main',
      date: DATE,
      results: [],
      bids: 7,
      stakes_paise: 14_000,
      pending_bids: 7,
      pending_stakes_paise: 14_000,
      paid_paise: 0,
      house_paise: null,
      total: 6,
      page: 1,
      page_size: 50,
    });
    // Full Sangam 123-456 x10 pays 100000; jodi 65 x10 950; digit 1 (80 points) 760; pana 123 x10 1400 at 10-1400.
    expect(
      v.exposure.map((e) => [numbers({ ...v, exposure: [e] })[0], e.bids, e.stakes_paise, e.payout_paise]),
    ).toEqual([
      ['full_sangam:123-456', 1, 1000, 10_000_000],
      ['single_pana:123', 1, 1000, 140_000],
      ['jodi_digit:65', 1, 1000, 95_000],
      ['single_digit:1', 2, 8000, 76_000],
      ['single_digit:2', 1, 2000, 19_000],
      ['single_digit:6', 1, 1000, 9500],
    ]);
    expect(v.exposure.every((e) => e.outcome === 'pending')).toBe(true);
    expect(v.exposure[3]).toMatchObject({ session: 'open', half: 'open' });
    expect(v.exposure[0]).toMatchObject({ half: 'close' });
  });

  it("shows each number's cap and what the draw owes on it against the cap, as the owner sets it", async () => {
    const digitsOf = (v: ExposureResponse) =>
      v.exposure.map((e) => [e.digits, e.cap_paise, e.cap_used_paise]);
    const query = `market_id=${main}&date=${DATE}&bet_type=single_digit`;
    // Without a cap nothing is held against one (the payout column says what the draw owes).
    expect(digitsOf(await view(query))).toEqual([
      ['1', null, null],
      ['2', null, null],
      ['6', null, null],
    ]);
    const set = await admin(t, op, 'PATCH', '/admin-api/caps', {
      group: 'main',
      caps: { single_digit: 80_000 },
    });
    expect(set.statusCode).toBe(200);
    expect(digitsOf(await view(query))).toEqual([
      ['1', 80_000, 76_000],
      ['2', 80_000, 19_000],
      ['6', 80_000, 9500],
    ]);
    // A cap on another rate field is not this number's.
    const pana = await view(`market_id=${main}&date=${DATE}&bet_type=single_pana`);
    expect(pana.exposure.map((e) => [e.digits, e.cap_paise, e.cap_used_paise])).toEqual([
      ['123', null, null],
    ]);
    const removed = await admin(t, op, 'PATCH', '/admin-api/caps', {
      group: 'main',
      caps: { single_digit: null },
    });
    expect(removed.statusCode).toBe(200);
    expect(digitsOf(await view(query))[0]).toEqual(['1', null, null]);
  });

  it('sorts by each column both ways, the number breaking ties, and pages without overlap', async () => {
    const base = `market_id=${main}&date=${DATE}`;
    expect(numbers(await view(`${base}&sort=stakes&dir=desc`))).toEqual([
      'single_digit:1',
      'single_digit:2',
      'full_sangam:123-456',
      'jodi_digit:65',
      'single_digit:6',
      'single_pana:123',
    ]);
    expect(numbers(await view(`${base}&sort=payout&dir=asc`))[0]).toBe('single_digit:6');
    expect(numbers(await view(`${base}&sort=bids&dir=desc`))[0]).toBe('single_digit:1');
    const byNumber = numbers(await view(`${base}&sort=number&dir=asc`));
    expect(byNumber).toEqual([
      'full_sangam:123-456',
      'jodi_digit:65',
      'single_digit:1',
      'single_digit:2',
      'single_digit:6',
      'single_pana:123',
    ]);
    expect(numbers(await view(`${base}&sort=number&dir=desc`))).toEqual([...byNumber].reverse());
    const first = await view(`${base}&sort=stakes&dir=desc&page_size=4`);
    const second = await view(`${base}&sort=stakes&dir=desc&page_size=4&page=2`);
    expect([...numbers(first), ...numbers(second)]).toEqual(numbers(await view(`${base}&sort=stakes`)));
    // A page past the end still carries the totals.
    const past = await view(`${base}&page=9`);
    expect(past).toMatchObject({ total: 6, bids: 7, stakes_paise: 14_000, exposure: [] });
    for (const bad of ['sort=-payout', 'sort=digits', 'dir=up', 'page=0', 'page_size=201', 'half=middle']) {
      const res = await admin(t, op, 'GET', `/admin-api/results/exposure?${base}&${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('narrows to one draw and one bet type', async () => {
    const open = await view(`market_id=${main}&date=${DATE}&half=open`);
    expect(numbers(open)).toEqual(['single_pana:123', 'single_digit:1', 'single_digit:6']);
    expect(open).toMatchObject({ bids: 4, stakes_paise: 10_000 });
    const digits = await view(`market_id=${main}&date=${DATE}&bet_type=single_digit&half=close`);
    expect(numbers(digits)).toEqual(['single_digit:2']);
    const g = await view(`market_id=${gali}&date=${DATE}`);
    expect(g).toMatchObject({ group: 'gali', total: 1, exposure: [{ half: 'single', digits: '47' }] });
  });

  it('after the result: which numbers won, what was paid and the house result of each settled draw', async () => {
    t.clock.set(IST('10:05'));
    const declared = await declareHalf(t, op, main, DATE, 'open', '123');
    expect(declared.statusCode).toBe(200);
    // Open 123: ank 6. Digit 6 (95) and pana 123 (1400) win; digit 1 loses.
    const open = await view(`market_id=${main}&date=${DATE}&half=open&sort=number&dir=asc`);
    expect(open.exposure.map((e) => [e.digits, e.outcome])).toEqual([
      ['1', 'lost'],
      ['6', 'won'],
      ['123', 'won'],
    ]);
    expect(open).toMatchObject({
      results: [{ half: 'open', value: '123' }],
      bids: 4,
      stakes_paise: 10_000,
      pending_bids: 0,
      pending_stakes_paise: 0,
      paid_paise: 149_500,
      house_paise: -139_500,
    });
    // Both halves: the close is not declared, so no house result yet; its bids are still pending.
    const day = await view(`market_id=${main}&date=${DATE}`);
    expect(day).toMatchObject({
      house_paise: null,
      pending_bids: 3,
      pending_stakes_paise: 4000,
      paid_paise: 149_500,
    });

    t.clock.set(IST('12:05'));
    await declareHalf(t, op, main, DATE, 'close', '456');
    // Close 456: ank 5, jodi 65; the full sangam 123-456 wins 100000, the jodi 950; digit 2 loses.
    const settled = await view(`market_id=${main}&date=${DATE}`);
    expect(settled).toMatchObject({
      results: [
        { half: 'open', value: '123' },
        { half: 'close', value: '456' },
      ],
      pending_bids: 0,
      paid_paise: 10_244_500,
      house_paise: -10_230_500,
    });
    expect(settled.exposure.filter((e) => e.outcome === 'won').map((e) => e.digits)).toEqual([
      '123',
      '123',
      '65',
      '6',
    ]);
  });

  it('exports every row as CSV, and the export is audited', async () => {
    await t.db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE token_hash = $1', [
      sha256(op),
      t.clock.now(),
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin-api/results/exposure?market_id=${main}&date=${DATE}&sort=number&dir=asc&page_size=1&format=csv`,
      headers: { authorization: `Bearer ${op}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'market,date,draw,bet type,session,number,bids,stakes,payout if it comes,outcome,cap,owed against the cap',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toBe('EXPOSURE MAIN,2026-11-20,close,full_sangam,close,123-456,1,10,100000,won,,');
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'exposure_export'",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('is refused without the results permission, for an unknown market and a malformed date', async () => {
    const cashier = await operatorToken(t, 'cashier');
    const refused = await admin<{ msg: string }>(
      t,
      cashier,
      'GET',
      `/admin-api/results/exposure?market_id=${main}&date=${DATE}`,
    );
    expect(refused.statusCode).toBe(403);
    const support = await operatorToken(t, 'support');
    expect((await view(`market_id=${main}&date=${DATE}`, support)).total).toBe(6);
    const missing = await admin<{ msg: string }>(
      t,
      op,
      'GET',
      `/admin-api/results/exposure?market_id=999999&date=${DATE}`,
    );
    expect([missing.statusCode, missing.json.msg]).toEqual([404, resultMessages.marketNotFound]);
    const bad = await admin(t, op, 'GET', `/admin-api/results/exposure?market_id=${main}&date=2026-02-31`);
    expect(bad.statusCode).toBe(400);
  });
});
