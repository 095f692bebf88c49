/** The results desk's board of the day's draws over HTTP, at several instants of the injected clock. */
import type { BoardResponse } from '@gama/core/endpoints/results/index';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/helpers.ts';
import { DATE, declareHalf, IST, placeBids, setTwoPerson } from '../../../test/desk.ts';
import { admin, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { resultMessages } from '@gama/core/endpoints/results/index';

let op: string;
let checker: string;
let main: number;
let star: number;
let gali: number;
let off: number;
let overnight: number;

const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
  op = await operatorToken(t);
  checker = await operatorToken(t, 'results');
  main = await seedMarket(t.db, { name: 'BOARD MAIN', open: '10:00 AM', close: '12:00 PM' });
  star = await seedMarket(t.db, { group: 'starline', name: 'BOARD STAR', open: '11:00 AM' });
  gali = await seedMarket(t.db, { group: 'gali', name: 'BOARD GALI', open: '11:30 AM' });
  // 2026-11-20 is a Friday: this market has the day off.
  off = await seedMarket(t.db, {
    name: 'BOARD FRIDAY OFF',
    open: '10:00 AM',
    close: '12:00 PM',
    daysOff: [5],
  });
  overnight = await seedMarket(t.db, { name: 'BOARD NIGHT', open: '09:30 PM', close: '02:00 AM' });
  const a = await t.player();
  const b = await t.player();
  for (const p of [a, b]) await fund(t, p, op, 2000);
  await placeBids(t, a, 'main', main, 'Single Digit', [
    { digits: '6', points: 10, session: 'open' },
    { digits: '1', points: 50, session: 'open' },
    { digits: '2', points: 20, session: 'close' },
  ]);
  await placeBids(t, b, 'main', main, 'Single Digit', [{ digits: '1', points: 30, session: 'open' }]);
  await placeBids(t, b, 'main', main, 'Jodi Digit', [{ digits: '65', points: 10 }]);
  await placeBids(t, a, 'starline', star, 'Single Pana', [{ digits: '349', points: 10 }]);
  await placeBids(t, b, 'gali', gali, 'Jodi Digit', [{ digits: '47', points: 20 }]);
});

async function board(query = `date=${DATE}`, token = op): Promise<BoardResponse> {
  const res = await admin<BoardResponse>(t, token, 'GET', `/admin-api/results/board?${query}`);
  if (res.statusCode !== 200) throw new Error(JSON.stringify(res.json));
  return res.json;
}
const draws = (b: BoardResponse, id: number) => b.markets.find((m) => m.market_id === id)?.draws ?? [];
const states = (b: BoardResponse, id: number) => draws(b, id).map((d) => `${d.half}:${d.state}`);

describe('the board of the day', () => {
  it('before any cut-off: every draw takes bids, except on a day off; pending stakes and top exposure per draw', async () => {
    t.clock.set(IST('09:00'));
    const b = await board('');
    expect(b).toMatchObject({
      status: true,
      date: DATE,
      server_time: new Date(IST('09:00')).toISOString(),
      time_zone: 'Asia/Kolkata',
      two_person: false,
    });
    expect(states(b, main)).toEqual(['open:bidding_open', 'close:bidding_open']);
    expect(states(b, star)).toEqual(['single:bidding_open']);
    expect(states(b, gali)).toEqual(['single:bidding_open']);
    expect(states(b, off)).toEqual(['open:no_draw', 'close:no_draw']);
    // Main markets first, then Starline, then Gali.
    const groups = b.markets.map((m) => m.group);
    expect(groups.indexOf('gali')).toBeGreaterThan(groups.lastIndexOf('starline'));
    expect(groups.indexOf('starline')).toBeGreaterThan(groups.lastIndexOf('main'));

    const [open, close] = draws(b, main);
    expect(open).toMatchObject({
      draw_time: '10:00 AM',
      next_day: false,
      result: null,
      pending: null,
      pending_bids: 3,
      pending_stakes_paise: 9000,
    });
    // Digit 1 carries 80 points at 10-95 (760); digit 6 carries 10 (95).
    expect(open?.top_exposure).toEqual([
      {
        bet_type: 'single_digit',
        session: 'open',
        half: 'open',
        digits: '1',
        close_digits: '',
        bids: 2,
        stakes_paise: 8000,
        payout_paise: 76_000,
      },
      expect.objectContaining({ digits: '6', bids: 1, stakes_paise: 1000, payout_paise: 9500 }),
    ]);
    // The close decides close-session bids and the jodi.
    expect(close).toMatchObject({ draw_time: '12:00 PM', pending_bids: 2, pending_stakes_paise: 3000 });
    expect(close?.top_exposure.map((e) => [e.bet_type, e.digits, e.payout_paise])).toEqual([
      ['jodi_digit', '65', 95_000],
      ['single_digit', '2', 19_000],
    ]);
    expect(draws(b, overnight)).toEqual([
      expect.objectContaining({ half: 'open', draw_time: '09:30 PM', next_day: false }),
      expect.objectContaining({ half: 'close', draw_time: '02:00 AM', next_day: true }),
    ]);
    expect(draws(b, off)[0]).toMatchObject({ pending_bids: 0, pending_stakes_paise: 0, top_exposure: [] });
  });

  it('after the open cut-off the open awaits its result; declared draws show the value and what they paid', async () => {
    t.clock.set(IST('10:00'));
    let b = await board();
    expect(states(b, main)).toEqual(['open:closed_awaiting_result', 'close:bidding_open']);
    expect(states(b, star)).toEqual(['single:bidding_open']);
    // The board's rule is the declare call's: a draw still taking bids cannot be declared.
    const early = await admin(t, op, 'POST', '/admin-api/results/declare', {
      market_id: star,
      date: DATE,
      value: '349',
    });
    expect(early.json).toMatchObject({ msg: resultMessages.tooEarly });
    // Nor a day the market does not draw, however late.
    const dayOff = await declareHalf(t, op, off, DATE, 'open', '123');
    expect([dayOff.statusCode, dayOff.json.msg]).toEqual([400, resultMessages.noDraw]);

    const declared = await declareHalf<{ result_id: number }>(t, op, main, DATE, 'open', '123');
    b = await board();
    const [open] = draws(b, main);
    expect(open).toMatchObject({
      state: 'declared',
      result: {
        result_id: declared.json.result_id,
        value: '123',
        declared_at: new Date(IST('10:00')).toISOString(),
        paid_paise: 9500,
      },
      pending_bids: 0,
      pending_stakes_paise: 0,
      top_exposure: [],
    });
  });

  it('a declaration waiting for approval shows who made it; after the last cut-off nothing takes bids', async () => {
    t.clock.set(IST('11:45'));
    await setTwoPerson(t, op, true);
    const waiting = await admin<{ declaration_id: number }>(t, op, 'POST', '/admin-api/results/declare', {
      market_id: star,
      date: DATE,
      value: '349',
    });
    let b = await board();
    expect(b.two_person).toBe(true);
    expect(states(b, star)).toEqual(['single:pending_approval']);
    expect(draws(b, star)[0]).toMatchObject({
      result: null,
      pending: {
        declaration_id: waiting.json.declaration_id,
        value: '349',
        maker: { username: expect.stringMatching(/_owner$/) as string },
        created_at: new Date(IST('11:45')).toISOString(),
      },
      pending_bids: 1,
      pending_stakes_paise: 1000,
    });
    expect(states(b, gali)).toEqual(['single:closed_awaiting_result']);
    await admin(t, checker, 'POST', '/admin-api/results/approve', {
      declaration_id: waiting.json.declaration_id,
    });
    await setTwoPerson(t, op, false);
    t.clock.set(IST('12:00'));
    b = await board();
    expect(states(b, star)).toEqual(['single:declared']);
    expect(states(b, main)).toEqual(['open:declared', 'close:closed_awaiting_result']);
    expect(states(b, gali)).toEqual(['single:closed_awaiting_result']);
    expect(states(b, overnight)).toEqual(['open:bidding_open', 'close:bidding_open']);
  });

  it('the default date is today on the market clock; other dates and one group on request', async () => {
    // 00:30 in Kolkata on the 21st is still the 20th in UTC.
    t.clock.set('2026-11-20T19:00:00.000Z');
    const b = await board('');
    expect(b.date).toBe('2026-11-21');
    // The overnight market's session of the 20th runs until 02:00 on the 21st.
    expect(states(await board(`date=${DATE}`), overnight)).toEqual([
      'open:closed_awaiting_result',
      'close:bidding_open',
    ]);
    expect(states(b, main)).toEqual(['open:bidding_open', 'close:bidding_open']);
    // Saturday the 21st is not a day off for that market.
    expect(states(b, off)).toEqual(['open:bidding_open', 'close:bidding_open']);
    t.clock.set(IST('09:00'));
    const yesterday = await board('date=2026-11-19');
    expect(states(yesterday, main)).toEqual(['open:closed_awaiting_result', 'close:closed_awaiting_result']);
    const starOnly = await board(`date=${DATE}&group=starline`);
    expect(new Set(starOnly.markets.map((m) => m.group))).toEqual(new Set(['starline']));
    for (const query of ['date=2026-02-31', 'date=tomorrow', 'group=lottery']) {
      const res = await admin(t, op, 'GET', `/admin-api/results/board?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('the exposure call lists one draw when asked', async () => {
    const res = await admin<{ exposure: Array<{ half: string; digits: string }> }>(
      t,
      op,
      'GET',
      `/admin-api/results/exposure?market_id=${main}&date=${DATE}&half=close`,
    );
    expect(res.json.exposure.map((e) => [e.half, e.digits])).toEqual([
      ['close', '65'],
      ['close', '2'],
    ]);
    expect((await board('', checker)).status).toBe(true);
  });
});
