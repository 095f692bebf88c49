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
import { declareResult, liveResults } from './service.ts';

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

/** Records one row, half by half; a refusal stops that row's later halves (a close needs its open). */
export async function importRow(deps: Deps, row: ImportRow): Promise<ImportOutcome[]> {
  if (!isIsoDate(row.date)) return [{ state: 'refused', half: null, msg: resultMessages.badDate }];
  const market = await marketById(deps.db, row.market_id);
  if (!market) return [{ state: 'refused', half: null, msg: resultMessages.marketNotFound }];
  if (noDrawReason(market.schedule, row.date) !== null)
    return [{ state: 'refused', half: null, msg: importMessages.noDraw }];

  let halves: Array<{ half: 'open' | 'close' | 'single'; value: string }>;
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

  const outcomes: ImportOutcome[] = [];
  for (const { half, value } of halves) {
    const live = (await liveResults(deps.db, market.id, row.date)).get(half);
    if (live && !live.revert_started_at) {
      outcomes.push(
        live.value === value
          ? { state: 'unchanged', half, result_id: live.id }
          : { state: 'refused', half, msg: resultMessages.alreadyDeclared },
      );
      if (live.value !== value) break;
      continue;
    }
    try {
      const declared = await declareResult(deps, null, {
        market_id: market.id,
        date: row.date,
        half: half === 'single' ? undefined : half,
        value,
      });
      outcomes.push({ state: 'recorded', half, result_id: declared.result_id, settled: declared.settled });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ state: 'refused', half, msg: error.message });
      break;
    }
  }
  return outcomes;
}

/** Records every row in order; one row's refusal leaves the others to go on. */
export async function importResults(
  deps: Deps,
  rows: readonly ImportRow[],
): Promise<Array<{ row: ImportRow; outcomes: ImportOutcome[] }>> {
  const done = [];
  for (const row of rows) done.push({ row, outcomes: await importRow(deps, row) });
  return done;
}
