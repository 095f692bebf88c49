/**
 * Past results recorded in bulk (issue 32 item 16; the console's chart import of issue 31 will call it): rows of
 * market, day and value go through `declareResult`, the path an operator's declaration takes, so each is checked
 * as a declaration is (a pana of the 220, two digits for Gali, the open before the close, the draw's time
 * passed) and a draw that had bids is settled by the same code, exactly once. Two more rules for an import:
 * a day the market does not draw is refused, and a draw already declared is left as it is: the same value again
 * is reported unchanged (an import can be run twice), a different one is refused, never overwritten; a
 * correction is a revert on the results desk, with its reason.
 */
import { resultMessages } from '@gama/core/endpoints/results/index';
import { isIsoDate } from '@gama/core/rules/dates';
import { noDrawReason } from '@gama/core/rules/schedule';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { marketById } from '../markets/repository.ts';
import { checkDrawTime, checkValue, declareResult, liveResults } from './service.ts';

/**
 * One market day. A main market has an open pana and, once the close is known, a close pana (the jodi follows
 * from the two); Starline has one pana and Gali two digits, in `result`.
 */
export interface ImportRow {
  market_id: number;
  /** YYYY-MM-DD, the market day. */
  date: string;
  open?: string | undefined;
  close?: string | undefined;
  result?: string | undefined;
}

export type ImportOutcome =
  | { state: 'recorded'; half: 'open' | 'close' | 'single'; result_id: number; settled: number }
  | { state: 'unchanged'; half: 'open' | 'close' | 'single'; result_id: number }
  | { state: 'refused'; half: 'open' | 'close' | 'single' | null; msg: string };

export const importMessages = {
  noDraw: resultMessages.noDraw,
  mainValues: 'A main market takes open and close panas, not result',
  singleValue: 'This market has a single result; send result, not open or close',
  nothing: 'Send at least one value',
} as const;

type HalfName = 'open' | 'close' | 'single';

/** What a half of a row would do: `ok` is recorded by `recordJudged`, the others are final. */
export type Judgement =
  | { state: 'ok'; half: HalfName; value: string }
  | { state: 'unchanged'; half: HalfName; result_id: number }
  | { state: 'refused'; half: HalfName | null; msg: string };

/**
 * The values a batch has judged `ok` so far, by market, day and half: a later row of the same batch sees them
 * as declared, so a preview answers what the import will do, line for line.
 */
export type BatchValues = Map<string, string>;
const batchKey = (marketId: number, date: string, half: HalfName) => `${marketId}/${date}/${half}`;

/**
 * Judges one row without writing anything, by the declaration's own checks (service.ts): the value, the open
 * before the close, the draw's time passed. A refusal stops that row's later halves (a close needs its open).
 */
export async function judgeRow(
  deps: Deps,
  row: ImportRow,
  batch: BatchValues = new Map(),
): Promise<Judgement[]> {
  if (!isIsoDate(row.date)) return [{ state: 'refused', half: null, msg: resultMessages.badDate }];
  const market = await marketById(deps.db, row.market_id);
  if (!market) return [{ state: 'refused', half: null, msg: resultMessages.marketNotFound }];
  if (noDrawReason(market.schedule, row.date) !== null)
    return [{ state: 'refused', half: null, msg: importMessages.noDraw }];

  let halves: Array<{ half: HalfName; value: string }>;
  if (market.grp === 'main') {
    if (row.result !== undefined) return [{ state: 'refused', half: null, msg: importMessages.mainValues }];
    halves = [
      ...(row.open === undefined ? [] : [{ half: 'open' as const, value: row.open }]),
      ...(row.close === undefined ? [] : [{ half: 'close' as const, value: row.close }]),
    ];
  } else {
    if (row.open !== undefined || row.close !== undefined)
      return [{ state: 'refused', half: null, msg: importMessages.singleValue }];
    halves = row.result === undefined ? [] : [{ half: 'single', value: row.result }];
  }
  if (halves.length === 0) return [{ state: 'refused', half: null, msg: importMessages.nothing }];

  const live = await liveResults(deps.db, market.id, row.date);
  const judged: Judgement[] = [];
  for (const { half, value } of halves) {
    const declared = live.get(half);
    if (declared && !declared.revert_started_at) {
      if (declared.value !== value) {
        judged.push({ state: 'refused', half, msg: resultMessages.alreadyDeclared });
        break;
      }
      judged.push({ state: 'unchanged', half, result_id: declared.id });
      continue;
    }
    const earlier = batch.get(batchKey(market.id, row.date, half));
    if (earlier !== undefined && earlier !== value) {
      judged.push({ state: 'refused', half, msg: resultMessages.alreadyDeclared });
      break;
    }
    try {
      if (declared) throw new AppError('REVERT_IN_PROGRESS', resultMessages.revertInProgress);
      checkValue(market.grp, value);
      if (half === 'close' && !live.has('open') && !batch.has(batchKey(market.id, row.date, 'open')))
        throw new AppError('RESULT_OPEN_FIRST', resultMessages.openFirst);
      checkDrawTime({ market, date: row.date, half }, deps.clock.now());
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      judged.push({ state: 'refused', half, msg: error.message });
      break;
    }
    batch.set(batchKey(market.id, row.date, half), value);
    judged.push({ state: 'ok', half, value });
  }
  return judged;
}

/**
 * Records a judged row's `ok` halves through `declareResult`, which checks them again: a draw declared in the
 * meantime is refused then, never overwritten.
 */
export async function recordJudged(
  deps: Deps,
  row: ImportRow,
  judged: readonly Judgement[],
  operatorId: number | null = null,
): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  for (const j of judged) {
    if (j.state !== 'ok') {
      outcomes.push(j);
      continue;
    }
    try {
      const declared = await declareResult(deps, operatorId, {
        market_id: row.market_id,
        date: row.date,
        half: j.half === 'single' ? undefined : j.half,
        value: j.value,
      });
      outcomes.push(
        declared.resumed
          ? { state: 'unchanged', half: j.half, result_id: declared.result_id }
          : { state: 'recorded', half: j.half, result_id: declared.result_id, settled: declared.settled },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ state: 'refused', half: j.half, msg: error.message });
      break;
    }
  }
  return outcomes;
}

/** Records one row, half by half; a refusal stops that row's later halves (a close needs its open). */
export async function importRow(deps: Deps, row: ImportRow): Promise<ImportOutcome[]> {
  return recordJudged(deps, row, await judgeRow(deps, row));
}

/**
 * Judges every row first, as a preview does, then records the good halves in order; one row's refusal leaves
 * the others to go on.
 */
export async function importResults(
  deps: Deps,
  rows: readonly ImportRow[],
  operatorId: number | null = null,
): Promise<Array<{ row: ImportRow; outcomes: ImportOutcome[] }>> {
  const batch: BatchValues = new Map();
  const judged = [];
  for (const row of rows) judged.push({ row, judged: await judgeRow(deps, row, batch) });
  const done = [];
  for (const { row, judged: j } of judged)
    done.push({ row, outcomes: await recordJudged(deps, row, j, operatorId) });
  return done;
}
