/**
 * Reports and the dashboard on three days of real activity, all of it through the HTTP routes (deposits and their
 * approval, bids on the three groups, results with winners, a revert and a new declaration, a transfer,
 * withdrawals approved, rejected and pending, operator adjustments, bids at 23:59 and 00:00), so the ledger is the
 * one production writes. Every total is checked against SQL over journals and entries written here, not against
 * the report's own queries, and the ledger against ledger:verify.
 */
import type { z } from 'zod';
import { endpoints } from '@gama/core/endpoints';
import { reportMessages } from '@gama/core/endpoints/reports/schemas';
import type { dashboardAnswer } from '@gama/core/endpoints/reports/schemas';
import { formatBidDate } from '@gama/core/rules/dates';
import { formatPaise } from '@gama/core/rules/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { unsettledOpenResult } from '../../../test/desk.ts';
import { admin, expectLedgerClean, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { nextMobile } from '../../seed/players.ts';
import { sha256 } from '../auth/tokens.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { resumeSettlements } from '../results/service.ts';
import { settle } from '../results/settle.ts';

const D1 = '2026-11-18';
const D2 = '2026-11-19';
const D3 = '2026-11-20';
const IST = (day: string, hhmm: string, ss = '00') => `${day}T${hhmm}:${ss}+05:30`;
/** Day boundaries in UTC for the independent SQL: a market day starts at 18:30 UTC the day before. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+05:30`);
const dayEnd = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

type Player = Awaited<ReturnType<TestApp['player']>>;
type Dashboard = z.output<typeof dashboardAnswer>;

let t: TestApp;
let owner: string;
let tokens: Record<'cashier' | 'results' | 'support' | 'viewer', string>;
let A: Player;
let B: Player;
let C: Player;
let m: { day: number; night: number; star: number; gali: number };
let midnightDashboard: Dashboard;
let quietDashboard: Dashboard;

interface Row {
  digits: string;
  closedigits?: string;
  points: number;
  session?: string;
}

async function at(day: string, hhmm: string, ss = '00'): Promise<void> {
  const newDay = today() !== day;
  t.clock.set(IST(day, hhmm, ss));
  // Player sessions lapse after a day idle: the players sign in again each new day.
  if (!newDay) return;
  for (const p of [A, B, C]) {
    const res = await t.post<ApiBody & { unique_token: string }>('/api-user-login', {
      mobile: p.mobile,
      password: p.password,
    });
    p.token = res.json.unique_token;
  }
}

function today(): string {
  return new Date(t.clock.now().getTime() + 19_800_000).toISOString().slice(0, 10);
}

async function place(
  p: Player,
  group: 'main' | 'starline' | 'gali',
  market: number,
  pana: string,
  rows: Row[],
) {
  const path = {
    main: '/api-submit-bid',
    starline: '/api-starline-submit-bid',
    gali: '/api-galidisawar-submit-bid',
  }[group];
  const res = await t.post(
    path,
    { game_id: market, new_result: { pana, bid_date: formatBidDate(today()), result: rows } },
    { token: p.token },
  );
  if (res.statusCode !== 200) throw new Error(`${pana}: ${res.raw}`);
}

async function ok<T = ApiBody>(res: Promise<{ statusCode: number; json: T }>): Promise<T> {
  const answer = await res;
  if (answer.statusCode !== 200) throw new Error(JSON.stringify(answer.json));
  return answer.json;
}

const declare = (market_id: number, date: string, value: string, half?: 'open' | 'close') =>
  ok(
    admin(t, owner, 'POST', '/admin-api/results/declare', {
      market_id,
      date,
      value,
      ...(half ? { half } : {}),
    }),
  );

async function depositRequest(p: Player, points: number): Promise<number> {
  const res = await t.post<ApiBody & { request_id: number }>(
    '/api-fund-request-add',
    { request_amount: String(points) },
    { token: p.token },
  );
  return res.json.request_id;
}

async function withdraw(p: Player, points: number, method: '2' | '3' | '4'): Promise<number> {
  const upiType = ({ '2': '2', '3': '1', '4': '3' } as const)[method];
  const field = ({ '1': 'paytm_no', '2': 'google_pay_no', '3': 'phon_pay_no' } as const)[upiType];
  const number = nextMobile();
  await t.post('/api-send-withdraw-otp', { upi_type: upiType, number }, { token: p.token });
  await ok(
    t.post(
      '/api-add-user-upi-details',
      { upi_type: upiType, [field]: number, otp: await t.lastCode(p.mobile) },
      { token: p.token },
    ),
  );
  const res = await t.post<ApiBody & { request_number: number }>(
    '/api-user-withdraw-fund-request',
    { request_amount: String(points), payment_method: method },
    { token: p.token },
  );
  if (!res.json.status) throw new Error(res.raw);
  return res.json.request_number;
}

interface Got<T> {
  statusCode: number;
  json: T;
  body: string;
  headers: Record<string, unknown>;
}

async function get<T = Record<string, unknown>>(
  path: string,
  query: Record<string, string | number> = {},
  token = owner,
): Promise<Got<T>> {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  // As test/money.ts does: the operator kept the console open while the clock moved by hours.
  await t.db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE token_hash = $1', [
    sha256(token),
    t.clock.now(),
  ]);
  const res = await t.app.inject({
    method: 'GET',
    url: search ? `${path}?${search}` : path,
    headers: { authorization: `Bearer ${token}` },
  });
  const isJson = String(res.headers['content-type']).startsWith('application/json');
  return {
    statusCode: res.statusCode,
    json: (isJson ? res.json() : null) as T,
    body: res.body,
    headers: res.headers,
  };
}

interface Report<R, T> {
  status: true;
  rows: R[];
  totals: T;
  total_rows: number;
  page: number;
  page_size: number;
  from: string;
  to: string;
  time_zone: string;
}

async function report<R = Record<string, string | number | null>, T = Record<string, unknown>>(
  path: string,
  query: Record<string, string | number>,
): Promise<Report<R, T>> {
  const res = await get<Report<R, T>>(path, { page_size: 1000, ...query });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.body}`);
  return res.json;
}

/** A deposit or withdrawal report, whose totals nest a count and an amount per status. */
const requestReport = (path: string, query: Record<string, string | number>) =>
  report<Record<string, unknown>, Record<string, unknown>>(path, query);

/** An amount as the answers carry it: integer paise, never text or a fraction (decision 046). */
function paise(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount))
    throw new Error(`not paise: ${String(amount)}`);
  return amount;
}

async function one(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ v: number | null }>(sql, params);
  return Number(rows[0]?.v ?? 0);
}

/** The house account's entries of one journal kind, for journals `filter` (over `j`) keeps. */
const houseOf = (kind: string, filter = 'true', params: unknown[] = []) =>
  one(
    `SELECT coalesce(sum(e.amount), 0)::bigint AS v FROM entries e
       JOIN accounts a ON a.id = e.account_id AND a.kind = 'house'
       JOIN journals j ON j.id = e.journal_id AND j.kind = '${kind}' WHERE ${filter}`,
    params,
  );

/** Minimal CSV reader (quoted cells, doubled quotes, CRLF), enough to read back what the server wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ now: IST(D1, '09:00') });
  owner = await operatorToken(t, 'owner');
  tokens = {
    cashier: await operatorToken(t, 'cashier'),
    results: await operatorToken(t, 'results'),
    support: await operatorToken(t, 'support'),
    viewer: await operatorToken(t, 'viewer'),
  };
  // Only this file's markets take part: the demo ones would fill the dashboard's list of next draws.
  await t.db.query('UPDATE markets SET active = false');
  // Sort orders that put Starline and Gali before the main markets: reports still list main markets first.
  const now = t.clock.now();
  m = {
    day: await seedMarket(t.db, { name: 'REP DAY', open: '11:00 AM', close: '01:00 PM', sort: 10, now }),
    night: await seedMarket(t.db, { name: 'REP NIGHT', open: '11:00 PM', close: '01:00 AM', sort: 11, now }),
    star: await seedMarket(t.db, { group: 'starline', name: 'REP STAR', open: '03:00 PM', sort: 1, now }),
    gali: await seedMarket(t.db, { group: 'gali', name: 'REP GALI', open: '05:00 PM', sort: 2, now }),
  };
  t.app.deps.markets.invalidate();
  // Before anything happens: a day without a bid.
  quietDashboard = (await get<Dashboard>(endpoints.dashboard.path)).json;

  // Day 1.
  A = await t.player({ userName: 'Asha' });
  B = await t.player({ userName: 'Bala' });
  // A name a spreadsheet would run as a formula: the CSV must defuse it.
  C = await t.player({ userName: '=HYPERLINK("http://x")' });
  await fund(t, A, owner, 5000);
  await fund(t, B, owner, 3000);
  await fund(t, C, owner, 2000);
  await depositRequest(A, 700);
  const rejected = await depositRequest(B, 400);
  await ok(
    admin(t, tokens.cashier, 'POST', `/admin-api/deposits/${rejected}/reject`, { reason: 'not received' }),
  );

  await at(D1, '10:00');
  await place(A, 'main', m.day, 'Single Digit', [{ digits: '6', points: 100, session: 'open' }]);
  await place(A, 'main', m.day, 'Single Pana', [{ digits: '123', points: 50, session: 'open' }]);
  await place(A, 'main', m.day, 'Jodi Digit', [{ digits: '65', points: 20 }]);
  await place(B, 'main', m.day, 'Single Digit', [{ digits: '5', points: 100, session: 'close' }]);
  await place(A, 'starline', m.star, 'Single Digit', [{ digits: '6', points: 30 }]);
  await place(B, 'gali', m.gali, 'Left Digit', [{ digits: '4', points: 40 }]);
  await place(C, 'gali', m.gali, 'Jodi Digit', [{ digits: '47', points: 10 }]);

  await at(D1, '11:30');
  await declare(m.day, D1, '123', 'open');
  await at(D1, '12:00');
  await ok(
    t.post('/api-user-transfer-wallet-balance', { mobile_no: B.mobile, amount: '500' }, { token: A.token }),
  );
  await at(D1, '13:30');
  await declare(m.day, D1, '456', 'close');
  await at(D1, '14:00');
  const paid = await withdraw(B, 600, '4');
  await ok(
    admin(t, tokens.cashier, 'POST', `/admin-api/withdrawals/${paid}/approve`, {
      payment_reference: 'UPI-REPORT-1',
    }),
  );
  const refused = await withdraw(A, 500, '2');
  await ok(
    admin(t, tokens.cashier, 'POST', `/admin-api/withdrawals/${refused}/reject`, {
      reason: 'number mismatch',
    }),
  );
  await withdraw(C, 500, '3');
  await at(D1, '15:30');
  await declare(m.star, D1, '349');
  await at(D1, '17:30');
  await declare(m.gali, D1, '47');
  await at(D1, '17:40');
  // A corrected result: C's jodi win is taken back, B's left digit is paid again under the new declaration.
  await ok(
    admin(t, owner, 'POST', '/admin-api/results/revert', {
      market_id: m.gali,
      date: D1,
      reason: 'Wrong jodi entered',
    }),
  );
  await declare(m.gali, D1, '48');
  await at(D1, '18:00');
  await ok(
    admin(t, owner, 'POST', `/admin-api/players/${A.id}/adjust`, { points: 250, reason: 'Festival bonus' }),
  );
  await ok(
    admin(t, owner, 'POST', `/admin-api/players/${C.id}/adjust`, {
      points: -100,
      reason: 'Duplicate deposit',
    }),
  );
  await at(D1, '22:00');
  await place(A, 'main', m.night, 'Single Digit', [{ digits: '3', points: 10, session: 'open' }]);
  await at(D1, '23:30');
  await declare(m.night, D1, '111', 'open');
  await at(D1, '23:59');
  await place(A, 'main', m.night, 'Single Digit', [{ digits: '1', points: 10, session: 'close' }]);

  // Day 2, on the stroke of midnight: a new day for the day market, still day 1 for the overnight one.
  await at(D2, '00:00');
  await place(B, 'main', m.day, 'Single Digit', [{ digits: '2', points: 10, session: 'open' }]);
  await place(A, 'main', m.night, 'Single Digit', [{ digits: '1', points: 20, session: 'close' }]);
  await at(D2, '00:01');
  midnightDashboard = (await get<Dashboard>(endpoints.dashboard.path)).json;
  await at(D2, '01:30');
  await declare(m.night, D1, '777', 'close');
  await at(D2, '10:00');
  await place(C, 'main', m.day, 'Double Pana', [{ digits: '112', points: 10, session: 'open' }]);
  await at(D2, '11:30');
  await declare(m.day, D2, '112', 'open');

  // Day 3: a deposit approved today, bids on draws still to come.
  await at(D3, '09:00');
  await fund(t, A, tokens.cashier, 1000);
  await at(D3, '10:00');
  await place(A, 'main', m.day, 'Single Digit', [
    { digits: '7', points: 50, session: 'open' },
    { digits: '8', points: 20, session: 'open' },
  ]);
  await place(B, 'main', m.day, 'Jodi Digit', [{ digits: '78', points: 10 }]);
  await place(A, 'starline', m.star, 'Single Digit', [{ digits: '1', points: 10 }]);
  await at(D3, '12:00');
});

afterAll(async () => {
  await expectLedgerClean(t);
  await t.close();
});

const ALL = { from: D1, to: D3 };

describe('profit and loss', () => {
  it('equals the ledger: stakes are the bid journals, payouts the win journals less reversals, per day and market', async () => {
    const pl = await report<Record<string, string | number>>(endpoints.profitLossReport.path, ALL);
    expect(paise(pl.totals.stakes_paise)).toBe(await houseOf('bid'));
    const payouts = 0 - (await houseOf('win')) - (await houseOf('win_reversal'));
    expect(paise(pl.totals.payouts_paise)).toBe(payouts);
    const house = await one(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS v FROM entries e JOIN accounts a ON a.id = e.account_id AND a.kind = 'house'`,
    );
    expect(paise(pl.totals.house_result_paise)).toBe(house);
    expect(paise(pl.totals.pending_stakes_paise)).toBe(
      await one(`SELECT coalesce(sum(amount), 0)::bigint AS v FROM bid_outcomes WHERE status = 'pending'`),
    );
    expect(pl.totals.winning_bids).toBe(
      await one(`SELECT count(*) AS v FROM bid_outcomes WHERE status = 'won'`),
    );
    for (const row of pl.rows) {
      const key = [row.market_id, row.date];
      expect(paise(row.stakes_paise), JSON.stringify(row)).toBe(
        await houseOf(
          'bid',
          'j.id IN (SELECT journal_id FROM bids WHERE market_id = $1 AND market_date = $2::date)',
          key,
        ),
      );
      const won =
        0 -
        (await houseOf(
          'win',
          `j.ref_type = 'result' AND j.ref_id IN (SELECT id FROM results WHERE market_id = $1 AND market_date = $2::date)`,
          key,
        ));
      const back = await houseOf(
        'win_reversal',
        `j.ref_type = 'bid' AND j.ref_id IN (SELECT id FROM bids WHERE market_id = $1 AND market_date = $2::date)`,
        key,
      );
      expect(paise(row.payouts_paise), JSON.stringify(row)).toBe(won - back);
      expect(paise(row.house_result_paise)).toBe(paise(row.stakes_paise) - paise(row.payouts_paise));
    }
    // Spot values worked by hand (game-rules 3.2 rates): the day market on day 1 took 270 points and paid
    // 950 + 7,000 + 1,900 + 950.
    expect(pl.rows.find((r) => r.market_id === m.day && r.date === D1)).toMatchObject({
      bids: 4,
      stakes_paise: 27_000,
      pending_stakes_paise: 0,
      winning_bids: 4,
      payouts_paise: 1_080_000,
      house_result_paise: -1_053_000,
    });
    // The corrected Gali result: C's 950 taken back, B's 380 paid once.
    expect(pl.rows.find((r) => r.market_id === m.gali)).toMatchObject({
      payouts_paise: 38_000,
      winning_bids: 1,
    });
  });
});

describe('sell report', () => {
  it('counts bids and stakes per market day, market, bet type and session, with the midnight edges on their days', async () => {
    const sell = await report(endpoints.sellReport.path, ALL);
    expect(sell.totals).toEqual({
      bids: await one('SELECT count(*) AS v FROM bids'),
      stakes_paise: await houseOf('bid'),
    });
    expect(sell.total_rows).toBe(sell.rows.length);
    // 23:59 on day 1 and 00:00 on day 2 both bet on the overnight market's day-1 close.
    expect(
      sell.rows
        .filter((r) => r.market_id === m.night && r.session === 'close')
        .map((r) => [r.date, r.bids, r.stakes_paise]),
    ).toEqual([[D1, 2, 3000]]);
    // 00:00 on day 2 on the day market is day 2's.
    expect(
      sell.rows
        .filter((r) => r.market_id === m.day && r.bet_type === 'single_digit')
        .map((r) => [r.date, r.session, r.bids, r.stakes_paise]),
    ).toEqual([
      [D1, 'close', 1, 10_000],
      [D1, 'open', 1, 10_000],
      [D2, 'open', 1, 1000],
      [D3, 'open', 2, 7000],
    ]);
    // Each day's rows list main markets, then Starline, then Gali, as the player app does.
    const order = ['main', 'starline', 'gali'];
    const groupsOfD1 = sell.rows.filter((r) => r.date === D1).map((r) => order.indexOf(String(r.group)));
    expect(groupsOfD1).toEqual([...groupsOfD1].sort((a, b) => a - b));
    expect(new Set(groupsOfD1)).toEqual(new Set([0, 1, 2]));
    expect(sell.rows.find((r) => r.bet_type === 'single_digit')).toMatchObject({
      market_name: 'REP DAY',
      group: 'main',
      bet_label: 'Single Digit',
    });
  });

  it('applies each filter, and sorts on request', async () => {
    const gali = await report(endpoints.sellReport.path, { ...ALL, group: 'gali' });
    expect(new Set(gali.rows.map((r) => r.group))).toEqual(new Set(['gali']));
    expect(gali.totals).toEqual({ bids: 2, stakes_paise: 5000 });
    const day = await report(endpoints.sellReport.path, { ...ALL, market_id: m.day });
    expect(new Set(day.rows.map((r) => r.market_id))).toEqual(new Set([m.day]));
    const closeDigits = await report(endpoints.sellReport.path, {
      ...ALL,
      bet_type: 'single_digit',
      session: 'close',
    });
    expect(closeDigits.totals).toEqual({ bids: 3, stakes_paise: 13_000 });
    const d2 = await report(endpoints.sellReport.path, { from: D2, to: D2 });
    expect(d2.totals).toEqual({ bids: 2, stakes_paise: 2000 });
    const sorted = await report(endpoints.sellReport.path, { ...ALL, sort: 'stakes' });
    const stakes = sorted.rows.map((r) => paise(r.stakes_paise));
    expect(stakes).toEqual([...stakes].sort((a, b) => b - a));
    const ascending = await report(endpoints.sellReport.path, { ...ALL, sort: 'stakes', dir: 'asc' });
    expect(ascending.rows.map((r) => paise(r.stakes_paise))).toEqual([...stakes].reverse());
  });

  it('pages rows but keeps the totals of all of them', async () => {
    const all = await report(endpoints.sellReport.path, ALL);
    const page = await get<Report<Record<string, unknown>, unknown>>(endpoints.sellReport.path, {
      ...ALL,
      page: 2,
      page_size: 3,
    });
    expect(page.json.rows).toEqual(all.rows.slice(3, 6));
    expect(page.json).toMatchObject({
      totals: all.totals,
      total_rows: all.total_rows,
      page: 2,
      page_size: 3,
    });
    const past = await get<Report<Record<string, unknown>, unknown>>(endpoints.sellReport.path, {
      ...ALL,
      page: 99,
      page_size: 3,
    });
    expect(past.json).toMatchObject({ rows: [], totals: all.totals, total_rows: all.total_rows });
  });
});

describe('winning report', () => {
  it('lists every winning bid of live results, with totals equal to the win journals less reversals', async () => {
    const won = await report(endpoints.winningReport.path, ALL);
    expect(won.total_rows).toBe(await one(`SELECT count(*) AS v FROM bid_outcomes WHERE status = 'won'`));
    expect(won.rows).toHaveLength(won.total_rows);
    expect(paise(won.totals.payout_paise)).toBe(0 - (await houseOf('win')) - (await houseOf('win_reversal')));
    expect(won.totals.winners).toBe(new Set(won.rows.map((r) => r.player_id)).size);
    expect(paise(won.totals.payout_paise)).toBe(won.rows.reduce((sum, r) => sum + paise(r.payout_paise), 0));
    // C's jodi under the reverted Gali result is gone; B's left digit appears once, under the new result.
    const gali = won.rows.filter((r) => r.market_id === m.gali);
    expect(gali).toEqual([
      expect.objectContaining({
        player_id: B.id,
        bet_type: 'gali_left_digit',
        result: '48',
        payout_paise: 38_000,
        points_paise: 4000,
      }),
    ]);
    expect(won.rows.find((r) => r.bet_type === 'single_pana')).toMatchObject({
      player_id: A.id,
      user_name: 'Asha',
      mobile: A.mobile,
      digits: '123',
      result: '123',
      payout_paise: 700_000,
      placed_at: `${D1}T10:00:00+05:30`,
    });
    const onlyB = await report(endpoints.winningReport.path, { ...ALL, player_id: B.id });
    expect(new Set(onlyB.rows.map((r) => r.player_id))).toEqual(new Set([B.id]));
    expect(onlyB.totals).toMatchObject({ winning_bids: 2, winners: 1, payout_paise: 133_000 });
    const byPayout = await report(endpoints.winningReport.path, { ...ALL, sort: 'payout' });
    expect(byPayout.rows[0]).toMatchObject({ payout_paise: 700_000 });
    const byStake = await report(endpoints.winningReport.path, { ...ALL, sort: 'points' });
    const stakes = byStake.rows.map((r) => paise(r.points_paise));
    expect(stakes).toEqual([...stakes].sort((a, b) => b - a));
    expect(byStake.totals).toEqual(won.totals);
    const digits = await report(endpoints.winningReport.path, {
      ...ALL,
      bet_type: 'single_digit',
      session: 'open',
    });
    expect(digits.rows.map((r) => [r.bet_type, r.session, r.digits])).toEqual([
      ['single_digit', 'open', '6'],
      ['single_digit', 'open', '3'],
    ]);
    expect(digits.totals).toEqual({ winning_bids: 2, winners: 1, payout_paise: 104_500 });
  });
});

describe('customer sell report', () => {
  it("gives each player's bids, stakes, wins and net, adding up to the sell and winning totals", async () => {
    const customers = await report(endpoints.customerSellReport.path, ALL);
    const sell = await report(endpoints.sellReport.path, ALL);
    const won = await report(endpoints.winningReport.path, ALL);
    expect(customers.totals).toMatchObject({
      players: 3,
      bids: sell.totals.bids,
      stakes_paise: sell.totals.stakes_paise,
      winning_bids: won.totals.winning_bids,
      payouts_paise: won.totals.payout_paise,
    });
    for (const row of customers.rows) {
      const stakes =
        0 -
        (await one(
          `SELECT coalesce(sum(e.amount), 0)::bigint AS v FROM entries e
           JOIN accounts a ON a.id = e.account_id AND a.kind = 'wallet' AND a.player_id = $1
           JOIN journals j ON j.id = e.journal_id AND j.kind = 'bid'`,
          [row.player_id],
        ));
      const wins = await one(
        `SELECT coalesce(sum(e.amount), 0)::bigint AS v FROM entries e
           JOIN accounts a ON a.id = e.account_id AND a.kind = 'wallet' AND a.player_id = $1
           JOIN journals j ON j.id = e.journal_id AND j.kind = 'win'`,
        [row.player_id],
      );
      const back = await houseOf(
        'win_reversal',
        `j.ref_type = 'bid' AND j.ref_id IN (SELECT id FROM bids WHERE player_id = $1)`,
        [row.player_id],
      );
      expect(paise(row.stakes_paise), String(row.user_name)).toBe(stakes);
      expect(paise(row.payouts_paise), String(row.user_name)).toBe(wins - back);
      expect(paise(row.player_net_paise)).toBe(wins - back - stakes);
    }
    // Sorted by stakes, largest first: A bet the most.
    expect(customers.rows[0]).toMatchObject({
      player_id: A.id,
      user_name: 'Asha',
      bids: 10,
      stakes_paise: 32_000,
    });
    const onlyC = await report(endpoints.customerSellReport.path, { ...ALL, player_id: C.id });
    expect(onlyC.rows).toEqual([
      expect.objectContaining({
        player_id: C.id,
        bids: 2,
        stakes_paise: 2000,
        winning_bids: 1,
        payouts_paise: 280_000,
        player_net_paise: 278_000,
      }),
    ]);
  });
});

describe('wallet report', () => {
  async function balances(): Promise<Map<number, number>> {
    const { rows } = await t.db.query<{ player_id: number; balance: number }>(
      `SELECT player_id, balance FROM accounts WHERE kind = 'wallet' AND player_id IS NOT NULL`,
    );
    return new Map(rows.map((r) => [r.player_id, r.balance]));
  }
  const movementKeys = [
    'deposits',
    'withdrawals',
    'stakes',
    'winnings',
    'transfers',
    'adjustments',
    'debt_repayments',
  ] as const;

  it('reconciles to the paisa: opening + in - out = closing, and closing is the account balance', async () => {
    const wallet = await report(endpoints.walletReport.path, ALL);
    const now = await balances();
    expect(wallet.rows.map((r) => r.player_id).sort()).toEqual([A.id, B.id, C.id].sort());
    for (const row of wallet.rows) {
      const [opening, moneyIn, moneyOut, closing] = [
        row.opening_paise,
        row.money_in_paise,
        row.money_out_paise,
        row.closing_paise,
      ].map(paise) as [number, number, number, number];
      expect(opening).toBe(0);
      expect(opening + moneyIn - moneyOut).toBe(closing);
      expect(closing).toBe(now.get(Number(row.player_id)));
      expect(movementKeys.reduce((sum, k) => sum + paise(row[`${k}_paise`]), 0)).toBe(closing - opening);
    }
    const total = [A, B, C].reduce((sum, p) => sum + (now.get(p.id) ?? 0), 0);
    expect(paise(wallet.totals.closing_paise)).toBe(total);
    expect(wallet.totals.players).toBe(3);
    // A: deposits 5,000 + 1,000 (the 700 still pending is no movement); the transfer out; the bonus.
    expect(wallet.rows.find((r) => r.player_id === A.id)).toMatchObject({
      deposits_paise: 600_000,
      transfers_paise: -50_000,
      adjustments_paise: 25_000,
      withdrawals_paise: 0,
      stakes_paise: -32_000,
    });
    // B: the 600 paid out; C: the 500 still held.
    expect(wallet.rows.find((r) => r.player_id === B.id)).toMatchObject({
      withdrawals_paise: -60_000,
      transfers_paise: 50_000,
    });
    expect(wallet.rows.find((r) => r.player_id === C.id)).toMatchObject({
      withdrawals_paise: -50_000,
      adjustments_paise: -10_000,
    });
  });

  it('carries each day over to the next, and counts 23:59 and 00:00 on their own days', async () => {
    const d1 = await report(endpoints.walletReport.path, { from: D1, to: D1 });
    const d2 = await report(endpoints.walletReport.path, { from: D2, to: D2 });
    for (const row of d2.rows) {
      const before = d1.rows.find((r) => r.player_id === row.player_id);
      expect(row.opening_paise).toBe(before?.closing_paise);
      const moves = (sign: string) =>
        one(
          `SELECT coalesce(sum(abs(e.amount)), 0)::bigint AS v FROM entries e
             JOIN accounts a ON a.id = e.account_id AND a.kind = 'wallet' AND a.player_id = $1
             JOIN journals j ON j.id = e.journal_id
            WHERE j.created_at >= $2 AND j.created_at < $3 AND e.amount ${sign} 0`,
          [row.player_id, dayStart(D2), dayEnd(D2)],
        );
      expect(paise(row.money_in_paise)).toBe(await moves('>'));
      expect(paise(row.money_out_paise)).toBe(await moves('<'));
    }
    // A's 23:59 bid is day 1's money out, the 00:00 one day 2's (although both bet on day 1's draw).
    expect(d2.rows.find((r) => r.player_id === A.id)).toMatchObject({ stakes_paise: -2000 });
    expect(d1.rows.find((r) => r.player_id === A.id)).toMatchObject({ stakes_paise: -22_000 });
    const onlyA = await report(endpoints.walletReport.path, { ...ALL, player_id: A.id });
    expect(onlyA.rows).toHaveLength(1);
    expect(onlyA.totals.closing_paise).toBe(onlyA.rows[0]?.closing_paise);
  });

  it('day by day for all wallets together, opening where the day before closed', async () => {
    const daily = await report(endpoints.walletDailyReport.path, ALL);
    expect(daily.rows.map((r) => r.date)).toEqual([D1, D2, D3]);
    expect(daily.rows[0]?.opening_paise).toBe(0);
    for (let i = 1; i < daily.rows.length; i++)
      expect(daily.rows[i]?.opening_paise).toBe(daily.rows[i - 1]?.closing_paise);
    const all = await one(
      `SELECT coalesce(sum(balance), 0)::bigint AS v FROM accounts WHERE kind = 'wallet' AND player_id IS NOT NULL`,
    );
    expect(paise(daily.totals.closing_paise)).toBe(all);
    for (const row of daily.rows) {
      const day = String(row.date);
      const moves = (sign: string) =>
        one(
          `SELECT coalesce(sum(abs(e.amount)), 0)::bigint AS v FROM entries e
             JOIN accounts a ON a.id = e.account_id AND a.kind = 'wallet'
             JOIN journals j ON j.id = e.journal_id
            WHERE j.created_at >= $1 AND j.created_at < $2 AND e.amount ${sign} 0`,
          [dayStart(day), dayEnd(day)],
        );
      expect(paise(row.money_in_paise), day).toBe(await moves('>'));
      expect(paise(row.money_out_paise), day).toBe(await moves('<'));
    }
    const later = await report(endpoints.walletDailyReport.path, { from: D2, to: D3 });
    expect(later.rows[0]?.opening_paise).toBe(daily.rows[1]?.opening_paise);
    const desc = await report(endpoints.walletDailyReport.path, { ...ALL, dir: 'desc' });
    expect(desc.rows.map((r) => r.date)).toEqual([D3, D2, D1]);
  });
});

describe('transfer, deposit and withdrawal reports', () => {
  it('list each transfer and request, with totals equal to their journals', async () => {
    const transfers = await report(endpoints.transferReport.path, ALL);
    expect(transfers.rows).toEqual([
      {
        transfer_id: expect.any(Number),
        at: `${D1}T12:00:00+05:30`,
        from_player_id: A.id,
        from_name: 'Asha',
        from_mobile: A.mobile,
        to_player_id: B.id,
        to_name: 'Bala',
        to_mobile: B.mobile,
        amount_paise: 50_000,
      },
    ]);
    expect(paise(transfers.totals.amount_paise)).toBe(
      await one(
        `SELECT coalesce(sum(e.amount), 0)::bigint AS v FROM entries e JOIN journals j ON j.id = e.journal_id
          WHERE j.kind = 'transfer' AND e.amount > 0`,
      ),
    );
    expect((await report(endpoints.transferReport.path, { ...ALL, player_id: C.id })).rows).toEqual([]);
    expect((await report(endpoints.transferReport.path, { ...ALL, player_id: B.id })).totals).toEqual({
      transfers: 1,
      amount_paise: 50_000,
    });

    const deposits = await requestReport(endpoints.depositReport.path, ALL);
    const credited = await one(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS v FROM entries e
         JOIN accounts a ON a.id = e.account_id AND a.kind = 'wallet'
         JOIN journals j ON j.id = e.journal_id AND j.kind = 'deposit'`,
    );
    expect(paise((deposits.totals.approved as { amount_paise: number }).amount_paise)).toBe(credited);
    expect(deposits.totals).toEqual({
      requests: 6,
      amount_paise: 1_210_000,
      approved: { count: 4, amount_paise: 1_100_000 },
      pending: { count: 1, amount_paise: 70_000 },
      rejected: { count: 1, amount_paise: 40_000 },
    });
    expect(deposits.rows.find((r) => r.status === 'rejected')).toMatchObject({
      player_id: B.id,
      amount_paise: 40_000,
      method: 'upi',
      decided_by: 'op2_cashier',
      requested_at: `${D1}T09:00:00+05:30`,
      decided_at: `${D1}T09:00:00+05:30`,
    });
    expect(deposits.rows.find((r) => r.status === 'pending')).toMatchObject({
      decided_at: null,
      decided_by: null,
    });
    // By the day of the decision, day 3 holds the one approval made then.
    const decidedD3 = await requestReport(endpoints.depositReport.path, {
      from: D3,
      to: D3,
      date_field: 'decided',
    });
    expect(decidedD3.totals).toMatchObject({ requests: 1, approved: { count: 1, amount_paise: 100_000 } });
    const pending = await requestReport(endpoints.depositReport.path, { ...ALL, status: 'pending' });
    expect(pending.rows.map((r) => r.amount_paise)).toEqual([70_000]);

    const withdrawals = await requestReport(endpoints.withdrawalReport.path, ALL);
    const paidOut = await one(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS v FROM entries e
         JOIN accounts a ON a.id = e.account_id AND a.kind = 'withdrawals_paid'`,
    );
    expect(paise((withdrawals.totals.approved as { amount_paise: number }).amount_paise)).toBe(paidOut);
    expect(withdrawals.totals).toEqual({
      requests: 3,
      amount_paise: 160_000,
      approved: { count: 1, amount_paise: 60_000 },
      pending: { count: 1, amount_paise: 50_000 },
      rejected: { count: 1, amount_paise: 50_000 },
    });
    expect(
      withdrawals.rows.map((r) => [r.player_id, r.status, r.method, r.decided_by === null ? null : 'op']),
    ).toEqual([
      [B.id, 'approved', 'phonepe', 'op'],
      [A.id, 'rejected', 'google_pay', 'op'],
      [C.id, 'pending', 'paytm', null],
    ]);
    expect(withdrawals.rows[0]?.payout_number).toMatch(/^\d{10}$/);
  });
});

describe('CSV', () => {
  const reports = [
    endpoints.sellReport,
    endpoints.winningReport,
    endpoints.profitLossReport,
    endpoints.customerSellReport,
    endpoints.walletReport,
    endpoints.walletDailyReport,
    endpoints.transferReport,
    endpoints.depositReport,
    endpoints.withdrawalReport,
  ];

  it('format=csv gives every row of the JSON answer, column for column, amounts as points', async () => {
    for (const entry of reports) {
      const json = await report<Record<string, unknown>>(entry.path, ALL);
      const csv = await get(entry.path, { ...ALL, format: 'csv', page_size: 1 });
      expect(csv.statusCode, entry.path).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(String(csv.headers['content-disposition'])).toMatch(
        new RegExp(`^attachment; filename="gama-[a-z-]+-${D1}-to-${D3}\\.csv"$`),
      );
      expect(csv.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = parseCsv(csv.body.slice(1));
      const columns = Object.keys(json.rows[0] ?? {});
      // A spreadsheet gets points ("142.50") under the column's name, as the exports always had them.
      expect(header, entry.path).toEqual(columns.map((c) => c.replace(/_paise$/, '')));
      expect(lines, entry.path).toEqual(
        json.rows.map((row) =>
          columns.map((c) => {
            const value = row[c];
            if (value === null) return '';
            const text = c.endsWith('_paise') ? formatPaise(paise(value)) : String(value);
            return /^[=+@]/.test(text) ? `'${text}` : text;
          }),
        ),
      );
    }
  });

  it('defuses a name a spreadsheet would run, and records who exported what', async () => {
    const csv = await get(endpoints.customerSellReport.path, { ...ALL, format: 'csv' });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    const { rows } = await t.db.query<{ target_id: string; detail: { rows: number; from: string } }>(
      `SELECT target_id, detail FROM audit_log WHERE action = 'report_export' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ target_id: 'customer-sell', detail: { rows: 3, from: D1 } });
  });
});

describe('who may read', () => {
  it('reports need reports.read, the money reports reports.money.read (a cashier too); the dashboard dashboard.read', async () => {
    for (const role of ['cashier', 'results', 'support'] as const) {
      const res = await get<ApiBody>(endpoints.sellReport.path, ALL, tokens[role]);
      expect(res.statusCode, role).toBe(403);
      expect(res.json).toMatchObject({
        code: 'FORBIDDEN',
        msg: 'You do not have permission to read reports',
      });
      // The money a cashier handles is theirs to report on: deposits, withdrawals and the wallets.
      for (const money of [
        endpoints.walletReport,
        endpoints.walletDailyReport,
        endpoints.depositReport,
        endpoints.withdrawalReport,
      ]) {
        const csv = await get<ApiBody>(money.path, { ...ALL, format: 'csv' }, tokens[role]);
        expect(csv.statusCode, `${role} ${money.path}`).toBe(role === 'cashier' ? 200 : 403);
      }
      expect((await get(endpoints.transferReport.path, ALL, tokens[role])).statusCode, role).toBe(403);
      expect((await get(endpoints.dashboard.path, {}, tokens[role])).statusCode, role).toBe(200);
    }
    expect((await get(endpoints.sellReport.path, ALL, tokens.viewer)).statusCode).toBe(200);
    expect((await get(endpoints.dashboard.path, {}, tokens.viewer)).statusCode).toBe(200);
    const nobody = await t.app.inject({
      method: 'GET',
      url: `${endpoints.sellReport.path}?from=${D1}&to=${D3}`,
    });
    expect(nobody.statusCode).toBe(401);
    expect((await get(endpoints.dashboard.path, {}, A.token)).statusCode).toBe(403);
  });
});

describe('date ranges', () => {
  it('refuses a reversed range, more than 366 days, and dates that are not days', async () => {
    const ask = (query: Record<string, string | number>) => get<ApiBody>(endpoints.sellReport.path, query);
    expect((await ask({ from: D3, to: D1 })).json).toMatchObject({
      code: 'VALIDATION',
      msg: reportMessages.fromAfterTo,
    });
    expect((await ask({ from: '2025-11-19', to: D3 })).json).toMatchObject({ msg: reportMessages.tooLong });
    expect((await ask({ from: '2025-11-20', to: D3 })).statusCode).toBe(200);
    expect((await ask({ from: '2026-02-30', to: D3 })).json).toMatchObject({ msg: reportMessages.badDate });
    expect((await ask({ from: '18-11-2026', to: D3 })).json).toMatchObject({ msg: reportMessages.badDate });
    expect((await ask({ to: D3 })).statusCode).toBe(400);
    expect((await ask({ ...ALL, page_size: 1001 })).statusCode).toBe(400);
    expect((await ask({ ...ALL, group: 'lottery' })).statusCode).toBe(400);
    const empty = await report(endpoints.sellReport.path, { from: '2026-10-01', to: '2026-10-31' });
    expect(empty).toMatchObject({ rows: [], totals: { bids: 0, stakes_paise: 0 }, total_rows: 0 });
  });

  it('the ledger the reports were read from is sound', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('dashboard', () => {
  it('on a day without bids answers zeros, not an error', () => {
    const zero = {
      bids: 0,
      stakes_paise: 0,
      pending_stakes_paise: 0,
      payouts_paise: 0,
      house_result_paise: 0,
      players: 0,
    };
    expect(quietDashboard).toMatchObject({ date: D1, totals: zero, markets: [] });
    expect(quietDashboard.groups).toEqual([
      { group: 'main', ...zero },
      { group: 'starline', ...zero },
      { group: 'gali', ...zero },
    ]);
    expect(quietDashboard.stakes_by_hour.every((h) => h.bids === 0 && h.stakes_paise === 0)).toBe(true);
    expect(quietDashboard.next_draws.map((d) => [d.market_name, d.half, d.bids, d.top_exposure])).toEqual([
      ['REP DAY', 'open', 0, []],
      ['REP DAY', 'close', 0, []],
      ['REP STAR', 'single', 0, []],
      ['REP GALI', 'single', 0, []],
      ['REP NIGHT', 'open', 0, []],
      ['REP NIGHT', 'close', 0, []],
    ]);
  });

  it('at 00:01 counts only the new market day, its first bid in hour 0', () => {
    expect(midnightDashboard).toMatchObject({
      date: D2,
      totals: { bids: 1, stakes_paise: 1000, players: 1 },
    });
    expect(midnightDashboard.stakes_by_hour[0]).toEqual({ hour: 0, bids: 1, stakes_paise: 1000 });
    expect(midnightDashboard.stakes_by_hour.slice(1).every((h) => h.bids === 0)).toBe(true);
    // The overnight market's day-1 close is still to be drawn at 01:00, with the two late bids.
    expect(midnightDashboard.next_draws[0]).toMatchObject({
      market_id: m.night,
      date: D1,
      half: 'close',
      status: 'open',
      draw_at: `${D2}T01:00:00+05:30`,
      bids: 2,
      pending_stakes_paise: 3000,
    });
  });

  it("shows today so far, per group and market, the queues, and the next draws' exposure", async () => {
    const dash = (await get<Dashboard>(endpoints.dashboard.path)).json;
    const stakesToday = await one(
      `SELECT coalesce(sum(amount), 0)::bigint AS v FROM bids WHERE market_date = $1`,
      [D3],
    );
    expect(dash).toMatchObject({
      date: D3,
      time_zone: 'Asia/Kolkata',
      server_time: '2026-11-20T06:30:00.000Z',
      totals: {
        bids: 4,
        stakes_paise: stakesToday,
        pending_stakes_paise: 9000,
        payouts_paise: 0,
        house_result_paise: 9000,
        players: 2,
      },
      deposits: {
        approved: { count: 1, amount_paise: 100_000 },
        pending: { count: 1, amount_paise: 70_000 },
      },
      withdrawals: { approved: { count: 0, amount_paise: 0 }, pending: { count: 1, amount_paise: 50_000 } },
    });
    expect(dash.groups).toEqual([
      {
        group: 'main',
        bids: 3,
        stakes_paise: 8000,
        pending_stakes_paise: 8000,
        payouts_paise: 0,
        house_result_paise: 8000,
        players: 2,
      },
      {
        group: 'starline',
        bids: 1,
        stakes_paise: 1000,
        pending_stakes_paise: 1000,
        payouts_paise: 0,
        house_result_paise: 1000,
        players: 1,
      },
      {
        group: 'gali',
        bids: 0,
        stakes_paise: 0,
        pending_stakes_paise: 0,
        payouts_paise: 0,
        house_result_paise: 0,
        players: 0,
      },
    ]);
    expect(dash.markets.map((r) => [r.market_name, r.bids, r.stakes_paise])).toEqual([
      ['REP DAY', 3, 8000],
      ['REP STAR', 1, 1000],
    ]);
    expect(dash.stakes_by_hour).toHaveLength(24);
    expect(dash.stakes_by_hour[10]).toEqual({ hour: 10, bids: 4, stakes_paise: 9000 });
    expect(dash.next_draws.map((d) => [d.market_name, d.half, d.status, d.draw_at.slice(11, 16)])).toEqual([
      ['REP DAY', 'open', 'awaiting_result', '11:00'],
      ['REP DAY', 'close', 'open', '13:00'],
      ['REP STAR', 'single', 'open', '15:00'],
      ['REP GALI', 'single', 'open', '17:00'],
      ['REP NIGHT', 'open', 'open', '23:00'],
      ['REP NIGHT', 'close', 'open', '01:00'],
    ]);
    expect(dash.next_draws[0]).toMatchObject({
      bids: 2,
      pending_stakes_paise: 7000,
      top_exposure: [
        {
          bet_type: 'single_digit',
          digits: '7',
          session: 'open',
          bids: 1,
          stakes_paise: 5000,
          payout_paise: 47_500,
        },
        {
          bet_type: 'single_digit',
          digits: '8',
          session: 'open',
          bids: 1,
          stakes_paise: 2000,
          payout_paise: 19_000,
        },
      ],
    });
    expect(dash.next_draws[1]?.top_exposure).toEqual([
      expect.objectContaining({
        bet_type: 'jodi_digit',
        bet_label: 'Jodi Digit',
        digits: '78',
        payout_paise: 95_000,
      }),
    ]);

    // Declared, the draw leaves the list and its payout shows in today's result.
    await declare(m.day, D3, '700', 'open');
    const after = (await get<Dashboard>(endpoints.dashboard.path)).json;
    expect(after.next_draws[0]).toMatchObject({ market_name: 'REP DAY', half: 'close' });
    expect(after.totals).toMatchObject({
      payouts_paise: 47_500,
      pending_stakes_paise: 2000,
      house_result_paise: -38_500,
    });
  });
});

describe('a draw in the middle of its settlement', () => {
  it('counts the bids past the cursor as pending and only the credits written so far as paid', async () => {
    await place(A, 'main', m.night, 'Single Digit', [
      { digits: '1', points: 10, session: 'open' },
      { digits: '2', points: 10, session: 'open' },
      { digits: '3', points: 10, session: 'open' },
    ]);
    await place(B, 'main', m.night, 'Single Digit', [{ digits: '1', points: 20, session: 'open' }]);
    // As a server stopped after the first chunk leaves it: a live revision whose cursor is past two bids only.
    const target = await unsettledOpenResult(t, {
      market: m.night,
      date: D3,
      value: '128',
      note: 'Win REP NIGHT',
    });
    await settle(t.db, target, t.clock.now(), 2, 1);
    const row = async () =>
      (await report(endpoints.profitLossReport.path, { from: D3, to: D3, market_id: m.night })).rows[0];
    const outcome = (status: string) =>
      one(
        `SELECT coalesce(sum(amount), 0)::bigint AS v FROM bid_outcomes WHERE market_id = $1 AND market_date = $2 AND status = $3`,
        [m.night, D3, status],
      );
    expect(paise((await row())?.pending_stakes_paise)).toBe(await outcome('pending'));
    expect(await row()).toMatchObject({
      bids: 4,
      stakes_paise: 5000,
      pending_stakes_paise: 3000,
      winning_bids: 1,
      payouts_paise: 9500,
    });
    const halfway = await report(endpoints.winningReport.path, { from: D3, to: D3, market_id: m.night });
    expect(halfway.rows.map((r) => [r.player_id, r.digits, r.payout_paise])).toEqual([[A.id, '1', 9500]]);

    await resumeSettlements(t.app.deps);
    expect(await row()).toMatchObject({ pending_stakes_paise: 0, winning_bids: 2, payouts_paise: 28_500 });
    expect(paise((await row())?.payouts_paise)).toBe(
      0 -
        (await houseOf(
          'win',
          `j.ref_type = 'result' AND j.ref_id IN (SELECT id FROM results WHERE market_id = $1 AND market_date = $2::date)`,
          [m.night, D3],
        )),
    );
  });
});
