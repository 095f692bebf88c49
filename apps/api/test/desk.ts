/** Helpers for the results desk suites: bids through the real API, the two-person setting, result rows. */
import { afterEach } from 'vitest';
import type { Role } from '@gama/core/operators/permissions';
import { admin, suiteOperators } from './money.ts';
import { suiteApp } from './helpers.ts';
import { mainParams } from '../src/modules/results/outcome-sql.ts';
import type { SettleTarget } from '../src/modules/results/settle.ts';
import type { ApiBody, Reply, TestApp } from './helpers.ts';

export const IST = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00+05:30`;
/** A Friday (weekday 5). */
export const DATE = '2026-11-20';
export const BID_DATE = '20-November-2026';

export interface BidRow {
  digits: string;
  closedigits?: string;
  points: number;
  session?: string;
}

export async function placeBids(
  t: TestApp,
  player: { token: string },
  group: 'main' | 'starline' | 'gali',
  market: number,
  pana: string,
  rows: BidRow[],
  bidDate = BID_DATE,
): Promise<void> {
  const path =
    group === 'main'
      ? '/api-submit-bid'
      : group === 'starline'
        ? '/api-starline-submit-bid'
        : '/api-galidisawar-submit-bid';
  const res = await t.post(
    path,
    { game_id: market, new_result: { pana, bid_date: bidDate, result: rows } },
    { token: player.token },
  );
  if (res.statusCode !== 200) throw new Error(`${pana}: ${res.raw}`);
}

/**
 * One Single Digit bid on a main market in the player app's legacy body, answered as it is (refusals included):
 * the tests that send it check its answer, so nothing here throws. `bidDate` is the day the app sends.
 */
export function postSingleDigit<T = ApiBody>(
  t: TestApp,
  player: { token: string },
  market: number,
  bidDate: string,
  row: { digits: string; points: number | string; session: 'open' | 'close' },
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  return t.post<T>(
    '/api-submit-bid',
    { game_id: market, new_result: { pana: 'Single Digit', bid_date: bidDate, result: [row] } },
    { token: player.token, headers },
  );
}

/** The results desk's declaration of one half of a main market's draw, answered as it is (refusals included). */
export function declareHalf<T = Record<string, unknown>>(
  t: TestApp,
  token: string,
  market: number,
  date: string,
  half: 'open' | 'close',
  value: string,
): Promise<{ statusCode: number; json: T }> {
  return admin<T>(t, token, 'POST', '/admin-api/results/declare', { market_id: market, date, half, value });
}

/**
 * The draws of DATE of a main, a Starline and a Gali market declared by `token`'s operator (main open 123,
 * Starline 349, Gali 47), each required to pass: for the suites that need wins on every group.
 */
export async function declareEveryGroup(
  t: TestApp,
  token: string,
  markets: { main: number; starline: number; gali: number },
): Promise<void> {
  for (const [market, body] of [
    [markets.main, { half: 'open', value: '123' }],
    [markets.starline, { value: '349' }],
    [markets.gali, { value: '47' }],
  ] as const) {
    const res = await admin(t, token, 'POST', '/admin-api/results/declare', {
      market_id: market,
      date: DATE,
      ...body,
    });
    if (res.statusCode !== 200) throw new Error(`declare ${market}: ${JSON.stringify(res.json)}`);
  }
}

/** The owner setting `results_two_person`, changed as an owner changes it (`PATCH /admin-api/settings`). */
export async function setTwoPerson(t: TestApp, ownerToken: string, on: boolean): Promise<void> {
  const res = await admin(t, ownerToken, 'PATCH', '/admin-api/settings', { results_two_person: on });
  if (res.statusCode !== 200) throw new Error(`settings: ${JSON.stringify(res.json)}`);
}

/** Win credits of a market still in force, and the win journals that paid them. */
export async function winsOf(t: TestApp, market: number): Promise<{ credits: number; journals: number }> {
  const { rows } = await t.db.query<{ credits: number; journals: number }>(
    `SELECT count(*)::int AS credits, count(DISTINCT c.journal_id)::int AS journals
       FROM win_credits c JOIN bids b ON b.id = c.bid_id
      WHERE b.market_id = $1 AND c.reversal_journal_id IS NULL`,
    [market],
  );
  return rows[0] ?? { credits: 0, journals: 0 };
}

export async function liveResultCount(t: TestApp, market: number): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM results WHERE market_id = $1 AND reverted_at IS NULL',
    [market],
  );
  return rows[0]?.n ?? 0;
}

/**
 * A declared open half that nothing has settled yet, as a server that stopped right after writing the result row
 * leaves it: the row itself, and the target `settle` takes to settle it (chunk by chunk, as the test chooses).
 */
export async function unsettledOpenResult(
  t: TestApp,
  at: { market: number; date: string; value: string; note: string },
): Promise<SettleTarget> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO results (market_id, market_date, half, value, declared_at) VALUES ($1, $2, 'open', $3, $4) RETURNING id`,
    [at.market, at.date, at.value, t.clock.now()],
  );
  return {
    resultId: rows[0]?.id ?? 0,
    marketId: at.market,
    marketDate: at.date,
    half: 'open',
    params: mainParams(at.value, null),
    note: at.note,
  };
}

/**
 * A results desk suite: the app at 09:00 on DATE, its ledger checked at the end, and its operators signed in by
 * name (`owner` among them); after each test the clock is back at 09:00 and the two-person rule off again.
 */
export function deskSuite<Name extends string>(roles: Record<'owner' | Name, Role>) {
  const t = suiteApp({ now: IST('09:00'), ledger: true });
  const ops = suiteOperators(t, roles);
  afterEach(async () => {
    t.clock.set(IST('09:00'));
    await setTwoPerson(t, ops.owner, false);
  });
  return { t, ops };
}
