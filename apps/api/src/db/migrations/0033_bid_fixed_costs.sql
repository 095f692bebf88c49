-- A bid's fixed costs, measured by instructions (issue 18; bench/src/bid-instructions.ts, docs/performance.md).
-- callgrind on a single-user PostgreSQL 15 put about 15% of a bid's instructions in reading CHECK constraints
-- and generation expressions back from their stored text: PostgreSQL 15 rebuilds a table's CHECK expressions
-- from text once per statement that writes it (and an UPDATE checks every one, whatever column it set), so each
-- bid parsed about 13 KB of node text, most of it the byte-by-byte constants of `kind IN (...)` lists.
--
-- 1. A rule on one column's value becomes a domain. A domain's constraints are read once per connection (the
--    type cache) and are checked where a value is written to the column, not when another column of the row is
--    updated: the wallet's balance update no longer re-checks the account's kind. The rules are the same, with
--    the same SQLSTATE (23514, check_violation); only the constraint's name in the message changes. The columns
--    change type without a rewrite (a domain without constraints is binary-coercible with its base type), then
--    the constraints are added to the domains, which checks every stored value once.
--    Rules that tie several columns together stay CHECK constraints: wallet_not_negative and debt_not_positive
--    (the database's own refusal of an overdraft, L3), the account's owner and cached balance (folded into one
--    constraint, accounts_owner_and_cache), a bid's amount, and the bid columns the generated settle_half reads
--    (grp, session: a generated column's inputs cannot change type).
-- 2. gama_place_bid leaves the liability caps out of its write when no row's rate field has a cap (the read
--    after the locks says so): the exposure upsert, its grouping and its join were planned and started on every
--    bid to write nothing, in the usual case of a group without caps.
--
-- The altered columns lose their statistics with their old types. A table that had statistics has them gathered
-- again here; one never analyzed (a new database) is left so: PostgreSQL plans a never-analyzed table as at least
-- ten pages, while statistics of a nearly empty table would make it plan sequential scans that the growing tables
-- outlive (measured: a fresh database analyzed here cost its bids 5.7 million instructions instead of 2.8).

DROP VIEW bid_outcomes;

CREATE DOMAIN journal_kind AS text;
CREATE DOMAIN account_kind AS text;
CREATE DOMAIN idempotency_key AS text;
CREATE DOMAIN ledger_amount AS bigint;
CREATE DOMAIN bid_digits AS text;
CREATE DOMAIN bid_close_digits AS text;
CREATE DOMAIN bid_points AS bigint;
CREATE DOMAIN rate_numerator AS integer;
CREATE DOMAIN rate_denominator AS integer;

ALTER TABLE journals ALTER COLUMN kind TYPE journal_kind;
ALTER TABLE accounts ALTER COLUMN kind TYPE account_kind;
ALTER TABLE idempotency_keys ALTER COLUMN key TYPE idempotency_key;
ALTER TABLE entries ALTER COLUMN amount TYPE ledger_amount;
ALTER TABLE bids
  ALTER COLUMN digits TYPE bid_digits,
  ALTER COLUMN close_digits TYPE bid_close_digits,
  ALTER COLUMN points TYPE bid_points,
  ALTER COLUMN rate_val_1 TYPE rate_numerator,
  ALTER COLUMN rate_val_2 TYPE rate_denominator;

ALTER DOMAIN journal_kind ADD CONSTRAINT journal_kind_known CHECK (VALUE IN (
  'bid', 'win', 'win_reversal', 'deposit', 'withdraw_hold', 'withdraw_payout', 'withdraw_release', 'transfer',
  'adjustment', 'debt_repayment'));
ALTER DOMAIN account_kind ADD CONSTRAINT account_kind_known CHECK (VALUE IN (
  'wallet', 'debt', 'house', 'deposits', 'withdrawals_pending', 'withdrawals_paid', 'adjustments'));
ALTER DOMAIN idempotency_key ADD CONSTRAINT idempotency_key_length CHECK (char_length(VALUE) BETWEEN 8 AND 255);
ALTER DOMAIN ledger_amount ADD CONSTRAINT ledger_amount_not_zero CHECK (VALUE <> 0);
ALTER DOMAIN bid_digits ADD CONSTRAINT bid_digits_shape CHECK (VALUE ~ '^[0-9]{1,3}$');
ALTER DOMAIN bid_close_digits ADD CONSTRAINT bid_close_digits_shape CHECK (VALUE ~ '^[0-9]{0,3}$');
ALTER DOMAIN bid_points ADD CONSTRAINT bid_points_positive CHECK (VALUE >= 1);
ALTER DOMAIN rate_numerator ADD CONSTRAINT rate_numerator_positive CHECK (VALUE > 0);
ALTER DOMAIN rate_denominator ADD CONSTRAINT rate_denominator_not_negative CHECK (VALUE >= 0);

-- The table constraints the domains replace: each CHECK that reads only one of the columns above.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT con.conrelid::regclass AS rel, con.conname
      FROM pg_constraint con
      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[1]
     WHERE con.contype = 'c' AND cardinality(con.conkey) = 1 AND con.conislocal
       AND (con.conrelid, a.attname) IN (('journals'::regclass, 'kind'), ('accounts'::regclass, 'kind'),
                                         ('idempotency_keys'::regclass, 'key'), ('entries'::regclass, 'amount'),
                                         ('bids'::regclass, 'digits'), ('bids'::regclass, 'close_digits'),
                                         ('bids'::regclass, 'points'), ('bids'::regclass, 'rate_val_1'),
                                         ('bids'::regclass, 'rate_val_2'))
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.rel, c.conname);
  END LOOP;
END $$;

ALTER TABLE accounts
  DROP CONSTRAINT accounts_owner,
  DROP CONSTRAINT accounts_cached,
  ADD CONSTRAINT accounts_owner_and_cache
    CHECK ((player_id IS NULL) = (balance IS NULL) AND (player_id IS NULL) = (kind NOT IN ('wallet', 'debt')));

CREATE VIEW bid_outcomes AS
SELECT b.*,
       r.id AS result_id,
       CASE
         WHEN r.id IS NULL OR (r.settled_at IS NULL AND b.id > r.settled_through) THEN 'pending'
         WHEN c.bid_id IS NOT NULL THEN 'won'
         ELSE 'lost'
       END AS status,
       c.payout
  FROM bids b
  LEFT JOIN results r
    ON r.market_id = b.market_id AND r.market_date = b.market_date AND r.half = b.settle_half
   AND r.reverted_at IS NULL
  LEFT JOIN win_credits c ON c.bid_id = b.id AND c.market_date = b.market_date AND c.result_id = r.id;

DO $$
DECLARE
  t regclass;
BEGIN
  FOREACH t IN ARRAY ARRAY['journals', 'accounts', 'idempotency_keys', 'entries', 'bids']::regclass[] LOOP
    -- A partitioned table's own row count stays -1; its partitions say whether it was analyzed.
    IF EXISTS (SELECT 1 FROM pg_class c WHERE c.reltuples >= 0
                 AND (c.oid = t OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = t))) THEN
      EXECUTE format('ANALYZE %s', t);
    END IF;
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION gama_place_bid(
  p_player bigint,
  p_scope text,
  p_key text,
  p_endpoint text,
  p_hash bytea,
  p_now timestamptz,
  p_market bigint,
  p_schedule_rev integer,
  p_grp text,
  p_market_date date,
  p_bet_type text,
  p_label text,
  p_note text,
  p_sessions text[],
  p_digits text[],
  p_close text[],
  p_points bigint[],
  p_fields text[],
  p_time_zone text,
  p_today date,
  p_week date,
  p_month date
) RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
DECLARE
  v_wallet bigint;
  v_balance bigint;
  v_debt bigint;
  v_read record;
  v_done record;
  v_used record;
  v_outcome jsonb;
BEGIN
  -- The wallet lock orders this player's debits; the market's KEY SHARE lock orders this bid against a
  -- declaration and a schedule change. Everything after reads what committed before both were held.
  SELECT max(l.id) FILTER (WHERE l.kind = 'wallet'), max(l.balance) FILTER (WHERE l.kind = 'wallet'),
         coalesce(-max(l.balance) FILTER (WHERE l.kind = 'debt'), 0)
    INTO v_wallet, v_balance, v_debt
    FROM (SELECT a.id, a.kind, a.balance FROM accounts a CROSS JOIN markets m
           WHERE a.player_id = p_player AND m.id = p_market
           ORDER BY a.id FOR NO KEY UPDATE OF a FOR KEY SHARE OF m) l;
  IF v_wallet IS NULL THEN
    IF NOT EXISTS (SELECT 1 FROM markets WHERE id = p_market) THEN
      RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'closed';
    END IF;
    RAISE EXCEPTION 'player % has no ledger accounts', p_player;
  END IF;
  -- One read after the locks: the key, the player's flags, their stake limits in force, the rates of the rows
  -- and the market's flag and revision.
  --
  -- The key comes first among the checks that can refuse: a replay gets its first outcome back whatever the
  -- rules say now, and a duplicate sent while the first was running waited on the lock above and finds the
  -- first one's outcome committed. The key is written once, with the outcome, at the end; its unique index
  -- still stops a duplicate that reached this point by another path (the server then asks again and gets the
  -- replay).
  SELECT p.id IS NOT NULL AS found, p.betting_status, p.blocked_at IS NOT NULL AS blocked, p.break_kind,
         p.break_until, k.scope IS NOT NULL AS keyed, k.endpoint, k.request_hash, k.response,
         (SELECT jsonb_agg(jsonb_build_object('period', l.period, 'amount', l.amount))
            FROM (SELECT period, CASE WHEN pending_at <= p_now THEN pending_amount ELSE amount END AS amount
                    FROM play_limits WHERE player_id = p_player AND kind = 'stake') l
           WHERE l.amount IS NOT NULL) AS limits,
         rt.val1, rt.val2, rt.priced, rt.capped, m.active, m.schedule_rev
    INTO v_read
    FROM markets m
    LEFT JOIN players p ON p.id = p_player
    LEFT JOIN idempotency_keys k ON p_key IS NOT NULL AND k.scope = p_scope AND k.key = p_key
    CROSS JOIN LATERAL (
      SELECT array_agg(g.val_1 ORDER BY r.n) AS val1, array_agg(g.val_2 ORDER BY r.n) AS val2,
             count(g.rate_field) AS priced,
             EXISTS (SELECT 1 FROM liability_caps lc WHERE lc.grp = p_grp AND lc.rate_field = ANY (p_fields)) AS capped
        FROM unnest(p_fields) WITH ORDINALITY AS r(f, n)
        LEFT JOIN game_rates g ON g.grp = p_grp AND g.rate_field = r.f) AS rt
   WHERE m.id = p_market;
  IF v_read.keyed THEN
    IF v_read.endpoint <> p_endpoint OR v_read.request_hash <> p_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'key_mismatch';
    END IF;
    IF v_read.response IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'key_in_progress';
    END IF;
    RETURN jsonb_build_object('replay', v_read.response::jsonb);
  END IF;
  -- The server words the refusal (wallet/service.ts debitRefusal) from the flags in the detail.
  IF NOT v_read.found OR v_read.blocked OR v_read.betting_status <> '1' OR v_read.break_until > p_now
     OR v_debt > 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'player',
      DETAIL = jsonb_build_object('blocked', NOT v_read.found OR v_read.blocked,
                                  'betting_status', v_read.betting_status, 'break_kind', v_read.break_kind,
                                  'break_until', v_read.break_until, 'debt', v_debt)::text;
  END IF;
  IF v_read.priced <> cardinality(p_fields) THEN
    RAISE EXCEPTION 'a row of this bid has no % rate', p_grp;
  END IF;
  IF NOT v_read.active THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'closed';
  END IF;
  IF v_read.schedule_rev <> p_schedule_rev THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'schedule_changed';
  END IF;

  -- Liability caps (issue 16): the rows of one number are judged together, numbers go in one fixed order so
  -- two slips cannot deadlock, and only a number whose rate field has a cap is counted in number_exposure, whose
  -- row lock makes the bids on it take turns; a number without a cap takes every addition, with no row and no
  -- turn (the desk sums its bids; a cap set later counts them first, risk/caps.ts). The payout is the
  -- settlement's (results/outcome-sql.ts, D5). Then the journal, its two entries (the ledger trigger moves the
  -- balance; the wallet CHECK still refuses an overdraft), the rows with their frozen rates and the key with the
  -- outcome, written only when some row is taken and the balance covers them; the decided-draw check reads the
  -- halves the rows settle in.
  IF v_read.capped THEN
    WITH w AS (
      SELECT f, s, d, c, sum((p * 100 * v2) / v1)::bigint AS x, min(lc.cap) AS cap
        FROM unnest(p_fields, p_sessions, p_digits, p_close, p_points, v_read.val1, v_read.val2)
               AS r(f, s, d, c, p, v1, v2)
        JOIN liability_caps lc ON lc.grp = p_grp AND lc.rate_field = r.f
       GROUP BY f, s, d, c
    ), taken AS (
      INSERT INTO number_exposure AS e (market_id, market_date, rate_field, session, digits, close_digits, payout, cap)
      SELECT p_market, p_market_date, w.f, w.s, w.d, w.c, w.x, w.cap
        FROM w WHERE w.x <= w.cap
       ORDER BY w.f, w.s, w.d, w.c
      ON CONFLICT (market_id, market_date, rate_field, session, digits, close_digits) DO UPDATE
         SET payout = e.payout + EXCLUDED.payout, cap = EXCLUDED.cap
       WHERE e.payout + EXCLUDED.payout <= EXCLUDED.cap
      RETURNING e.rate_field, e.session, e.digits, e.close_digits
    ), slip AS (
      SELECT r.*, t.rate_field IS NOT NULL OR NOT EXISTS (SELECT 1 FROM w WHERE w.f = r.f) AS ok
        FROM unnest(p_sessions, p_digits, p_close, p_points, p_fields, v_read.val1, v_read.val2) WITH ORDINALITY
               AS r(s, d, c, p, f, v1, v2, n)
        LEFT JOIN taken t ON t.rate_field = r.f AND t.session = r.s AND t.digits = r.d AND t.close_digits = r.c
    ), total AS (
      SELECT coalesce(sum(p) FILTER (WHERE ok), 0) * 100 AS cost,
             coalesce(to_jsonb(array_agg(n ORDER BY n) FILTER (WHERE NOT ok)), '[]'::jsonb) AS refused
        FROM slip
    ), journal AS (
      INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
      SELECT 'bid', 'player:' || p_player, 'market', p_market, p_note, p_now
        FROM total WHERE total.cost > 0 AND total.cost <= v_balance
      RETURNING id
    ), outcome AS (
      SELECT journal.id AS journal_id, total.cost,
             jsonb_build_object('journal_id', journal.id, 'balance', v_balance - total.cost, 'cost', total.cost,
                                'refused', total.refused) AS answer
        FROM total LEFT JOIN journal ON true
    ), posted AS (
      INSERT INTO entries (journal_id, account_id, amount)
      SELECT journal.id, e.account, e.amount
        FROM journal CROSS JOIN total
        CROSS JOIN LATERAL (VALUES (v_wallet, -total.cost),
                                   ((SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), total.cost))
                             AS e(account, amount)
    ), placed AS (
      INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                        points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
      SELECT p_player, p_market, p_grp, p_market_date, p_bet_type, p_label, slip.s, slip.d, slip.c, slip.p,
             slip.p * 100, slip.f, slip.v1, slip.v2, journal.id, p_now
        FROM journal CROSS JOIN slip
       WHERE slip.ok
       ORDER BY slip.n
      RETURNING settle_half
    ), keyed AS (
      INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, journal_id, created_at)
      SELECT p_scope, p_key, p_endpoint, p_hash, outcome.answer::json, outcome.journal_id, p_now
        FROM outcome WHERE p_key IS NOT NULL AND outcome.journal_id IS NOT NULL
    )
    SELECT outcome.journal_id, outcome.cost, outcome.answer,
           EXISTS (SELECT 1 FROM results r
                    WHERE r.market_id = p_market AND r.market_date = p_market_date
                      AND r.half IN (SELECT settle_half FROM placed) AND r.reverted_at IS NULL) AS decided
      INTO v_done
      FROM outcome;
  ELSE
    -- No row's rate field has a cap: the same statement without the exposure rows.
    WITH slip AS (
      SELECT r.*, true AS ok
        FROM unnest(p_sessions, p_digits, p_close, p_points, p_fields, v_read.val1, v_read.val2) WITH ORDINALITY
               AS r(s, d, c, p, f, v1, v2, n)
    ), total AS (
      SELECT coalesce(sum(p) FILTER (WHERE ok), 0) * 100 AS cost,
             coalesce(to_jsonb(array_agg(n ORDER BY n) FILTER (WHERE NOT ok)), '[]'::jsonb) AS refused
        FROM slip
    ), journal AS (
      INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
      SELECT 'bid', 'player:' || p_player, 'market', p_market, p_note, p_now
        FROM total WHERE total.cost > 0 AND total.cost <= v_balance
      RETURNING id
    ), outcome AS (
      SELECT journal.id AS journal_id, total.cost,
             jsonb_build_object('journal_id', journal.id, 'balance', v_balance - total.cost, 'cost', total.cost,
                                'refused', total.refused) AS answer
        FROM total LEFT JOIN journal ON true
    ), posted AS (
      INSERT INTO entries (journal_id, account_id, amount)
      SELECT journal.id, e.account, e.amount
        FROM journal CROSS JOIN total
        CROSS JOIN LATERAL (VALUES (v_wallet, -total.cost),
                                   ((SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), total.cost))
                             AS e(account, amount)
    ), placed AS (
      INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                        points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
      SELECT p_player, p_market, p_grp, p_market_date, p_bet_type, p_label, slip.s, slip.d, slip.c, slip.p,
             slip.p * 100, slip.f, slip.v1, slip.v2, journal.id, p_now
        FROM journal CROSS JOIN slip
       WHERE slip.ok
       ORDER BY slip.n
      RETURNING settle_half
    ), keyed AS (
      INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, journal_id, created_at)
      SELECT p_scope, p_key, p_endpoint, p_hash, outcome.answer::json, outcome.journal_id, p_now
        FROM outcome WHERE p_key IS NOT NULL AND outcome.journal_id IS NOT NULL
    )
    SELECT outcome.journal_id, outcome.cost, outcome.answer,
           EXISTS (SELECT 1 FROM results r
                    WHERE r.market_id = p_market AND r.market_date = p_market_date
                      AND r.half IN (SELECT settle_half FROM placed) AND r.reverted_at IS NULL) AS decided
      INTO v_done
      FROM outcome;
  END IF;
  IF v_done.cost = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'all_refused',
      DETAIL = jsonb_build_object('refused', v_done.answer -> 'refused')::text;
  END IF;
  IF v_done.journal_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'insufficient';
  END IF;
  IF v_done.decided THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'decided';
  END IF;

  -- Stake limits (play/limits.ts), judged on what will be staked, under the wallet lock so concurrent bids of
  -- one player take turns (decision 010). The sums now hold this slip's rows (placed at p_now, inside every
  -- period): what was used before is the sum less the slip. The server words the refusal from the figures.
  IF v_read.limits IS NOT NULL THEN
    SELECT coalesce(sum(amount) FILTER (WHERE created_at >= (p_today::timestamp AT TIME ZONE p_time_zone)), 0)::bigint - v_done.cost AS day,
           coalesce(sum(amount) FILTER (WHERE created_at >= (p_week::timestamp AT TIME ZONE p_time_zone)), 0)::bigint - v_done.cost AS week,
           coalesce(sum(amount) FILTER (WHERE created_at >= (p_month::timestamp AT TIME ZONE p_time_zone)), 0)::bigint - v_done.cost AS month
      INTO v_used
      FROM bids
     WHERE player_id = p_player AND market_date >= least(p_week, p_month) - 1
       AND created_at >= (least(p_week, p_month)::timestamp AT TIME ZONE p_time_zone);
    IF EXISTS (
      SELECT 1 FROM jsonb_to_recordset(v_read.limits) AS l(period text, amount bigint)
       WHERE v_done.cost > greatest(0, l.amount - CASE l.period WHEN 'day' THEN v_used.day
                                                                   WHEN 'week' THEN v_used.week
                                                                   ELSE v_used.month END)
    ) THEN
      RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'play_limit',
        DETAIL = jsonb_build_object('limits', v_read.limits, 'cost', v_done.cost,
          'used', jsonb_build_object('day', v_used.day, 'week', v_used.week, 'month', v_used.month))::text;
    END IF;
  END IF;

  RETURN v_done.answer;
END $$;
