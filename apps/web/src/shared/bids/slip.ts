import type { SubmitBidResponse } from '@gama/core/endpoints/bids/index';
import type { BetType } from '@gama/core/rules/bet-types';
import { addPaise, stakePaise } from '@gama/core/rules/money';
import { spDpTpLabelOf, type BidEntry, type Submission } from './submission.ts';

/** What one Confirm did to the slip. */
export interface SlipAfterSubmit {
  /** The rows not placed, as entries: refused rows carry their messages, rows of a failed call none. */
  entries: BidEntry[];
  /** Rows and points the server placed. */
  placedRows: number;
  placedPaise: number;
  /** Rows the server left out at their number's liability cap. */
  refusedRows: number;
  /** The first failed call's reason; null when every call was answered. */
  failure: unknown;
}

const rowKey = (session: string, digits: string, closeDigits: string) =>
  `${session.toLowerCase()}\u0000${digits}\u0000${closeDigits}`;

/**
 * The slip after its submissions were answered. A call that failed placed nothing, so all its rows stay; a call
 * that succeeded placed every row except those it lists as refused, which stay marked with their messages.
 * The server judges rows on one number together, so a refusal matches every row of the slip on that number.
 */
export function slipAfterSubmit(
  betType: BetType,
  entries: readonly BidEntry[],
  submissions: readonly Submission[],
  outcomes: ReadonlyArray<PromiseSettledResult<SubmitBidResponse>>,
): SlipAfterSubmit {
  const answered = new Set<string>();
  const refused = new Map<string, string>();
  let failure: unknown = null;
  let placedRows = 0;
  let placedPaise = 0;
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      failure ??= outcome.reason;
      return;
    }
    const label = submissions[index]?.label;
    if (label !== undefined) answered.add(label);
    placedRows += outcome.value.bid_count;
    placedPaise = addPaise(placedPaise, outcome.value.total_paise);
    for (const row of outcome.value.refused ?? [])
      refused.set(rowKey(row.session, row.digits, row.closedigits), row.msg);
  });
  // Which call a row went in: SP DP TP sends one per pana type, every other bet type one under its label.
  const callOf = (pana: string) => (betType.expansion === 'sp_dp_tp' ? spDpTpLabelOf(pana) : betType.label);

  let refusedRows = 0;
  const kept = entries.flatMap((entry): BidEntry[] => {
    const refusals: string[] = [];
    const rows = entry.rows.filter((pana) => {
      if (!answered.has(callOf(pana))) return true;
      const message = refused.get(rowKey(entry.session, pana, entry.closeDigits));
      if (message === undefined) return false;
      refusedRows += 1;
      if (!refusals.includes(message)) refusals.push(message);
      return true;
    });
    if (rows.length === 0) return [];
    return [
      {
        ...entry,
        rows,
        costPaise: stakePaise(entry.points, rows.length),
        // A row kept from a failed call has no fresh verdict: an old mark would be stale.
        refusals: refusals.length > 0 ? refusals : undefined,
      },
    ];
  });
  return { entries: kept, placedRows, placedPaise, refusedRows, failure };
}
