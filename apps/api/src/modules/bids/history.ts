import type { BidRecord, WinRecord } from '@gama/core/endpoints/bids/index';
import { bidHistoryMessages } from '@gama/core/contract/bids';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { addDays, formatBidDate, parseHistoryDate } from '@gama/core/rules/dates';
import { formatPaise } from '@gama/core/rules/money';
import { sessionLabel } from '@gama/core/rules/sessions';
import type { Session } from '@gama/core/rules/sessions';
import { zonedParts } from '@gama/core/rules/time';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

const MAX_DAYS = 93;
const MAX_ROWS = 500;

/** From/To as `11/20/2026`; either missing means today in the market zone (the screens' default). */
export function historyRange(
  from: string | undefined,
  to: string | undefined,
  now: Date,
  zone: string,
): [string, string] {
  const today = zonedParts(now, zone).date;
  const start = from ? parseHistoryDate(from.trim()) : today;
  const end = to ? parseHistoryDate(to.trim()) : today;
  if (start === null || end === null || start > end)
    throw new AppError('BID_HISTORY_BAD_RANGE', bidHistoryMessages.badRange);
  if (addDays(start, MAX_DAYS) < end)
    throw new AppError('BID_HISTORY_RANGE_TOO_LONG', bidHistoryMessages.rangeTooLong);
  return [start, end];
}

interface Row {
  id: number;
  pana_label: string;
  name: string;
  session: Session;
  digits: string;
  close_digits: string;
  market_date: string;
  points: number;
  payout: number | null;
}

async function bidRows(
  db: Queryable,
  playerId: number,
  group: MarketGroup,
  [from, to]: [string, string],
  wonOnly: boolean,
): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT b.id, b.pana_label, m.name, b.session, b.digits, b.close_digits, to_char(b.market_date, 'YYYY-MM-DD') AS market_date,
            b.points, ${wonOnly ? 'b.payout' : 'NULL::bigint AS payout'}
       FROM ${wonOnly ? 'bid_outcomes' : 'bids'} b JOIN markets m ON m.id = b.market_id
      WHERE b.player_id = $1 AND b.grp = $2 AND b.market_date BETWEEN $3::date AND $4::date
        ${wonOnly ? "AND b.status = 'won'" : ''}
      ORDER BY b.market_date DESC, b.id DESC LIMIT ${MAX_ROWS}`,
    [playerId, group, from, to],
  );
  return rows;
}

export async function bidHistory(
  db: Queryable,
  playerId: number,
  group: MarketGroup,
  range: [string, string],
): Promise<BidRecord[]> {
  return (await bidRows(db, playerId, group, range, false)).map((r) => ({
    bid_id: Number(r.id),
    pana: r.pana_label,
    game_name: r.name,
    session: sessionLabel(r.session),
    digits: r.digits,
    closedigits: r.close_digits,
    bid_date: formatBidDate(r.market_date),
    points: String(r.points),
  }));
}

export async function winHistory(
  db: Queryable,
  playerId: number,
  group: MarketGroup,
  range: [string, string],
): Promise<WinRecord[]> {
  return (await bidRows(db, playerId, group, range, true)).map((r) => ({
    pana: r.pana_label,
    game_name: r.name,
    session: sessionLabel(r.session),
    digits: r.digits,
    closedigits: r.close_digits,
    wining_date: formatBidDate(r.market_date),
    amount: formatPaise(r.payout ?? 0),
  }));
}
