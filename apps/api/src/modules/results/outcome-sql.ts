/**
 * The win condition of every bet type as one SQL expression over a bid row `b`, given the declared values
 * as parameters. It mirrors `evaluateBid` in packages/core (the oracle the tests compare it with).
 */
import { ankOf } from '@gama/core/rules/panas';

export interface ResultParams {
  /** Open pana (main), the slot's pana (Starline); null when not declared. */
  open: string | null;
  close: string | null;
  openAnk: string | null;
  closeAnk: string | null;
  /** Main: open ank + close ank; Gali: the two digits. */
  jodi: string | null;
  left: string | null;
  right: string | null;
}

export function mainParams(open: string, close: string | null): ResultParams {
  const openAnk = String(ankOf(open));
  const closeAnk = close === null ? null : String(ankOf(close));
  return {
    open,
    close,
    openAnk,
    closeAnk,
    jodi: closeAnk === null ? null : openAnk + closeAnk,
    left: null,
    right: null,
  };
}

export function starlineParams(pana: string): ResultParams {
  return {
    open: pana,
    close: null,
    openAnk: String(ankOf(pana)),
    closeAnk: null,
    jodi: null,
    left: null,
    right: null,
  };
}

export function galiParams(result: string): ResultParams {
  return {
    open: null,
    close: null,
    openAnk: null,
    closeAnk: null,
    jodi: result,
    left: result[0] ?? null,
    right: result[1] ?? null,
  };
}

/** Parameter values in the order the expression's placeholders expect, starting at `$first`. */
export function paramValues(p: ResultParams): unknown[] {
  return [p.open, p.close, p.openAnk, p.closeAnk, p.jodi, p.left, p.right];
}

export function wonExpression(first: number): string {
  const [open, close, openAnk, closeAnk, jodi, left, right] = Array.from(
    { length: 7 },
    (_, i) => `$${first + i}::text`,
  );
  return `coalesce(CASE b.bet_type
      WHEN 'single_digit' THEN b.digits = (CASE b.session WHEN 'open' THEN ${openAnk} ELSE ${closeAnk} END)
      WHEN 'jodi_digit' THEN b.digits = ${jodi}
      WHEN 'half_sangam' THEN CASE b.session
        WHEN 'open' THEN b.digits = ${openAnk} AND b.close_digits = ${close}
        ELSE b.digits = ${closeAnk} AND b.close_digits = ${open} END
      WHEN 'full_sangam' THEN b.digits = ${open} AND b.close_digits = ${close}
      WHEN 'starline_single_digit' THEN b.digits = ${openAnk}
      WHEN 'gali_left_digit' THEN b.digits = ${left}
      WHEN 'gali_right_digit' THEN b.digits = ${right}
      WHEN 'gali_jodi_digit' THEN b.digits = ${jodi}
      ELSE b.digits = (CASE b.session WHEN 'open' THEN ${open} ELSE ${close} END)
    END, false)`;
}

/**
 * A bid row's payout in paise, rounded down (D5): `gama_payout` (db/functions/rules.sql), the rule's one SQL
 * definition, which the planner writes in as its expression.
 */
export const PAYOUT_SQL = 'gama_payout(b.points, b.rate_val_1, b.rate_val_2)';
