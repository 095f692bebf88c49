import { evaluateBid } from '@gama/core/rules/settlement';
import type { ResultRevision } from '@gama/core/rules/settlement';
import type { BetTypeId } from '@gama/core/rules/bet-types';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { suiteApp } from '../../../test/helpers.ts';
import {
  admin,
  balanceOf,
  expectLedgerClean,
  fund,
  operatorToken,
  transferPoints,
} from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { marketById } from '../markets/repository.ts';
import type { BidRow } from '../../../test/desk.ts';
import {
  BID_DATE,
  DATE,
  declareHalf,
  IST,
  placeBids,
  postSingleDigit,
  unsettledOpenResult,
} from '../../../test/desk.ts';
import { chunkParams, chunkSql, dueCredits, payDueCredits, settle } from './settle.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { resultMessages } from '@gama/core/endpoints/results/index';
import { resumeSettlements } from './service.ts';

let op: string;
const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
  op = await operatorToken(t);
});
afterEach(() => {
  t.clock.set(IST('09:00'));
});

type Player = Awaited<ReturnType<TestApp['player']>>;
const place = (
  p: Player,
  group: 'main' | 'starline' | 'gali',
  market: number,
  pana: string,
  rows: BidRow[],
) => placeBids(t, p, group, market, pana, rows);

const declare = (body: Record<string, unknown>) =>
  admin<ApiBody>(t, op, 'POST', '/admin-api/results/declare', body);
const revert = (body: Record<string, unknown>) =>
  admin<ApiBody>(t, op, 'POST', '/admin-api/results/revert', { reason: 'wrong pana entered', ...body });

interface BidState {
  id: number;
  bet_type: BetTypeId;
  session: 'open' | 'close';
  digits: string;
  close_digits: string;
  points: number;
  rate_val_1: number;
  rate_val_2: number;
  status: string;
  payout: number | null;
}
async function bidsOf(market: number): Promise<BidState[]> {
  const { rows } = await t.db.query<BidState>(
    `SELECT id, bet_type, session, digits, close_digits, points, rate_val_1, rate_val_2, status, payout
       FROM bid_outcomes WHERE market_id = $1 ORDER BY id`,
    [market],
  );
  return rows;
}

function expectOracle(bids: BidState[], result: ResultRevision): void {
  for (const b of bids) {
    const expected = evaluateBid(
      {
        betType: b.bet_type,
        session: b.session,
        digits: b.digits,
        closeDigits: b.close_digits,
        points: b.points,
        rateVal1: b.rate_val_1,
        rateVal2: b.rate_val_2,
      },
      result,
    );
    const actual = b.status === 'won' ? { outcome: 'won', payoutPaise: b.payout } : { outcome: b.status };
    expect(actual, `${b.bet_type} ${b.session} ${b.digits}/${b.close_digits}`).toEqual(expected);
  }
}

/** A spread of bids on every main bet type and session, with winners and losers for 123-65-456. */
function mainSlate(): Array<[string, BidRow[]]> {
  return [
    [
      'Single Digit',
      [
        { digits: '6', points: 10, session: 'open' },
        { digits: '5', points: 15, session: 'open' },
        { digits: '5', points: 20, session: 'close' },
        { digits: '6', points: 10, session: 'close' },
      ],
    ],
    [
      'Jodi Digit',
      [
        { digits: '65', points: 10 },
        { digits: '56', points: 10 },
        { digits: '05', points: 11 },
      ],
    ],
    [
      'Single Pana',
      [
        { digits: '123', points: 10, session: 'open' },
        { digits: '123', points: 10, session: 'close' },
        { digits: '456', points: 13, session: 'close' },
      ],
    ],
    [
      'Double Pana',
      [
        { digits: '112', points: 10, session: 'open' },
        { digits: '550', points: 10, session: 'close' },
      ],
    ],
    [
      'Triple Pana',
      [
        { digits: '777', points: 10, session: 'close' },
        { digits: '000', points: 10, session: 'open' },
      ],
    ],
    [
      'Half Sangam',
      [
        { digits: '6', closedigits: '456', points: 10, session: 'Open' },
        { digits: '5', closedigits: '123', points: 10, session: 'Close' },
        { digits: '5', closedigits: '456', points: 10, session: 'Open' },
      ],
    ],
    [
      'Full Sangam',
      [
        { digits: '123', closedigits: '456', points: 10 },
        { digits: '456', closedigits: '123', points: 10 },
      ],
    ],
    [
      'SP Motor',
      [
        { digits: '12345', points: 10, session: 'open' },
        { digits: '4567', points: 10, session: 'close' },
      ],
    ],
    ['DP Motor', [{ digits: '123', points: 10, session: 'open' }]],
  ];
}

describe('main market settlement against the core oracle', () => {
  it('the open declaration settles open bids only; the close settles the rest, every row as the oracle says', async () => {
    const market = await seedMarket(t.db, { name: 'ORACLE', open: '10:00 AM', close: '12:00 PM' });
    const players = [await t.player(), await t.player()];
    for (const p of players) {
      await fund(t, p, op, 5000);
      for (const [pana, rows] of mainSlate()) await place(p, 'main', market, pana, rows);
    }
    t.clock.set(IST('10:00'));
    const early = await declare({ market_id: market, date: DATE, half: 'close', value: '456' });
    expect(early.json.msg).toBe(resultMessages.openFirst);
    const open = await declare({ market_id: market, date: DATE, half: 'open', value: '123' });
    expect(open.statusCode).toBe(200);
    expectOracle(await bidsOf(market), { group: 'main', openPana: '123', closePana: null });
    const list = await t.post<{
      result: Array<{ game_id: number; open_result: string; close_result: string }>;
    }>('/api-user-wallet-balance', {}, { token: players[0]?.token });
    expect(list.json.result.find((r) => r.game_id === market)).toMatchObject({
      open_result: '123-6',
      close_result: '',
    });
    t.clock.set(IST('12:00'));
    const close = await declare({ market_id: market, date: DATE, half: 'close', value: '456' });
    expect(close.statusCode).toBe(200);
    const bids = await bidsOf(market);
    expectOracle(bids, { group: 'main', openPana: '123', closePana: '456' });
    expect(bids.some((b) => b.status === 'won')).toBe(true);
    expect(bids.some((b) => b.status === 'lost')).toBe(true);
    const after = await t.post<{
      result: Array<{ game_id: number; open_result: string; close_result: string }>;
    }>('/api-user-wallet-balance', {}, { token: players[0]?.token });
    expect(after.json.result.find((r) => r.game_id === market)).toMatchObject({
      open_result: '123-6',
      close_result: '5-456',
    });
    // Worked example of game-rules 3.2: Jodi 65 x10 pays 950; Full Sangam 123/456 x10 pays 100000.
    expect(bids.find((b) => b.bet_type === 'jodi_digit' && b.digits === '65')?.payout).toBe(95_000);
    expect(bids.find((b) => b.bet_type === 'full_sangam' && b.digits === '123')?.payout).toBe(10_000_000);
    expect(bids.find((b) => b.bet_type === 'single_digit' && b.points === 15)).toMatchObject({
      status: 'lost',
    });
    const wins = await t.post<{ win_data: Array<{ amount: string; pana: string }> }>(
      '/api-wining-history-data',
      { date_from: '11/20/2026', date_to: '11/20/2026' },
      { token: players[0]?.token },
    );
    expect(wins.json.win_data.length).toBe(bids.filter((b) => b.status === 'won').length / 2);
    const passbook = await t.post<{ transaction_history: Array<{ kind: string }> }>(
      '/api-wallet-transaction-history',
      {},
      { token: players[0]?.token },
    );
    expect(passbook.json.transaction_history.some((h) => h.kind === 'win')).toBe(true);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('Starline and Gali settle on their single declaration, as the oracle says', async () => {
    const star = await seedMarket(t.db, { group: 'starline', name: 'ORACLE STAR', open: '11:00 AM' });
    const gali = await seedMarket(t.db, { group: 'gali', name: 'ORACLE GALI', open: '11:30 AM' });
    const p = await t.player();
    await fund(t, p, op, 2000);
    await place(p, 'starline', star, 'Single Digit', [
      { digits: '6', points: 10 },
      { digits: '1', points: 10 },
    ]);
    await place(p, 'starline', star, 'Single Pana', [
      { digits: '349', points: 10 },
      { digits: '123', points: 10 },
    ]);
    await place(p, 'starline', star, 'Double Pana', [{ digits: '338', points: 10 }]);
    await place(p, 'starline', star, 'Triple Pana', [{ digits: '444', points: 10 }]);
    await place(p, 'gali', gali, 'Left Digit', [
      { digits: '4', points: 10 },
      { digits: '7', points: 10 },
    ]);
    await place(p, 'gali', gali, 'Right Digit', [{ digits: '7', points: 10 }]);
    await place(p, 'gali', gali, 'Jodi Digit', [
      { digits: '47', points: 10 },
      { digits: '74', points: 10 },
    ]);
    t.clock.set(IST('11:30'));
    expect((await declare({ market_id: star, date: DATE, value: '349' })).statusCode).toBe(200);
    expect((await declare({ market_id: gali, date: DATE, value: '47' })).statusCode).toBe(200);
    expectOracle(await bidsOf(star), { group: 'starline', pana: '349' });
    expectOracle(await bidsOf(gali), { group: 'gali', result: '47' });
    const starList = await t.post<{ result: Array<{ game_id: number; open_result: string }> }>(
      '/api-starline-game',
    );
    expect(starList.json.result.find((r) => r.game_id === star)?.open_result).toBe('349-6');
    const galiList = await t.post<{ result: Array<{ game_id: number; open_result: string }> }>(
      '/api-galidisawar-game',
    );
    expect(galiList.json.result.find((r) => r.game_id === gali)?.open_result).toBe('47');
    t.clock.set(IST('09:00'));
  });
});

describe('exactly once (L6) and corrections (L7)', () => {
  async function scenario(name: string) {
    const market = await seedMarket(t.db, { name, open: '10:00 AM', close: '12:00 PM' });
    const players = [await t.player(), await t.player(), await t.player()];
    for (const p of players) {
      await fund(t, p, op, 3000);
      for (const [pana, rows] of mainSlate()) await place(p, 'main', market, pana, rows);
    }
    return { market, players };
  }
  async function state(market: number, players: Player[]) {
    const balances = await Promise.all(players.map((p) => balanceOf(t, p.id)));
    const bids = (await bidsOf(market)).map((b) => [b.status, b.payout]);
    const { rows } = await t.db.query<{ n: number; total: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(c.payout), 0)::bigint AS total FROM win_credits c JOIN bids b ON b.id = c.bid_id
        WHERE b.market_id = $1 AND c.reversal_journal_id IS NULL`,
      [market],
    );
    return { balances, bids, credits: rows[0] };
  }

  it('declaring once, twice, or ten times at once ends in the same state', async () => {
    const a = await scenario('ONCE');
    const b = await scenario('TEN TIMES');
    t.clock.set(IST('12:00'));
    await declare({ market_id: a.market, date: DATE, half: 'open', value: '123' });
    await declare({ market_id: a.market, date: DATE, half: 'close', value: '456' });
    const again = await declare({ market_id: a.market, date: DATE, half: 'close', value: '456' });
    expect(again.json).toMatchObject({ status: true, resumed: true, settled: 0, wins: 0 });
    const opens = await Promise.all(
      Array.from({ length: 10 }, () =>
        declare({ market_id: b.market, date: DATE, half: 'open', value: '123' }),
      ),
    );
    expect(opens.every((r) => r.statusCode === 200)).toBe(true);
    const closes = await Promise.all(
      Array.from({ length: 10 }, () =>
        declare({ market_id: b.market, date: DATE, half: 'close', value: '456' }),
      ),
    );
    expect(closes.every((r) => r.statusCode === 200)).toBe(true);
    const sa = await state(a.market, a.players);
    const sb = await state(b.market, b.players);
    expect(sb.bids).toEqual(sa.bids);
    expect(sb.credits).toEqual(sa.credits);
    expect(sb.balances.map((x, i) => x - (sa.balances[i] ?? 0))).toEqual([0, 0, 0]);
    const other = await declare({ market_id: a.market, date: DATE, half: 'close', value: '475' });
    expect(other.json.msg).toBe(resultMessages.badPana);
    const different = await declare({ market_id: a.market, date: DATE, half: 'close', value: '123' });
    expect(different.json.msg).toBe(resultMessages.alreadyDeclared);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('declare then revert restores every balance; declare, revert, declare equals declare', async () => {
    const s = await scenario('CORRECTED');
    const before = await state(s.market, s.players);
    const { rows: counts } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM entries');
    t.clock.set(IST('12:00'));
    await declare({ market_id: s.market, date: DATE, half: 'open', value: '123' });
    await declare({ market_id: s.market, date: DATE, half: 'close', value: '456' });
    const declared = await state(s.market, s.players);
    const undone = await revert({ market_id: s.market, date: DATE, half: 'open' });
    expect(undone.json.reverted).toHaveLength(2);
    const reverted = await state(s.market, s.players);
    expect(reverted.balances).toEqual(before.balances);
    expect(reverted.bids).toEqual(before.bids);
    const { rows: after } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM entries');
    expect(after[0]?.n).toBeGreaterThan(counts[0]?.n ?? 0);
    await declare({ market_id: s.market, date: DATE, half: 'open', value: '123' });
    await declare({ market_id: s.market, date: DATE, half: 'close', value: '456' });
    expect(await state(s.market, s.players)).toEqual(declared);
    const passbook = await t.post<{ transaction_history: Array<{ kind: string }> }>(
      '/api-wallet-transaction-history',
      {},
      { token: s.players[0]?.token },
    );
    expect(passbook.json.transaction_history.some((h) => h.kind === 'win_reversal')).toBe(true);
    const history = await admin<{ results: Array<{ half: string; reverted_at: string | null }> }>(
      t,
      op,
      'GET',
      `/admin-api/results?market_id=${s.market}&date=${DATE}`,
    );
    expect(history.json.results).toHaveLength(4);
    expect(history.json.results.filter((r) => r.reverted_at === null)).toHaveLength(2);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('a settlement stopped midway resumes to the same end state', async () => {
    const s = await scenario('RESUMED');
    const ref = await scenario('UNBROKEN');
    t.clock.set(IST('12:00'));
    await declare({ market_id: ref.market, date: DATE, half: 'open', value: '123' });
    const market = await marketById(t.db, s.market);
    if (!market) throw new Error('no market');
    const target = await unsettledOpenResult(t, { market: s.market, date: DATE, value: '123', note: 'Win' });
    const partial = await settle(t.db, target, t.clock.now(), 5, 1);
    expect(partial.settled).toBe(5);
    const resumed = await declare({ market_id: s.market, date: DATE, half: 'open', value: '123' });
    expect(resumed.json).toMatchObject({ resumed: true });
    expect((await state(s.market, s.players)).bids).toEqual((await state(ref.market, ref.players)).bids);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('a settlement the server stopped in is finished at start-up, without a second declare', async () => {
    const s = await scenario('CUT OFF');
    const ref = await scenario('WHOLE');
    t.clock.set(IST('12:00'));
    await declare({ market_id: ref.market, date: DATE, half: 'open', value: '123' });
    const target = await unsettledOpenResult(t, { market: s.market, date: DATE, value: '123', note: 'Win' });
    await settle(t.db, target, t.clock.now(), 4, 1);
    const halfway = (await state(s.market, s.players)).bids;
    expect(halfway.filter(([status]) => status === 'pending').length).toBeGreaterThan(0);
    expect(halfway).not.toEqual((await state(ref.market, ref.players)).bids);
    const resumed = await resumeSettlements(t.app.deps);
    expect(resumed.map((r) => r.result_id)).toEqual([target.resultId]);
    expect((await state(s.market, s.players)).bids).toEqual((await state(ref.market, ref.players)).bids);
    expect(await resumeSettlements(t.app.deps)).toEqual([]);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  // Decision 044: a chunk's credits commit before the journals that pay them, which follow in small groups. A
  // crash in between leaves credits "due"; resuming pays each once, and a revert pays them before it takes back.
  async function cutBeforePayment(name: string) {
    const s = await scenario(name);
    t.clock.set(IST('12:00'));
    const target = await unsettledOpenResult(t, { market: s.market, date: DATE, value: '123', note: 'Win' });
    // The first chunk commits its credits; the process "dies" before paying them.
    await settle(t.db, target, t.clock.now(), 4, 1, false);
    const due = await dueCredits(t.db, target.resultId, DATE);
    expect(due.journals.length).toBeGreaterThan(0);
    // What the ledger check sees at that instant: credits whose journal is missing (and nothing else).
    const violations = await verifyLedger(t.db);
    expect(violations.length).toBeGreaterThan(0);
    expect(JSON.stringify(violations)).toContain('journal missing');
    return { s, target, due };
  }

  it('a crash between a chunk and its payments is paid once at start-up, winners told once', async () => {
    const ref = await scenario('PAID WHOLE');
    const { s, target, due } = await cutBeforePayment('PAID LATE');
    await declare({ market_id: ref.market, date: DATE, half: 'open', value: '123' });
    const resumed = await resumeSettlements(t.app.deps);
    expect(resumed.map((r) => r.result_id)).toEqual([target.resultId]);
    expect(await dueCredits(t.db, target.resultId, DATE)).toEqual({ journals: [], players: [], totals: [] });
    const mine = await state(s.market, s.players);
    const theirs = await state(ref.market, ref.players);
    expect(mine.bids).toEqual(theirs.bids);
    expect(mine.credits).toEqual(theirs.credits);
    expect(mine.balances.map((x, i) => x - (theirs.balances[i] ?? 0))).toEqual([0, 0, 0]);
    // Each journal the crashed chunk named is written once and told once.
    const { rows: once } = await t.db.query<{ journals: number; notices: number }>(
      `SELECT (SELECT count(*)::int FROM journals WHERE id = ANY($1::bigint[])) AS journals,
              (SELECT count(*)::int FROM notifications WHERE kind = 'win' AND ref_id = ANY($1::bigint[])) AS notices`,
      [due.journals],
    );
    expect(once).toEqual([{ journals: due.journals.length, notices: due.journals.length }]);
    // A second settler finds nothing to do and pays nothing again.
    await declare({ market_id: s.market, date: DATE, half: 'open', value: '123' });
    expect((await state(s.market, s.players)).balances).toEqual(mine.balances);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('a revert after a crash between a chunk and its payments pays them first, then takes everything back', async () => {
    const before = await scenario('UNTOUCHED');
    const { s } = await cutBeforePayment('REVERTED UNPAID');
    const start = await state(before.market, before.players);
    const undone = await revert({ market_id: s.market, date: DATE, half: 'open' });
    expect(undone.statusCode).toBe(200);
    const after = await state(s.market, s.players);
    // Every wallet is back where the bids left it (as the untouched twin's), every credit reversed.
    expect(after.balances).toEqual(start.balances);
    expect(Number(after.credits?.n)).toBe(0);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  /** Each winning player's win journals of a market's settlement, as [journals, credits] per player. */
  async function winJournals(market: number): Promise<Array<[number, number]>> {
    const { rows } = await t.db.query<{ journals: number; credits: number }>(
      `SELECT count(DISTINCT c.journal_id)::int AS journals, count(*)::int AS credits
         FROM win_credits c JOIN bids b ON b.id = c.bid_id AND b.market_date = c.market_date
        WHERE b.market_id = $1 AND c.journal_id IS NOT NULL GROUP BY c.player_id ORDER BY c.player_id`,
      [market],
    );
    return rows.map((r) => [r.journals, r.credits]);
  }

  // Decision 049: chunks name the journal an earlier chunk drew for the same player until it is paid, so a
  // settlement pays each winner once per period, not once per chunk, and ends where per-chunk payments did.
  it('a settlement of many chunks pays each winner one journal per period, to the same end state', async () => {
    const s = await scenario('ONE JOURNAL');
    const ref = await scenario('JOURNAL PER CHUNK');
    t.clock.set(IST('12:00'));
    const mine = await unsettledOpenResult(t, { market: s.market, date: DATE, value: '123', note: 'Win' });
    const theirs = await unsettledOpenResult(t, {
      market: ref.market,
      date: DATE,
      value: '123',
      note: 'Win',
    });
    // Chunks of 2 bids: every player's winners span several chunks.
    await settle(t.db, mine, t.clock.now(), 2, Number.POSITIVE_INFINITY, true, Number.POSITIVE_INFINITY);
    await settle(t.db, theirs, t.clock.now(), 2, Number.POSITIVE_INFINITY, true, 0);
    const once = await winJournals(s.market);
    const perChunk = await winJournals(ref.market);
    expect(once).toHaveLength(3);
    expect(once.every(([journals, credits]) => journals === 1 && credits > 1)).toBe(true);
    expect(perChunk.map(([, credits]) => credits)).toEqual(once.map(([, credits]) => credits));
    expect(perChunk.every(([journals]) => journals > 1)).toBe(true);
    const a = await state(s.market, s.players);
    const b = await state(ref.market, ref.players);
    expect(a.bids).toEqual(b.bids);
    expect(a.credits).toEqual(b.credits);
    expect(a.balances).toEqual(b.balances);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('a chunk never names a journal already written: its credits draw a new one', async () => {
    const s = await scenario('PAID BETWEEN');
    t.clock.set(IST('12:00'));
    const target = await unsettledOpenResult(t, { market: s.market, date: DATE, value: '123', note: 'Win' });
    // The first chunk's credits, then their journals paid by someone else (as a racing settler's last step or a
    // revert would), while this settler still holds them as open.
    await settle(t.db, target, t.clock.now(), 4, 1, false);
    const due = await dueCredits(t.db, target.resultId, DATE);
    expect(due.journals.length).toBeGreaterThan(0);
    await payDueCredits(t.db, target, t.clock.now());
    const open = new Map(due.players.map((p, i) => [p, due.journals[i] ?? '']));
    const { rows } = await t.db.transaction(async (tx) => {
      const { rows: cursor } = await tx.query<{ through: string }>(
        'SELECT settled_through::text AS through FROM results WHERE id = $1 FOR UPDATE',
        [target.resultId],
      );
      return tx.query<{ journal_ids: string[] | null }>(
        chunkSql(),
        chunkParams(target, Number(cursor[0]?.through), 1_000, open),
      );
    });
    const drawn = rows[0]?.journal_ids ?? [];
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.filter((j) => due.journals.includes(j))).toEqual([]);
    // The settlement finishes from there and pays those new journals: nothing is left unpaid.
    await declare({ market_id: s.market, date: DATE, half: 'open', value: '123' });
    expect(await dueCredits(t.db, target.resultId, DATE)).toEqual({ journals: [], players: [], totals: [] });
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });
});

describe('operator rules', () => {
  it('refuses invalid values, early draws and a player session; previews what a result would pay', async () => {
    const market = await seedMarket(t.db, { name: 'PREVIEW', open: '10:00 AM', close: '12:00 PM' });
    const gali = await seedMarket(t.db, { group: 'gali', name: 'PREVIEW GALI', open: '10:00 AM' });
    const p = await t.player();
    await fund(t, p, op, 500);
    await place(p, 'main', market, 'Single Digit', [
      { digits: '6', points: 10, session: 'open' },
      { digits: '1', points: 20, session: 'open' },
    ]);
    expect((await declare({ market_id: market, date: DATE, half: 'open', value: '123' })).json.msg).toBe(
      resultMessages.tooEarly,
    );
    t.clock.set(IST('10:00'));
    expect((await declare({ market_id: market, date: DATE, half: 'open', value: '213' })).json.msg).toBe(
      resultMessages.badPana,
    );
    expect((await declare({ market_id: market, date: DATE, value: '123' })).json.msg).toBe(
      resultMessages.halfRequired,
    );
    expect((await declare({ market_id: gali, date: DATE, value: '4' })).json.msg).toBe(
      resultMessages.badGali,
    );
    expect(
      (await declare({ market_id: market, date: '2026-11-21', half: 'open', value: '123' })).json.msg,
    ).toBe(resultMessages.tooEarly);
    const preview = await admin<ApiBody>(t, op, 'POST', '/admin-api/results/preview', {
      market_id: market,
      date: DATE,
      half: 'open',
      value: '123',
    });
    expect(preview.json).toMatchObject({
      status: true,
      bids: 2,
      winners: 1,
      payout_paise: 9500,
      stakes_paise: 3000,
    });
    const exposure = await admin<{ exposure: Array<{ digits: string; payout_paise: number }> }>(
      t,
      op,
      'GET',
      `/admin-api/results/exposure?market_id=${market}&date=${DATE}`,
    );
    expect(exposure.json.exposure.map((e) => [e.digits, e.payout_paise])).toEqual([
      ['1', 19_000],
      ['6', 9500],
    ]);
    expect((await declareHalf(t, p.token, market, DATE, 'open', '123')).statusCode).toBe(403);
    const cashier = await operatorToken(t, 'cashier');
    expect((await declareHalf(t, cashier, market, DATE, 'open', '123')).statusCode).toBe(403);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'result_%'`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(6);
    t.clock.set(IST('09:00'));
  });
});

describe('debt after a correction (D7)', () => {
  it('a revert after the winnings were spent records a debt that blocks bids until repaid', async () => {
    const market = await seedMarket(t.db, { name: 'DEBT', open: '10:00 AM', close: '12:00 PM' });
    const next = await seedMarket(t.db, { name: 'DEBT NEXT', open: '01:00 PM', close: '03:00 PM' });
    const p = await t.player();
    const friend = await t.player();
    await fund(t, p, op, 100);
    await place(p, 'main', market, 'Single Digit', [{ digits: '6', points: 100, session: 'open' }]);
    t.clock.set(IST('10:00'));
    await declare({ market_id: market, date: DATE, half: 'open', value: '123' });
    expect(await balanceOf(t, p.id)).toBe(95_000);
    await transferPoints(t, p, friend, '900');
    await revert({ market_id: market, date: DATE });
    expect(await balanceOf(t, p.id)).toBe(0);
    const profile = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(profile.json).toMatchObject({ wallet_amt: '0', debt_amt: '900' });
    await fund(t, p, op, 100);
    // The same bid twice: refused while a debt is left, taken once the deposits cover it.
    const bidTen = () => postSingleDigit(t, p, next, BID_DATE, { digits: '1', points: 10, session: 'open' });
    const refused = await bidTen();
    expect(refused.json.msg).toBe(fundsMessages.debtBlocked('800'));
    await fund(t, p, op, 850);
    expect(await balanceOf(t, p.id)).toBe(5_000);
    const ok = await bidTen();
    expect(ok.statusCode).toBe(200);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });
});

describe('a debt follows the phone', () => {
  interface Debts {
    owed: { count: number; amount: string };
    written_off: { count: number; amount: string };
  }
  const debts = async () =>
    (await admin<ApiBody & { debts: Debts }>(t, op, 'GET', '/admin-api/dashboard')).json.debts;
  /** Paise from a points string ("950" or "9.5"). */
  const paise = (points: string) => Math.round(Number(points) * 100);
  const debtOf = async (playerId: number) => {
    const { rows } = await t.db.query<{ balance: string }>(
      `SELECT balance FROM accounts WHERE player_id = $1 AND kind = 'debt'`,
      [playerId],
    );
    return Number(rows[0]?.balance);
  };

  /** A win of 950 points that leaves for a friend, then the account is closed, empty. */
  async function winSpendAndClose(name: string) {
    const market = await seedMarket(t.db, { name, open: '10:00 AM', close: '12:00 PM' });
    const p = await t.player();
    const friend = await t.player();
    await fund(t, p, op, 100);
    await place(p, 'main', market, 'Single Digit', [{ digits: '6', points: 100, session: 'open' }]);
    t.clock.set(IST('10:00'));
    await declare({ market_id: market, date: DATE, half: 'open', value: '123' });
    const sent = await transferPoints(t, p, friend, '950');
    expect(sent.statusCode, sent.raw).toBe(200);
    const closed = await t.post(
      '/api-delete-account',
      { password: p.password, confirm: true },
      { token: p.token },
    );
    expect(closed.statusCode, closed.raw).toBe(200);
    return { market, p };
  }

  async function registerAgain(mobile: string): Promise<string> {
    expect((await t.post('/api-check-mobile', { mobile })).statusCode).toBe(200);
    const res = await t.post<ApiBody & { unique_token: string }>('/api-user-registration', {
      name: 'Back Again',
      mobile,
      password: 'secret-pass-1',
      otp: await t.lastCode(mobile),
      dob: '1990-01-01',
    });
    expect(res.statusCode, res.raw).toBe(200);
    return res.json.unique_token;
  }

  it('a win paid to a player in debt repays the debt from it, in the payment', async () => {
    const market = await seedMarket(t.db, { name: 'DEBT WIN', open: '10:00 AM', close: '12:00 PM' });
    const later = await seedMarket(t.db, { name: 'DEBT WIN LATER', open: '01:00 PM', close: '03:00 PM' });
    const p = await t.player();
    const friend = await t.player();
    await fund(t, p, op, 100);
    await place(p, 'main', market, 'Single Digit', [{ digits: '6', points: 90, session: 'open' }]);
    await place(p, 'main', later, 'Single Digit', [{ digits: '6', points: 10, session: 'open' }]);
    t.clock.set(IST('10:00'));
    await declare({ market_id: market, date: DATE, half: 'open', value: '123' });
    expect(await balanceOf(t, p.id)).toBe(85_500);
    await t.post(
      '/api-user-transfer-wallet-balance',
      { mobile_no: friend.mobile, amount: '855' },
      { token: p.token },
    );
    await revert({ market_id: market, date: DATE });
    const inDebt = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(inDebt.json).toMatchObject({ wallet_amt: '0', debt_amt: '855' });
    t.clock.set(IST('13:00'));
    await declare({ market_id: later, date: DATE, half: 'open', value: '123' });
    expect(await balanceOf(t, p.id)).toBe(0);
    const repaid = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(repaid.json).toMatchObject({ wallet_amt: '0', debt_amt: '760' });
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('a revert after the account closed leaves the debt written off, until the phone registers again', async () => {
    const { market, p } = await winSpendAndClose('DEBT PHONE');
    const before = await debts();
    await revert({ market_id: market, date: DATE });
    expect(await debtOf(p.id)).toBe(-95_000);
    const closedDebt = await debts();
    expect(closedDebt.owed).toEqual(before.owed);
    expect(closedDebt.written_off.count).toBe(before.written_off.count + 1);
    expect(paise(closedDebt.written_off.amount)).toBe(paise(before.written_off.amount) + 95_000);

    // The same phone opens a new account: the debt comes with it, and the player is told.
    const token = await registerAgain(p.mobile);
    const profile = await t.post('/api-user-wallet-balance', {}, { token });
    expect(profile.json).toMatchObject({ wallet_amt: '0', debt_amt: '950' });
    expect(await debtOf(p.id)).toBe(0);
    const carried = await t.db.query(
      `SELECT kind, actor, ref_type, ref_id::int FROM journals WHERE kind = 'debt_carried' AND ref_id = $1`,
      [p.id],
    );
    expect(carried.rows).toEqual([
      { kind: 'debt_carried', actor: 'system', ref_type: 'player', ref_id: p.id },
    ]);
    const reopened = await debts();
    expect(reopened.written_off).toEqual(before.written_off);
    expect(reopened.owed.count).toBe(before.owed.count + 1);
    expect(paise(reopened.owed.amount)).toBe(paise(before.owed.amount) + 95_000);
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('a revert after the phone registered again puts the debt on the new account, repaid from its wallet first', async () => {
    const { market, p } = await winSpendAndClose('DEBT PHONE LATE');
    const token = await registerAgain(p.mobile);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM players WHERE mobile = $1', [p.mobile]);
    const again = { ...p, id: Number(rows[0]?.id), token };
    await fund(t, again, op, 300);
    await revert({ market_id: market, date: DATE });
    expect(await debtOf(p.id)).toBe(0);
    const profile = await t.post('/api-user-wallet-balance', {}, { token });
    expect(profile.json).toMatchObject({ wallet_amt: '0', debt_amt: '650' });
    t.clock.set(IST('09:00'));
    await expectLedgerClean(t);
  });

  it('a phone that never had a closed account registers with no debt', async () => {
    const mobile = '9876501234';
    const token = await registerAgain(mobile);
    const profile = await t.post('/api-user-wallet-balance', {}, { token });
    expect(profile.json).toMatchObject({ wallet_amt: '0', debt_amt: '0' });
  });
});

describe('markets through the operator API', () => {
  it('creates a market that players see and can bid on, and refuses duplicates and bad times', async () => {
    const created = await admin<ApiBody & { market_id: number }>(t, op, 'POST', '/admin-api/markets', {
      group: 'gali',
      name: 'NEW GALI',
      open_time: '10:01 AM',
    });
    expect(created.statusCode).toBe(200);
    const list = await t.post<{ result: Array<{ game_id: number; open_time: string; msg_status: number }> }>(
      '/api-galidisawar-game',
    );
    expect(list.json.result.find((r) => r.game_id === created.json.market_id)).toMatchObject({
      open_time: '10:01 AM',
      msg_status: 1,
    });
    const again = await admin(t, op, 'POST', '/admin-api/markets', {
      group: 'gali',
      name: 'NEW GALI',
      open_time: '10:01 AM',
    });
    expect(again.statusCode).toBe(409);
    const bad = await admin(t, op, 'POST', '/admin-api/markets', {
      group: 'gali',
      name: 'BAD',
      open_time: '25:00 PM',
    });
    expect(bad.statusCode).toBe(400);
    const cashier = await operatorToken(t, 'cashier');
    expect(
      (
        await admin(t, cashier, 'POST', '/admin-api/markets', {
          group: 'main',
          name: 'X',
          open_time: '10:00 AM',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('charts', () => {
  it('sends declared days oldest first with the weekly days off and the server’s day, to anyone', async () => {
    const market = await seedMarket(t.db, {
      name: 'CHARTED',
      open: '10:00 AM',
      close: '12:00 PM',
      daysOff: [0, 3],
    });
    t.clock.set(IST('12:00'));
    await declare({ market_id: market, date: DATE, half: 'open', value: '123' });
    await declare({ market_id: market, date: DATE, half: 'close', value: '456' });
    const res = await t.post<{
      markets: Array<{ days_off: number[]; days: Array<{ date: string; open: string; close: string }> }>;
    }>('/api-market-chart', { game_id: market });
    expect(res.json.markets[0]).toMatchObject({
      days_off: [0, 3],
      days: [{ date: DATE, open: '123', close: '456' }],
    });
    // Which days have come is the server's day, not the phone's: both answers carry its clock and zone.
    expect(res.json).toMatchObject({
      server_time: new Date(IST('12:00')).toISOString(),
      time_zone: 'Asia/Kolkata',
    });
    const list = await t.post('/api-market-chart', { group: 'main' });
    expect(list.json).toMatchObject({
      server_time: new Date(IST('12:00')).toISOString(),
      time_zone: 'Asia/Kolkata',
    });
  });
});

describe('ledger:verify after settlement', () => {
  it('catches a win credit that no longer matches its bid and its journal (I6)', async () => {
    const { verifyLedger } = await import('../ledger/verify.ts');
    const { rows } = await t.db.query<{ bid_id: number; result_id: number }>(
      `SELECT bid_id, result_id FROM win_credits WHERE payout > 0 ORDER BY bid_id LIMIT 1`,
    );
    const credit = rows[0];
    expect(credit).toBeDefined();
    const tamper = (delta: number) =>
      t.db.query('UPDATE win_credits SET payout = payout + $3 WHERE bid_id = $1 AND result_id = $2', [
        credit?.bid_id,
        credit?.result_id,
        delta,
      ]);
    await tamper(1);
    try {
      expect((await verifyLedger(t.db)).map((v) => v.invariant)).toEqual(['I6']);
    } finally {
      await tamper(-1);
    }
    expect(await verifyLedger(t.db)).toEqual([]);
    // The result and journal of a credit are checked here rather than by foreign keys (migration 0007).
    for (const column of ['result_id', 'journal_id']) {
      const move = (from: string, to: string) =>
        t.db.query(`UPDATE win_credits SET ${column} = ${to} WHERE bid_id = $1 AND ${column} = ${from}`, [
          credit?.bid_id,
        ]);
      const { rows: was } = await t.db.query<{ v: string }>(
        `SELECT ${column}::text AS v FROM win_credits WHERE bid_id = $1 AND result_id = $2`,
        [credit?.bid_id, credit?.result_id],
      );
      await move(String(was[0]?.v), '987654321');
      try {
        const found = await verifyLedger(t.db);
        expect(found.map((v) => v.invariant)).toEqual(['I6']);
      } finally {
        await move('987654321', String(was[0]?.v));
      }
    }
    expect(await verifyLedger(t.db)).toEqual([]);
    // So is its bid, on its date (migration 0030 checks it per statement instead of by a foreign key): with the
    // trigger that keeps a credit on its bid switched off, a credit moved to a bid that does not exist is found.
    const moveBid = (from: number, to: number) =>
      t.db.query('UPDATE win_credits SET bid_id = $2 WHERE bid_id = $1 AND result_id = $3', [
        from,
        to,
        credit?.result_id,
      ]);
    await t.db.exec('ALTER TABLE win_credits DISABLE TRIGGER win_credits_keep_their_bid');
    try {
      await moveBid(credit?.bid_id ?? 0, 987_654_321);
      const found = await verifyLedger(t.db);
      expect(found.map((v) => v.invariant)).toEqual(['I6']);
      expect(found[0]?.rows).toEqual([expect.objectContaining({ bid_id: 987_654_321 })]);
    } finally {
      await moveBid(987_654_321, credit?.bid_id ?? 0);
      await t.db.exec('ALTER TABLE win_credits ENABLE TRIGGER win_credits_keep_their_bid');
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
