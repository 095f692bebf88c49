/**
 * Declaring, previewing and reverting results. A declaration is a result revision; settlement and revert are
 * keyed by it, so repeating a call (or racing two) ends in the state one call would leave.
 */
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { ledgerNotes } from '@gama/core/contract/ledger-notes';
import { formatBidDate, isIsoDate } from '@gama/core/rules/dates';
import { addPaise, subtractPaise } from '@gama/core/rules/money';
import { isPana } from '@gama/core/rules/panas';
import { dayOn, drawMinutesOf, marketDayAt } from '@gama/core/rules/schedule';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRow } from '../audit/writer.ts';
import type { Market } from '../markets/repository.ts';
import { marketById } from '../markets/repository.ts';
import type { ResultParams } from './outcome-sql.ts';
import {
  PAYOUT_SQL,
  galiParams,
  mainParams,
  paramValues,
  starlineParams,
  wonExpression,
} from './outcome-sql.ts';
import type {
  ExposureRow,
  PreviewFigures as PreviewFiguresAnswer,
  ResultRowResponse,
  RevertPreviewResponse,
} from '@gama/core/endpoints/results/index';
import { resultMessages } from '@gama/core/endpoints/results/index';
import { revertRevision } from './revert.ts';
import { payDueCredits, settle } from './settle.ts';
import { notifyDeclared } from '../notifications/service.ts';

export type Half = 'open' | 'close' | 'single';

export interface ResultRow {
  id: number;
  market_id: number;
  market_date: string;
  half: Half;
  value: string;
  declared_by: number | null;
  declared_at: Date;
  settled_at: Date | null;
  revert_started_at: Date | null;
  reverted_at: Date | null;
  reverted_by: number | null;
  revert_reason: string | null;
}

const RESULT_COLUMNS = `id, market_id, to_char(market_date, 'YYYY-MM-DD') AS market_date, half, value, declared_by,
  declared_at, settled_at, revert_started_at, reverted_at, reverted_by, revert_reason`;

export async function liveResults(
  db: Queryable,
  marketId: number,
  date: string,
): Promise<Map<Half, ResultRow>> {
  const { rows } = await db.query<ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM results WHERE market_id = $1 AND market_date = $2::date AND reverted_at IS NULL`,
    [marketId, date],
  );
  return new Map(rows.map((r) => [r.half, r]));
}

export interface Target {
  market: Market;
  date: string;
  half: Half;
}

export async function resolveTarget(
  deps: Deps,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined },
): Promise<Target> {
  if (!isIsoDate(input.date)) throw new AppError('RESULT_DATE_INVALID', resultMessages.badDate);
  const market = await marketById(deps.db, input.market_id);
  if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
  if (market.grp === 'main') {
    if (!input.half) throw new AppError('RESULT_HALF_REQUIRED', resultMessages.halfRequired);
    return { market, date: input.date, half: input.half };
  }
  if (input.half) throw new AppError('RESULT_NO_HALF', resultMessages.noHalf);
  return { market, date: input.date, half: 'single' };
}

export function checkValue(group: MarketGroup, value: string): void {
  if (group === 'gali') {
    if (!/^\d{2}$/.test(value)) throw new AppError('RESULT_GALI_INVALID', resultMessages.badGali);
  } else if (!/^\d{3}$/.test(value) || !isPana(value)) {
    throw new AppError('RESULT_PANA_INVALID', resultMessages.badPana);
  }
}

/** A draw can be declared once its bidding has closed: never for a future day or before its time. */
export function checkDrawTime(target: Target, now: Date): void {
  const { market, date, half } = target;
  const day = dayOn(market.schedule, date);
  // A day off or a holiday had no bids and has no result: one declared there would show on the charts.
  if (!day.active) throw new AppError('RESULT_NO_DRAW', resultMessages.noDraw);
  const drawMinutes = drawMinutesOf(day, half);
  const current = marketDayAt(market.schedule, now, market.grp);
  if (current.date < date || (current.date === date && current.minutes < drawMinutes)) {
    throw new AppError('RESULT_TOO_EARLY', resultMessages.tooEarly);
  }
}

export function paramsFor(
  group: MarketGroup,
  half: Half,
  value: string,
  live: Map<Half, ResultRow>,
): ResultParams {
  if (group === 'starline') return starlineParams(value);
  if (group === 'gali') return galiParams(value);
  if (half === 'open') return mainParams(value, null);
  const open = live.get('open');
  if (!open) throw new AppError('RESULT_OPEN_FIRST', resultMessages.openFirst);
  return mainParams(open.value, value);
}

function noteFor(market: Market, date: string, half: Half, value: string): string {
  return ledgerNotes.win(market.name, formatBidDate(date), half, value);
}

/**
 * Writes a draw's result revision inside a transaction that holds the market `FOR UPDATE`. Every bid insert
 * holds a KEY SHARE lock on its market (the foreign key) until it commits, and checks for a live result after
 * it (place.ts): locking the market waits for bids in flight, so the settlement that follows sees them; bids
 * that come after see this result and are refused. A declaration still waiting for this draw is closed as
 * superseded: the draw has its result now.
 */
export async function writeResult(
  tx: Queryable,
  target: Target,
  value: string,
  /** null: recorded by a results import, not an operator's declaration. */
  declaredBy: number | null,
  now: Date,
): Promise<number> {
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO results (market_id, market_date, half, value, declared_by, declared_at)
     VALUES ($1, $2::date, $3, $4, $5, $6) RETURNING id`,
    [target.market.id, target.date, target.half, value, declaredBy, now],
  );
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('result not written');
  await notifyDeclared(tx, {
    resultId: id,
    marketId: target.market.id,
    marketDate: target.date,
    half: target.half,
    value,
    at: now,
  });
  await tx.query(
    `UPDATE result_declarations SET state = 'superseded', decided_at = $4,
            reason = 'Declared directly (' || $5 || ') while it waited'
      WHERE market_id = $1 AND market_date = $2::date AND half = $3 AND state = 'pending_approval'`,
    [target.market.id, target.date, target.half, now, value],
  );
  return id;
}

export const lockMarketForDeclare = (tx: Queryable, marketId: number) =>
  tx.query('SELECT 1 FROM markets WHERE id = $1 FOR UPDATE', [marketId]);

/** Settles a live revision from its cursor: a no-op once it is settled or being reverted (settle.ts). */
export async function settleResult(
  deps: Deps,
  target: Target,
  result: ResultRow,
): Promise<{ settled: number; wins: number }> {
  const live = await liveResults(deps.db, target.market.id, target.date);
  const params = paramsFor(target.market.grp, target.half, result.value, live);
  const started = performance.now();
  let outcome;
  try {
    outcome = await settle(
      deps.db,
      {
        resultId: result.id,
        marketId: target.market.id,
        marketDate: target.date,
        half: target.half,
        params,
        note: noteFor(target.market, target.date, target.half, result.value),
      },
      deps.clock.now(),
    );
  } catch (error) {
    deps.metrics.settlement('failed', (performance.now() - started) / 1000, 0);
    throw error;
  }
  deps.metrics.settlement('ok', (performance.now() - started) / 1000, outcome.settled);
  deps.markets.invalidate();
  return outcome;
}

export async function resultById(db: Queryable, id: number): Promise<ResultRow | undefined> {
  const { rows } = await db.query<ResultRow>(`SELECT ${RESULT_COLUMNS} FROM results WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * Declares and settles a draw at once (the two-person rule off). Declaring the same value again continues
 * the same revision, so a retry, or ten racing calls, end where one call would. An operator's declaration is
 * audited (`row`) in the transaction that writes the revision, before the settlement; a retry's row is written
 * on its own, also before the settlement it continues (decision 045).
 */
export async function declareResult(
  deps: Deps,
  operatorId: number | null,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined; value: string },
  row?: AuditRow,
): Promise<{ result_id: number; settled: number; wins: number; resumed: boolean }> {
  const { db, clock } = deps;
  const target = await resolveTarget(deps, input);
  checkValue(target.market.grp, input.value);
  const live = await liveResults(db, target.market.id, target.date);
  paramsFor(target.market.grp, target.half, input.value, live);
  checkDrawTime(target, clock.now());

  let result = live.get(target.half);
  let resumed = true;
  if (!result) {
    try {
      const id = await db.transaction(async (tx) => {
        await lockMarketForDeclare(tx, target.market.id);
        const written = await writeResult(tx, target, input.value, operatorId, clock.now());
        await row?.(tx, { result_id: written });
        return written;
      });
      resumed = false;
      result = await resultById(db, id);
      if (!result) throw new Error('declared result not found');
    } catch (error) {
      // Another declare of the same half won the race: continue as a retry of it.
      if (pgCode(error) !== '23505') throw error;
      result = (await liveResults(db, target.market.id, target.date)).get(target.half);
      if (!result) throw error;
    }
  }
  if (result.value !== input.value)
    throw new AppError('RESULT_ALREADY_DECLARED', resultMessages.alreadyDeclared);
  if (result.revert_started_at) throw new AppError('REVERT_IN_PROGRESS', resultMessages.revertInProgress);
  if (resumed) await row?.(db, { result_id: result.id, resumed });
  const outcome = await settleResult(deps, target, result);
  return { result_id: result.id, settled: outcome.settled, wins: outcome.wins, resumed };
}

/**
 * Finishes every live declaration whose settlement stopped midway (the server went down during a declare):
 * run at start-up, so the bids above a revision's cursor do not wait for an operator to declare again.
 */
export async function resumeSettlements(deps: Deps): Promise<Array<{ result_id: number; settled: number }>> {
  const { rows } = await deps.db.query<ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM results
      WHERE reverted_at IS NULL AND settled_at IS NULL AND revert_started_at IS NULL ORDER BY id`,
  );
  const resumed = [];
  for (const result of rows) {
    const market = await marketById(deps.db, result.market_id);
    if (!market) continue;
    const target = { market, date: result.market_date, half: result.half };
    const outcome = await settleResult(deps, target, result);
    resumed.push({ result_id: result.id, settled: outcome.settled });
  }
  return resumed;
}

/** The live revisions a revert would undo, in order: reverting the open first reverts the close. */
export async function revertTargets(
  deps: Deps,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined },
): Promise<{ market: Market; toRevert: ResultRow[] }> {
  if (!isIsoDate(input.date)) throw new AppError('RESULT_DATE_INVALID', resultMessages.badDate);
  const market = await marketById(deps.db, input.market_id);
  if (!market) throw new AppError('NOT_FOUND', resultMessages.marketNotFound);
  const live = await liveResults(deps.db, market.id, input.date);
  let halves: Half[];
  if (market.grp !== 'main') halves = ['single'];
  else if (input.half === 'open') halves = ['close', 'open'];
  else if (input.half === 'close') halves = ['close'];
  else halves = live.has('close') ? ['close'] : ['open'];
  const toRevert = halves.map((h) => live.get(h)).filter((r): r is ResultRow => r !== undefined);
  if (toRevert.length === 0) throw new AppError('NOT_FOUND', resultMessages.nothingToRevert);
  return { market, toRevert };
}

/**
 * Reverts the latest declaration of a market and date; reverting the open first reverts the close. The
 * operator's revert is audited (`row`) in the transaction that marks the first revision as being reverted,
 * before any reversal is posted (decision 045), with `resumed` when a revert the server went down in had
 * marked it already; an approved proposal's row is its approval's.
 */
export async function revertResult(
  deps: Deps,
  operatorId: number,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined; reason: string },
  row?: AuditRow,
): Promise<{ reverted: Array<{ result_id: number; half: Half; reversed: number; reopened: number }> }> {
  const { db, clock } = deps;
  const { market, toRevert } = await revertTargets(deps, input);
  const reverted = [];
  for (const [i, result] of toRevert.entries()) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const { rows: marked } = await tx.query<{ started: boolean }>(
        'SELECT revert_started_at IS NOT NULL AS started FROM results WHERE id = $1 FOR UPDATE',
        [result.id],
      );
      await tx.query(
        `UPDATE results SET revert_started_at = coalesce(revert_started_at, $2),
                revert_reason = coalesce(revert_reason, $3) WHERE id = $1`,
        [result.id, now, input.reason],
      );
      // A revert the server went down in is finished by the operator asking again: that asks nothing new.
      const resumed = marked[0]?.started === true;
      if (i === 0)
        await row?.(tx, { result_ids: toRevert.map((r) => r.id), ...(resumed ? { resumed } : {}) });
    });
    // A crash between a settlement chunk and its payments leaves credits whose journals are not written: they
    // are paid first, so every credit the revert takes back was paid (decision 044).
    await payDueCredits(
      db,
      {
        resultId: result.id,
        marketId: market.id,
        marketDate: result.market_date,
        note: noteFor(market, result.market_date, result.half, result.value),
      },
      now,
    );
    const note = `Result corrected: ${market.name} ${formatBidDate(result.market_date)} (${result.half === 'single' ? 'result' : `${result.half} result`} ${result.value} reverted)`;
    const step = await revertRevision(db, result.id, note, now);
    await db.query(
      'UPDATE results SET reverted_at = $2, reverted_by = $3 WHERE id = $1 AND reverted_at IS NULL',
      [result.id, clock.now(), operatorId],
    );
    reverted.push({ result_id: result.id, half: result.half, ...step });
  }
  deps.markets.invalidate();
  return { reverted };
}

/**
 * What `revertResult` would do with the same input, read without moving anything: per revision the bids it
 * decided and its unreversed credits; per player what is taken back against what the wallet holds. A
 * reversal takes what the wallet holds and records the rest as debt (decision 003), so a player whose balance
 * does not cover their winnings goes into debt by the difference.
 */
export async function revertPreview(
  deps: Deps,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined },
): Promise<RevertPreviewResponse> {
  const { db } = deps;
  const { toRevert } = await revertTargets(deps, input);
  const ids = toRevert.map((r) => r.id);
  const { rows: perResult } = await db.query<{
    id: number;
    bids: number;
    winners: number;
    take_back: number;
  }>(
    `SELECT r.id,
            (SELECT count(*) FROM bids b
              WHERE b.market_id = r.market_id AND b.market_date = r.market_date AND b.settle_half = r.half
                AND (r.settled_at IS NOT NULL OR b.id <= r.settled_through))::int AS bids,
            (SELECT count(*) FROM win_credits c WHERE c.result_id = r.id AND c.reversal_journal_id IS NULL)::int
              AS winners,
            (SELECT coalesce(sum(c.payout), 0) FROM win_credits c
              WHERE c.result_id = r.id AND c.reversal_journal_id IS NULL)::bigint AS take_back
       FROM results r WHERE r.id = ANY($1::bigint[])`,
    [ids],
  );
  const { rows: players } = await db.query<{
    player_id: number;
    user_name: string;
    mobile: string;
    balance: number;
    take_back: number;
  }>(
    `SELECT p.id AS player_id, p.user_name, p.mobile, w.balance, t.take_back
       FROM (SELECT c.player_id, sum(c.payout)::bigint AS take_back FROM win_credits c
              WHERE c.result_id = ANY($1::bigint[]) AND c.reversal_journal_id IS NULL AND c.payout > 0
              GROUP BY c.player_id) t
       JOIN players p ON p.id = t.player_id
       JOIN accounts w ON w.player_id = t.player_id AND w.kind = 'wallet'
      ORDER BY t.take_back - w.balance DESC, p.id`,
    [ids],
  );
  const byId = new Map(perResult.map((r) => [r.id, r]));
  let fromWallets = 0;
  let intoDebt = 0;
  const debtors = [];
  for (const p of players) {
    const fromWallet = Math.min(p.balance, p.take_back);
    fromWallets += fromWallet;
    const debt = p.take_back - fromWallet;
    intoDebt += debt;
    if (debt > 0) {
      debtors.push({
        player_id: p.player_id,
        user_name: p.user_name,
        mobile: p.mobile,
        balance_paise: p.balance,
        take_back_paise: p.take_back,
        debt_after_paise: debt,
      });
    }
  }
  const results = toRevert.map((r) => {
    const figures = byId.get(r.id) ?? { bids: 0, winners: 0, take_back: 0 };
    return {
      result_id: r.id,
      half: r.half,
      value: r.value,
      declared_at: r.declared_at.toISOString(),
      bids: figures.bids,
      winners: figures.winners,
      take_back: figures.take_back,
    };
  });
  return {
    status: true,
    results: results.map(({ take_back, ...r }) => ({ ...r, take_back_paise: take_back })),
    bids: results.reduce((n, r) => n + r.bids, 0),
    winners: results.reduce((n, r) => n + r.winners, 0),
    take_back_paise: addPaise(...results.map((r) => r.take_back)),
    from_wallets_paise: fromWallets,
    into_debt_paise: intoDebt,
    players_into_debt: debtors,
  };
}

export interface PreviewPaise {
  bids: number;
  winners: number;
  payout: number;
  stakes: number;
}

/** For a candidate value of a draw: its pending bids, how many would win and what they would be paid. */
export async function previewFigures(
  db: Queryable,
  target: Target,
  params: ResultParams,
): Promise<PreviewPaise> {
  const { rows } = await db.query<PreviewPaise>(
    `SELECT count(*)::int AS bids, count(*) FILTER (WHERE ${wonExpression(4)})::int AS winners,
            coalesce(sum(${PAYOUT_SQL}) FILTER (WHERE ${wonExpression(4)}), 0)::bigint AS payout,
            coalesce(sum(b.amount), 0)::bigint AS stakes
       FROM bid_outcomes b
      WHERE b.market_id = $1 AND b.market_date = $2::date AND b.settle_half = $3 AND b.status = 'pending'`,
    [target.market.id, target.date, target.half, ...paramValues(params)],
  );
  return rows[0] ?? { bids: 0, winners: 0, payout: 0, stakes: 0 };
}

/** The figures as the API sends them; `house` is what the house keeps (negative: what it loses). */
export function formatPreview(p: PreviewPaise): PreviewFiguresAnswer {
  return {
    bids: p.bids,
    winners: p.winners,
    payout_paise: p.payout,
    stakes_paise: p.stakes,
    house_paise: subtractPaise(p.stakes, p.payout),
  };
}

/** What a candidate value would do, before anything moves. */
export async function previewResult(
  deps: Deps,
  input: { market_id: number; date: string; half?: 'open' | 'close' | undefined; value: string },
): Promise<PreviewFiguresAnswer> {
  const { db } = deps;
  const target = await resolveTarget(deps, input);
  checkValue(target.market.grp, input.value);
  const live = await liveResults(db, target.market.id, target.date);
  const params = paramsFor(target.market.grp, target.half, input.value, live);
  return formatPreview(await previewFigures(db, target, params));
}

export interface ExposurePaise {
  bet_type: string;
  session: string;
  half: Half;
  digits: string;
  close_digits: string;
  bids: number;
  stakes: number;
  payout: number;
}

export const formatExposure = (r: ExposurePaise): ExposureRow => ({
  bet_type: r.bet_type,
  session: r.session,
  half: r.half,
  digits: r.digits,
  close_digits: r.close_digits,
  bids: r.bids,
  stakes_paise: r.stakes,
  payout_paise: r.payout,
});

export async function resultHistory(
  db: Queryable,
  marketId: number,
  date: string | undefined,
): Promise<ResultRowResponse[]> {
  if (date !== undefined && !isIsoDate(date))
    throw new AppError('RESULT_DATE_INVALID', resultMessages.badDate);
  const { rows } = await db.query<ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM results WHERE market_id = $1 AND ($2::date IS NULL OR market_date = $2::date)
      ORDER BY market_date DESC, id DESC LIMIT 500`,
    [marketId, date ?? null],
  );
  const iso = (d: Date | null) => (d === null ? null : d.toISOString());
  return rows.map((r) => ({
    ...r,
    declared_at: r.declared_at.toISOString(),
    settled_at: iso(r.settled_at),
    revert_started_at: iso(r.revert_started_at),
    reverted_at: iso(r.reverted_at),
  }));
}
