import { bidHistoryMessages, bidPlacementMessages } from '@gama/core/contract/bids';
import { bidMessages } from '@gama/core/rules/messages';
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import { engine } from '../../../test/db.ts';
import { balanceOf, expectLedgerClean, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { postSingleDigit } from '../../../test/desk.ts';

// 2026-11-20 is a Friday. The test market opens 01:00 PM and closes 03:00 PM, Asia/Kolkata.
const IST = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00+05:30`;
const BID_DATE = '20-November-2026';
const TABLES = ['accounts', 'journals', 'entries', 'bids', 'idempotency_keys'] as const;

let op: string;
let market: number;
const t = suiteApp({ now: IST('12:00'), ledger: true }, async () => {
  op = await operatorToken(t);
  market = await seedMarket(t.db, { name: 'TEST BAZAR', open: '01:00 PM', close: '03:00 PM', daysOff: [0] });
});

type Player = Awaited<ReturnType<TestApp['player']>>;
interface Row {
  digits?: string;
  closedigits?: string;
  points?: string | number;
  session?: string;
}

function submit(
  p: Player,
  pana: string,
  result: Row[],
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.post<ApiBody & { wallet_amt: string; bid_count: number; total_points: number }>(
    '/api-submit-bid',
    { game_id: market, new_result: { pana, bid_date: BID_DATE, result, ...extra } },
    { token: p.token, headers },
  );
}

async function funded(points = 1000): Promise<Player> {
  const p = await t.player();
  await fund(t, p, op, points);
  return p;
}

async function bidsOf(playerId: number) {
  const { rows } = await t.db.query<{
    bet_type: string;
    session: string;
    digits: string;
    close_digits: string;
    points: number;
    rate_val_2: number;
  }>(
    'SELECT bet_type, session, digits, close_digits, points, rate_val_2 FROM bids WHERE player_id = $1 ORDER BY id',
    [playerId],
  );
  return rows;
}

describe('placing bids', () => {
  it('debits once for the whole submission and stores each row with its frozen rate', async () => {
    const p = await funded();
    const res = await submit(
      p,
      'Single Digit',
      [
        { digits: '5', points: '10', session: 'Open' },
        { digits: '7', points: '25', session: 'close' },
      ],
      { totalbit: '35' },
    );
    expect(res.json).toMatchObject({
      status: true,
      msg: bidPlacementMessages.bidPlaced,
      wallet_amt: '965',
      bid_count: 2,
      total_points: 35,
      total_paise: 3500,
    });
    expect(await balanceOf(t, p.id)).toBe(96_500);
    expect(await bidsOf(p.id)).toEqual([
      {
        bet_type: 'single_digit',
        session: 'open',
        digits: '5',
        close_digits: '',
        points: 10,
        rate_val_2: 95,
      },
      {
        bet_type: 'single_digit',
        session: 'close',
        digits: '7',
        close_digits: '',
        points: 25,
        rate_val_2: 95,
      },
    ]);
    const { rows } = await t.db.query(
      'SELECT count(*)::int AS n FROM journals WHERE actor = $1 AND kind = $2',
      [`player:${p.id}`, 'bid'],
    );
    expect(rows[0]).toEqual({ n: 1 });
    // Later rate changes never touch placed bids (D6).
    await t.db.query(`UPDATE game_rates SET val_2 = 90 WHERE grp = 'main' AND rate_field = 'single_digit'`);
    expect((await bidsOf(p.id)).map((b) => b.rate_val_2)).toEqual([95, 95]);
    await t.db.query(`UPDATE game_rates SET val_2 = 95 WHERE grp = 'main' AND rate_field = 'single_digit'`);
  });

  it('accepts every main bet type with its own inputs', async () => {
    const p = await funded(5000);
    const cases: Array<[string, Row[], number]> = [
      ['Jodi Digit', [{ digits: '05', points: 10, session: 'close' }], 1],
      ['Single Pana', [{ digits: '123', points: 10, session: 'open' }], 1],
      ['Double Pana', [{ digits: '100', points: 10, session: 'open' }], 1],
      ['Triple Pana', [{ digits: '000', points: 10, session: 'close' }], 1],
      ['Half Sangam', [{ digits: '6', closedigits: '456', points: 10, session: 'Open' }], 1],
      ['Half Sangam', [{ digits: '5', closedigits: '123', points: 10, session: 'Close' }], 1],
      ['Full Sangam', [{ digits: '123', closedigits: '456', points: 10, session: 'closed' }], 1],
      ['SP Motor', [{ digits: '1234', points: 10, session: 'open' }], 4],
      ['DP Motor', [{ digits: '123', points: 10, session: 'open' }], 6],
    ];
    for (const [pana, rows, count] of cases) {
      const res = await submit(p, pana, rows);
      expect(res.json, pana).toMatchObject({ status: true, bid_count: count, total_points: 10 * count });
    }
    const motor = (await bidsOf(p.id)).filter((b) => b.bet_type === 'sp_motor').map((b) => b.digits);
    expect(motor).toEqual(['123', '124', '134', '234']);
    await expectLedgerClean(t);
  });

  it('reads a legacy close-session row from closedigits', async () => {
    const p = await funded();
    const res = await submit(p, 'Single Pana', [
      { digits: '', closedigits: '250', points: 10, session: 'close' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await bidsOf(p.id)).toEqual([expect.objectContaining({ digits: '250', session: 'close' })]);
  });
});

describe('the server refuses what the rules forbid, changing nothing', () => {
  it('refuses bad numbers, points, labels and totals with the spec messages', async () => {
    const p = await funded(100);
    const before = await snapshot(t.db, TABLES);
    const cases: Array<[string, Row[], string, Record<string, unknown>?]> = [
      ['Single Digit', [{ digits: '', points: 10, session: 'open' }], bidMessages.enterNumber],
      ['Single Digit', [{ digits: '12', points: 10, session: 'open' }], bidMessages.numberNotValid('12')],
      ['Single Digit', [{ digits: '5', points: '', session: 'open' }], bidMessages.enterPoints],
      ['Single Digit', [{ digits: '5', points: 9, session: 'open' }], bidMessages.minimumBid],
      ['Jodi Digit', [{ digits: '5', points: 10 }], bidMessages.numberNotValid('5')],
      ['Single Pana', [{ digits: '213', points: 10, session: 'open' }], bidMessages.numberNotValid('213')],
      ['Single Pana', [{ digits: '112', points: 10, session: 'open' }], bidMessages.numberNotValid('112')],
      ['Double Pana', [{ digits: '123', points: 10, session: 'open' }], bidMessages.numberNotValid('123')],
      ['Triple Pana', [{ digits: '112', points: 10, session: 'open' }], bidMessages.numberNotValid('112')],
      ['Full Sangam', [{ digits: '5', closedigits: '456', points: 10 }], bidMessages.numberNotValid('5')],
      [
        'Half Sangam',
        [{ digits: '6', closedigits: '465', points: 10, session: 'Open' }],
        bidMessages.numberNotValid('465'),
      ],
      ['SP Motor', [{ digits: '12', points: 10, session: 'open' }], bidMessages.digitNotValid],
      ['SP Motor', [{ digits: '111', points: 10, session: 'open' }], bidMessages.noCombination],
      ['Single Digit', [{ digits: '5', points: 10, session: 'sideways' }], bidMessages.invalidSession],
      ['Lucky Seven', [{ digits: '5', points: 10, session: 'open' }], bidPlacementMessages.unknownGameType],
      [
        'Single Digit',
        [{ digits: '5', points: 10, session: 'open' }],
        bidPlacementMessages.totalMismatch,
        { totalbit: '5' },
      ],
      [
        'Single Digit',
        [{ digits: '5', points: 10, session: 'open' }],
        bidMessages.backDate,
        { bid_date: '19-November-2026' },
      ],
      ['Single Digit', [{ digits: '5', points: 101, session: 'open' }], bidMessages.insufficientAmount],
      ['SP Motor', [{ digits: '123456', points: 10, session: 'open' }], bidMessages.insufficientAmount],
    ];
    for (const [pana, rows, message, extra] of cases) {
      const res = await submit(p, pana, rows, extra);
      expect(res.json, `${pana} ${JSON.stringify(rows)}`).toMatchObject({ status: false, msg: message });
    }
    for (const points of ['12.5', '1e3', '-10', 'ten']) {
      const res = await submit(p, 'Single Digit', [{ digits: '5', points, session: 'open' }]);
      expect(res.statusCode).toBe(400);
    }
    const noRows = await t.post(
      '/api-submit-bid',
      { game_id: market, new_result: { pana: 'Single Digit', bid_date: BID_DATE, result: [] } },
      { token: p.token },
    );
    expect(noRows.statusCode).toBe(400);
    const unknownMarket = await postSingleDigit(t, p, 999999, BID_DATE, {
      digits: '5',
      points: 10,
      session: 'open',
    });
    expect(unknownMarket.json.msg).toBe(bidPlacementMessages.marketNotFound);
    // Each refusal carries a code of its own (decision 043), with the status it had; the message stays the spec's.
    expect(unknownMarket.statusCode).toBe(404);
    expect(unknownMarket.json.code).toBe('BID_MARKET_NOT_FOUND');
    const coded: Array<[string, Row[], string, Record<string, unknown>?]> = [
      ['Single Digit', [{ digits: '12', points: 10, session: 'open' }], 'BID_INVALID_ROW'],
      ['Lucky Seven', [{ digits: '5', points: 10, session: 'open' }], 'BID_UNKNOWN_GAME'],
      [
        'Single Digit',
        [{ digits: '5', points: 10, session: 'open' }],
        'BID_TOTAL_MISMATCH',
        { totalbit: '5' },
      ],
      [
        'Single Digit',
        [{ digits: '5', points: 10, session: 'open' }],
        'BID_BACK_DATE',
        { bid_date: '19-November-2026' },
      ],
      ['Single Digit', [{ digits: '5', points: 101, session: 'open' }], 'BID_INSUFFICIENT_BALANCE'],
    ];
    for (const [pana, rows, code, extra] of coded) {
      const res = await submit(p, pana, rows, extra);
      expect(res.statusCode, code).toBe(400);
      expect(res.json, code).toMatchObject({ status: false, code });
    }
    expect(await snapshot(t.db, TABLES)).toEqual(before);
  });

  it('refuses players whose betting is off, and strangers', async () => {
    const p = await t.player({ bettingStatus: '0' });
    const res = await submit(p, 'Single Digit', [{ digits: '5', points: 10, session: 'open' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json.code).toBe('BETTING_DISABLED');
    const anon = await t.post('/api-submit-bid', { game_id: market, new_result: {} });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses a bid on a market day off and on an inactive market', async () => {
    const funds = await funded();
    t.clock.set(IST('12:00', '2026-11-22')); // Sunday, the test market's day off
    try {
      // Two days later the old session has idled out: log in again, as a player would.
      const login = await t.post<ApiBody & { unique_token: string }>('/api-user-login', {
        mobile: funds.mobile,
        password: funds.password,
      });
      const p = { ...funds, token: login.json.unique_token };
      const sunday = await postSingleDigit(t, p, market, '22-November-2026', {
        digits: '5',
        points: 10,
        session: 'open',
      });
      expect(sunday.json.msg).toBe(bidMessages.bettingClosed);
    } finally {
      t.clock.set(IST('12:00'));
    }
    const p = await funded();
    const off = await seedMarket(t.db, {
      name: 'SLEEPY',
      open: '01:00 PM',
      close: '03:00 PM',
      active: false,
    });
    const res = await postSingleDigit(t, p, off, BID_DATE, { digits: '5', points: 10, session: 'open' });
    expect(res.json.msg).toBe(bidMessages.bettingClosed);
  });
});

describe('a draw already declared', () => {
  it('refuses a bid whose draw has a live result, as when a declaration commits while the bid is in flight', async () => {
    const p = await funded();
    const race = await seedMarket(t.db, { name: 'RACED', open: '01:00 PM', close: '03:00 PM' });
    // The schedule still takes open bids at 12:00, as it would in the moment a declaration commits: only the
    // result row tells the bid that its draw is decided.
    await t.db.query(
      `INSERT INTO results (market_id, market_date, half, value, declared_at) VALUES ($1, '2026-11-20', 'open', '123', $2)`,
      [race, t.clock.now()],
    );
    const bid = (pana: string, row: Record<string, unknown>) =>
      t.post(
        '/api-submit-bid',
        { game_id: race, new_result: { pana, bid_date: BID_DATE, result: [row] } },
        { token: p.token },
      );
    const before = await snapshot(t.db, TABLES);
    const open = await bid('Single Digit', { digits: '5', points: 10, session: 'open' });
    expect(open.json).toMatchObject({ status: false, msg: bidMessages.bettingClosed });
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    // The close half is not declared: its bids, and jodis that wait for it, are still taken.
    expect((await bid('Single Digit', { digits: '5', points: 10, session: 'close' })).statusCode).toBe(200);
    expect((await bid('Jodi Digit', { digits: '12', points: 10 })).statusCode).toBe(200);
  });
});

describe('cut-offs by the server clock', () => {
  it('open session: 12:59 accepted, 13:00 refused; close session until 14:59', async () => {
    const p = await funded();
    const open = (session: string) => submit(p, 'Single Digit', [{ digits: '3', points: 10, session }]);
    t.clock.set(IST('12:59'));
    expect((await open('open')).statusCode).toBe(200);
    t.clock.set(IST('13:00'));
    const closed = await open('open');
    expect(closed.json.msg).toBe(bidMessages.openSessionClosed);
    expect(closed.json.code).toBe('BID_CUT_OFF');
    expect((await open('close')).statusCode).toBe(200);
    t.clock.set(IST('14:59'));
    expect((await open('close')).statusCode).toBe(200);
    t.clock.set(IST('15:00'));
    expect((await open('close')).json.msg).toBe(bidMessages.closeSessionClosed);
    t.clock.set(IST('12:00'));
  });

  it('Jodi, Half Sangam and Full Sangam stop at the open time, whatever the session', async () => {
    const p = await funded();
    t.clock.set(IST('12:59'));
    expect((await submit(p, 'Jodi Digit', [{ digits: '12', points: 10 }])).statusCode).toBe(200);
    t.clock.set(IST('13:00'));
    for (const [pana, row] of [
      ['Jodi Digit', { digits: '12', points: 10 }],
      ['Half Sangam', { digits: '5', closedigits: '123', points: 10, session: 'Close' }],
      ['Full Sangam', { digits: '123', closedigits: '456', points: 10 }],
    ] as const) {
      expect((await submit(p, pana, [row])).json.msg).toBe(bidMessages.bettingClosed);
    }
    t.clock.set(IST('12:00'));
  });

  it('a market closing after midnight takes close bids after midnight for the previous day', async () => {
    const late = await seedMarket(t.db, { name: 'LATE NIGHT', open: '11:00 PM', close: '01:00 AM' });
    const p = await funded();
    // The same bid, sent at 00:30 and again at 01:00 on the 21st.
    const closeBid = () =>
      postSingleDigit(t, p, late, '21-November-2026', { digits: '4', points: 10, session: 'close' });
    t.clock.set(IST('00:30', '2026-11-21'));
    const res = await closeBid();
    expect(res.statusCode).toBe(200);
    const { rows } = await t.db.query<{ d: string }>(
      `SELECT to_char(market_date, 'YYYY-MM-DD') AS d FROM bids WHERE player_id = $1`,
      [p.id],
    );
    expect(rows).toEqual([{ d: '2026-11-20' }]);
    t.clock.set(IST('01:00', '2026-11-21'));
    const after = await closeBid();
    // The night of the 20th has closed; the 21st's session (open at 11 PM) takes bids now.
    expect(after.statusCode).toBe(200);
    const days = await t.db.query<{ d: string }>(
      `SELECT to_char(market_date, 'YYYY-MM-DD') AS d FROM bids WHERE player_id = $1 ORDER BY id`,
      [p.id],
    );
    expect(days.rows).toEqual([{ d: '2026-11-20' }, { d: '2026-11-21' }]);
    t.clock.set(IST('12:00'));
  });
});

describe('retries and races', () => {
  it('a replayed key places the bids once and answers the same, even after the cut-off', async () => {
    const p = await funded();
    const headers = { 'idempotency-key': `bid-${p.id}-replay-1` };
    const first = await submit(
      p,
      'Single Digit',
      [{ digits: '1', points: 10, session: 'open' }],
      {},
      headers,
    );
    t.clock.set(IST('13:30'));
    const again = await submit(
      p,
      'Single Digit',
      [{ digits: '1', points: 10, session: 'open' }],
      {},
      headers,
    );
    expect(again.raw).toBe(first.raw);
    expect(await bidsOf(p.id)).toHaveLength(1);
    expect(await balanceOf(t, p.id)).toBe(99_000);
    t.clock.set(IST('12:00'));
  });

  it(`50 parallel submissions that together exceed the balance on ${engine}: never below zero`, async () => {
    const p = await funded(450);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submit(p, 'Single Digit', [{ digits: String(i % 10), points: 100, session: 'open' }]),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(4);
    expect(results.filter((r) => r.json.msg === bidMessages.insufficientAmount)).toHaveLength(46);
    expect(await balanceOf(t, p.id)).toBe(5_000);
    expect(await bidsOf(p.id)).toHaveLength(4);
    await expectLedgerClean(t);
  });
});

describe('lists, rates and histories', () => {
  it('shows the market list in the profile with times and open status', async () => {
    const p = await t.player();
    const res = await t.post<{ result: Array<Record<string, unknown>> }>(
      '/api-user-wallet-balance',
      {},
      { token: p.token },
    );
    const row = res.json.result.find((r) => r.game_id === market);
    expect(row).toEqual({
      game_id: market,
      game_name: 'TEST BAZAR',
      open_time: '01:00 PM',
      close_time: '03:00 PM',
      open_result: '',
      close_result: '',
      msg_status: 1,
    });
    t.clock.set(IST('15:00'));
    const closed = await t.post<{ result: Array<Record<string, unknown>> }>(
      '/api-user-wallet-balance',
      {},
      { token: p.token },
    );
    expect(closed.json.result.find((r) => r.game_id === market)?.msg_status).toBe(2);
    t.clock.set(IST('12:00'));
  });

  it('serves the seven main rates', async () => {
    const res = await t.post<{ game_rates: Array<Record<string, string>> }>('/api-game-rates');
    expect(res.json.game_rates[0]).toMatchObject({
      single_digit_val_1: '10',
      single_digit_val_2: '95',
      full_sangam_val_2: '100000',
    });
    expect(Object.keys(res.json.game_rates[0] ?? {})).toHaveLength(14);
  });

  it('returns only the session player’s bids, for the chosen dates', async () => {
    const a = await funded();
    const b = await funded();
    await submit(a, 'Single Pana', [{ digits: '123', points: 10, session: 'open' }]);
    await submit(b, 'Jodi Digit', [{ digits: '42', points: 20 }]);
    const mine = await t.post<{ bid_data: Array<Record<string, string | number>> }>(
      '/api-bid-history-data',
      { bid_from: '11/20/2026', bid_to: '11/20/2026', mobile: b.mobile, user_id: b.id },
      { token: a.token },
    );
    const own = await t.db.query<{ id: number }>('SELECT id FROM bids WHERE player_id = $1', [a.id]);
    expect(mine.json.bid_data).toEqual([
      {
        bid_id: Number(own.rows[0]?.id),
        pana: 'Single Pana',
        game_name: 'TEST BAZAR',
        session: 'Open',
        digits: '123',
        closedigits: '',
        bid_date: BID_DATE,
        points: '10',
      },
    ]);
    // The history's bid id is what "Ask about this" sends: the owner may ask about it, another player may not.
    const about = { ref_type: 'bid', ref_id: mine.json.bid_data[0]?.bid_id, text: 'Where is my result?' };
    expect((await t.post('/api-support-send', about, { token: a.token })).statusCode).toBe(200);
    expect((await t.post('/api-support-send', about, { token: b.token })).statusCode).toBe(404);
    const defaults = await t.post<{ bid_data: unknown[] }>('/api-bid-history-data', {}, { token: a.token });
    expect(defaults.json.bid_data).toHaveLength(1);
    const earlier = await t.post<{ bid_data: unknown[] }>(
      '/api-bid-history-data',
      { bid_from: '11/1/2026', bid_to: '11/19/2026' },
      { token: a.token },
    );
    expect(earlier.json.bid_data).toEqual([]);
    const wins = await t.post<{ win_data: unknown[] }>(
      '/api-wining-history-data',
      { date_from: '11/20/2026', date_to: '11/20/2026' },
      { token: a.token },
    );
    expect(wins.json.win_data).toEqual([]);
    const bad = await t.post(
      '/api-bid-history-data',
      { bid_from: '2026-11-20', bid_to: '11/20/2026' },
      { token: a.token },
    );
    expect(bad.json.msg).toBe(bidHistoryMessages.badRange);
    const reversed = await t.post(
      '/api-bid-history-data',
      { bid_from: '11/21/2026', bid_to: '11/20/2026' },
      { token: a.token },
    );
    expect(reversed.json.msg).toBe(bidHistoryMessages.badRange);
  });

  it('lets the operator see the bid journal in the passbook', async () => {
    const p = await funded();
    await submit(p, 'Single Digit', [{ digits: '9', points: 10, session: 'open' }]);
    const history = await t.post<{
      transaction_history: Array<{ kind: string; transaction_type: string; amount: string }>;
    }>('/api-wallet-transaction-history', {}, { token: p.token });
    expect(history.json.transaction_history[0]).toMatchObject({
      kind: 'bid',
      transaction_type: '2',
      amount: '10',
    });
  });
});

describe('the public market list', () => {
  it('answers 304 to a poller holding the current tag, and a fresh body once something changes', async () => {
    const first = await t.post<{ result: Array<{ game_id: number }> }>('/api-main-game');
    expect(first.statusCode).toBe(200);
    expect(first.json.result.some((r) => r.game_id === market)).toBe(true);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    // The poller's request, holding the tag: sent now, then again once the clock has moved.
    const poll = () =>
      t.app.inject({
        method: 'POST',
        url: '/api-main-game',
        payload: { app_key: 'test-app-key-123' },
        headers: { 'content-type': 'application/json', 'if-none-match': etag },
      });
    const same = await poll();
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    t.clock.set(IST('15:00'));
    const later = await poll();
    expect(later.statusCode).toBe(200);
    expect(later.headers.etag).not.toBe(etag);
    t.clock.set(IST('12:00'));
  });
});
