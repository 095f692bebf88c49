/**
 * The bid side of the liability caps: a slip adds what each of its numbers would pay to that number's
 * exposure row with one conditional upsert, inside the bid's transaction. The row's lock (the upsert takes it
 * and keeps it to commit) makes concurrent bids on a number take turns, and each re-reads the committed
 * payout before adding (`payout + x <= cap`), so no two bids can jointly pass a cap. Plain SQL that every
 * PostgreSQL-speaking engine accepts: no advisory locks.
 *
 * The rows of one slip that share a number are judged together (their payouts summed): the upsert can touch
 * a row once per statement, and a slip is one decision per number.
 */
import type { RateField } from '@gama/core/rules/bet-types';
import { payoutPaise } from '@gama/core/rules/money';
import type { Queryable } from '../../db/database.ts';

export interface ExposureRow {
  rateField: RateField;
  session: string;
  digits: string;
  closeDigits: string;
  points: number;
  rateVal1: number;
  rateVal2: number;
}

/** The number as a refusal and the desk name it: the digits, or `open-close` panas of a sangam. */
export function numberLabel(digits: string, closeDigits: string): string {
  return closeDigits === '' ? digits : `${digits}-${closeDigits}`;
}

export const limitReached = (number: string): string => `Limit reached for ${number}`;

const keyOf = (r: { rateField: string; session: string; digits: string; closeDigits: string }) =>
  `${r.rateField}\u0000${r.session}\u0000${r.digits}\u0000${r.closeDigits}`;

/**
 * Adds the rows' potential payouts to their numbers' exposure where the cap allows; answers, per row, whether
 * it was accepted. Rows of a refused number are not counted (the caller leaves them out of the bid).
 */
export async function reserveExposure<R extends ExposureRow>(
  tx: Queryable,
  draw: { marketId: number; marketDate: string; group: string },
  rows: readonly R[],
): Promise<{ accepted: R[]; refused: R[] }> {
  const sums = new Map<string, { row: R; payout: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    const payout = payoutPaise(row.points, row.rateVal1, row.rateVal2);
    const sum = sums.get(key);
    if (sum) sum.payout += payout;
    else sums.set(key, { row, payout });
  }
  const numbers = [...sums.values()];
  const { rows: taken } = await tx.query<{
    rate_field: string;
    session: string;
    digits: string;
    close_digits: string;
  }>(
    // Rows go in one fixed order, so two slips locking the same numbers cannot deadlock. EXCLUDED.cap is the
    // cap as this statement read it; a number without a cap always takes the addition.
    `INSERT INTO number_exposure AS e (market_id, market_date, rate_field, session, digits, close_digits, payout, cap)
     SELECT $1, $2::date, w.f, w.s, w.d, w.c, w.x, lc.cap
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[]) AS w(f, s, d, c, x)
       LEFT JOIN liability_caps lc ON lc.grp = $3 AND lc.rate_field = w.f
      WHERE lc.cap IS NULL OR w.x <= lc.cap
      ORDER BY w.f, w.s, w.d, w.c
     ON CONFLICT (market_id, market_date, rate_field, session, digits, close_digits) DO UPDATE
        SET payout = e.payout + EXCLUDED.payout, cap = EXCLUDED.cap
      WHERE EXCLUDED.cap IS NULL OR e.payout + EXCLUDED.payout <= EXCLUDED.cap
     RETURNING e.rate_field, e.session, e.digits, e.close_digits`,
    [
      draw.marketId,
      draw.marketDate,
      draw.group,
      numbers.map((n) => n.row.rateField),
      numbers.map((n) => n.row.session),
      numbers.map((n) => n.row.digits),
      numbers.map((n) => n.row.closeDigits),
      numbers.map((n) => n.payout),
    ],
  );
  const ok = new Set(
    taken.map((t) =>
      keyOf({ rateField: t.rate_field, session: t.session, digits: t.digits, closeDigits: t.close_digits }),
    ),
  );
  const accepted: R[] = [];
  const refused: R[] = [];
  for (const row of rows) (ok.has(keyOf(row)) ? accepted : refused).push(row);
  return { accepted, refused };
}
