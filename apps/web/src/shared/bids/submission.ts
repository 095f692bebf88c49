import type { SubmitBidResponse } from '@gama/core/endpoints/bids/index';
import { bidEndpointsOf } from '@gama/core/endpoints';
import type { BetType, MarketGroup } from '@gama/core/rules/bet-types';
import { addPaise, formatPaise, stakePaise } from '@gama/core/rules/money';
import { panaType } from '@gama/core/rules/panas';
import { sessionLabel, type Session } from '@gama/core/rules/sessions';
import { call } from '../../lib/api-client.ts';
import type { BidNavState } from './nav-state.ts';

/** One accepted Proceed: what the player typed and what it expands to. */
export interface BidEntry {
  id: string;
  session: Session;
  /** As typed: digit, jodi, pana, motor digits, or the open pana of a Full Sangam. */
  digits: string;
  /** Half Sangam pana, Full Sangam close pana; '' otherwise. */
  closeDigits: string;
  points: number;
  /** The panas this entry stands for (motors, SP DP TP); one element, `digits`, otherwise. */
  rows: string[];
  costPaise: number;
  /** Why the server left these rows out last time (`Limit reached for {number}`), one per number. */
  refusals?: readonly string[];
}

export interface WireRow {
  digits: string;
  closedigits: string;
  points: string;
  session: 'Open' | 'Close';
  pana: string;
}

/** One call to the group's submit endpoint: its own label, rows and idempotency key. */
export interface Submission {
  label: string;
  rows: WireRow[];
  totalPaise: number;
}

const SP_DP_TP_LABELS = { single: 'Single Pana', double: 'Double Pana', triple: 'Triple Pana' } as const;

/** The submission an SP DP TP pana goes into: its own pana type's label. */
export function spDpTpLabelOf(pana: string): string {
  return SP_DP_TP_LABELS[panaType(pana)];
}

/**
 * The rows the server expects (spec 02 section 7, decision D11). Motors send the entered digits and the
 * server expands them itself; SP DP TP becomes up to three ordinary pana submissions, one per pana type.
 */
export function buildSubmissions(betType: BetType, entries: readonly BidEntry[]): Submission[] {
  if (betType.expansion === 'sp_dp_tp') {
    const byType = new Map<string, Submission>();
    for (const entry of entries) {
      for (const pana of entry.rows) {
        const label = spDpTpLabelOf(pana);
        const submission = byType.get(label) ?? { label, rows: [], totalPaise: 0 };
        submission.rows.push({
          digits: pana,
          closedigits: '',
          points: String(entry.points),
          session: sessionLabel(entry.session),
          pana: label,
        });
        submission.totalPaise = addPaise(submission.totalPaise, stakePaise(entry.points));
        byType.set(label, submission);
      }
    }
    // A fixed order so the same list always makes the same calls (and reuses the same keys).
    return Object.values(SP_DP_TP_LABELS).flatMap((label) => byType.get(label) ?? []);
  }
  return [
    {
      label: betType.label,
      rows: entries.map((entry) => ({
        digits: entry.digits,
        closedigits: entry.closeDigits,
        points: String(entry.points),
        session: sessionLabel(entry.session),
        pana: betType.label,
      })),
      totalPaise: addPaise(...entries.map((entry) => entry.costPaise)),
    },
  ];
}

/** Open, Close, or both when the player switched session between entries. */
export function gameTypeOf(entries: readonly BidEntry[]): 'Open' | 'Close' | 'Open & Close' {
  const sessions = new Set(entries.map((entry) => entry.session));
  if (sessions.size > 1) return 'Open & Close';
  return sessionLabel(entries[0]?.session ?? 'open');
}

/**
 * Sends one submission to the group's submit entry; the body is checked against `submitBidRequest` by the
 * entry's type. The key goes as the Idempotency-Key header: a retry of this same submission gets the first answer.
 */
export async function sendSubmission(
  group: MarketGroup,
  market: BidNavState,
  bidDate: string,
  submission: Submission,
  key: string,
): Promise<SubmitBidResponse> {
  const first = submission.rows[0]?.session ?? 'Open';
  return call(
    bidEndpointsOf[group].submit,
    {
      game_id: market.gameId,
      new_result: {
        Gamename: market.gameName,
        totalbit: formatPaise(submission.totalPaise),
        gameid: String(market.gameId),
        pana: submission.label,
        gametype: first,
        bid_date: bidDate,
        session: first,
        result: submission.rows,
      },
    },
    { idempotencyKey: key },
  );
}
