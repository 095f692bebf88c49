-- The game's money rules that the database judges itself, each written once in SQL (decision 041). Each has a
-- TypeScript twin in packages/core, and `apps/api/src/db/rules.test.ts` runs both against the same table of cases
-- (`packages/core/src/rules/shared-cases.ts`), so the two cannot drift apart unnoticed.
--
-- Each is a one-expression SQL function marked IMMUTABLE: the planner writes the expression in where the function
-- is called, so a call costs what the expression written out in place did. This file is a repeatable
-- (db/repeatables.ts), re-applied whenever its text changes.

-- A win's payout in paise, rounded down (game-rules D5): points x 100 x val_2 / val_1 in integer arithmetic.
-- Twin: `payoutPaise` (packages/core/src/rules/money.ts).
CREATE OR REPLACE FUNCTION gama_payout(p_points bigint, p_val_1 integer, p_val_2 integer) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_points * 100 * p_val_2) / p_val_1
$$;

-- A stake limit (responsible play): a slip is refused when it costs more than what is left of the period's
-- limit after what was already staked (nothing is left once the limit is used up). Twin: `overPlayLimit`
-- (packages/core/src/rules/responsible-play.ts).
CREATE OR REPLACE FUNCTION gama_over_play_limit(p_cost bigint, p_limit bigint, p_used bigint) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT p_cost > greatest(0, p_limit - p_used)
$$;

-- The draw half a bid row settles in: the expression of the bids' generated column settle_half (migration 0028),
-- for the bid function, which judges a slip's rows before it writes them (is that half decided already?). A
-- test writes a row of every group, bet type and session and compares the column with this function.
CREATE OR REPLACE FUNCTION gama_settle_half(p_grp text, p_session text, p_bet_type text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
           WHEN p_grp <> 'main' THEN 'single'
           WHEN p_session = 'open' AND p_bet_type NOT IN ('jodi_digit', 'half_sangam', 'full_sangam') THEN 'open'
           ELSE 'close'
         END
$$;
