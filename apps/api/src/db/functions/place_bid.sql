-- A bid's database work in one call (decision 018): the wallet and market locks, the key, the player's flags,
-- the rates, the liability caps, the balance, the journal (through gama_post_journals), the rows with their frozen
-- rates, the decided-draw check, the stake limits and the key with its outcome. The server keeps the rules that
-- need no table and words every refusal from the SQLSTATE GB000 reasons raised here (modules/bids/place.ts).
--
-- This file is the function as the server runs it: a repeatable (db/repeatables.ts), applied after the numbered
-- migrations and again whenever its text changes. Its history before this file is migrations 0029, 0031, 0032
-- and 0033; `bench/src/bid-levers.ts` edits this file's text to count what a change would save.
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
  v_taken boolean[];
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
  -- settlement's (gama_payout, rules.sql). When no row's rate field has a cap (the usual case) this statement
  -- is not run at all: planned and started on every bid, it wrote nothing. v_taken says, per row, whether its
  -- number stayed within its cap; NULL (no caps) takes every row. A refusal after this statement (all rows
  -- refused, the balance short, the draw decided) undoes what it wrote with the rest of the call.
  IF v_read.capped THEN
    WITH w AS (
      SELECT f, s, d, c, sum(gama_payout(p, v1, v2))::bigint AS x, min(lc.cap) AS cap
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
    )
    SELECT array_agg(t.rate_field IS NOT NULL OR NOT EXISTS (SELECT 1 FROM w WHERE w.f = r.f) ORDER BY r.n)
      INTO v_taken
      FROM unnest(p_sessions, p_digits, p_close, p_fields) WITH ORDINALITY AS r(s, d, c, f, n)
      LEFT JOIN taken t ON t.rate_field = r.f AND t.session = r.s AND t.digits = r.d AND t.close_digits = r.c;
  END IF;

  -- The journal and its two entries through the ledger's one entry point (post_journals.sql; the ledger trigger
  -- moves the balance, the wallet CHECK still refuses an overdraft), the rows with their frozen rates and the key
  -- with the outcome, written only when some row is taken and the balance covers them; the decided-draw check
  -- reads the halves the rows settle in.
  WITH slip AS (
    SELECT r.s, r.d, r.c, r.p, r.f, r.v1, r.v2, r.n, coalesce(r.taken, true) AS ok
      FROM unnest(p_sessions, p_digits, p_close, p_points, p_fields, v_read.val1, v_read.val2, v_taken)
             WITH ORDINALITY AS r(s, d, c, p, f, v1, v2, taken, n)
  ), total AS (
    SELECT (coalesce(sum(p) FILTER (WHERE ok), 0) * 100)::bigint AS cost,
           coalesce(to_jsonb(array_agg(n ORDER BY n) FILTER (WHERE NOT ok)), '[]'::jsonb) AS refused
      FROM slip
  ), journal AS (
    SELECT (gama_post_journals('bid', 'player:' || p_player, 'market', p_note, p_now, ARRAY[p_market], '{1,1}',
                               ARRAY[v_wallet, NULL], '{NULL,house}', ARRAY[-total.cost, total.cost]))[1] AS id
      FROM total WHERE total.cost > 0 AND total.cost <= v_balance
  ), outcome AS (
    SELECT journal.id AS journal_id, total.cost,
           jsonb_build_object('journal_id', journal.id, 'balance', v_balance - total.cost, 'cost', total.cost,
                              'refused', total.refused) AS answer
      FROM total LEFT JOIN journal ON true
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

  -- Stake limits (play/limits.ts; the rule is gama_over_play_limit, rules.sql), judged on what will be staked, under the wallet lock so concurrent bids of
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
       WHERE gama_over_play_limit(v_done.cost, l.amount, CASE l.period WHEN 'day' THEN v_used.day
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

-- A batch of slips in one transaction (decision 043): each slip is gama_place_bid above, the one body, run in a
-- block of its own, so a slip's refusal (GB000), its overdraft caught by the wallet CHECK, or a key a concurrent
-- duplicate committed first undoes that slip's writes only and becomes its answer; every other error fails the
-- batch, and the server places its slips one by one. The slips come as parallel arrays, one element per slip;
-- their rows are concatenated, p_counts[i] of them for slip i. The server sends them ordered by player (so two
-- batches lock wallets in one order) and, for one player, in the order they arrived. Answers come back in the
-- same order: the single call's answer, or {"error": {code, message, detail}}.
CREATE OR REPLACE FUNCTION gama_place_bids(
  p_players bigint[],
  p_scopes text[],
  p_keys text[],
  p_endpoints text[],
  p_hashes bytea[],
  p_nows timestamptz[],
  p_markets bigint[],
  p_schedule_revs integer[],
  p_grps text[],
  p_market_dates date[],
  p_bet_types text[],
  p_labels text[],
  p_notes text[],
  p_counts integer[],
  p_sessions text[],
  p_digits text[],
  p_close text[],
  p_points bigint[],
  p_fields text[],
  p_time_zones text[],
  p_todays date[],
  p_weeks date[],
  p_months date[]
) RETURNS jsonb[] LANGUAGE plpgsql AS $$
DECLARE
  v_answers jsonb[] := '{}';
  v_from integer := 1;
  v_to integer;
  v_state text;
  v_message text;
  v_detail text;
  v_constraint text;
BEGIN
  FOR i IN 1 .. cardinality(p_players) LOOP
    v_to := v_from + p_counts[i] - 1;
    BEGIN
      v_answers := v_answers || gama_place_bid(
        p_players[i], p_scopes[i], p_keys[i], p_endpoints[i], p_hashes[i], p_nows[i], p_markets[i],
        p_schedule_revs[i], p_grps[i], p_market_dates[i], p_bet_types[i], p_labels[i], p_notes[i],
        p_sessions[v_from:v_to], p_digits[v_from:v_to], p_close[v_from:v_to], p_points[v_from:v_to],
        p_fields[v_from:v_to], p_time_zones[i], p_todays[i], p_weeks[i], p_months[i]);
    EXCEPTION WHEN SQLSTATE 'GB000' OR check_violation OR unique_violation THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL,
                              v_constraint = CONSTRAINT_NAME;
      -- Only the wallet's CHECK and the key's unique index are a slip's own answer; any other constraint (a
      -- draw month without its partition, a row the schema refuses) is the batch's failure.
      IF v_state = '23514' AND v_constraint IS DISTINCT FROM 'wallet_not_negative'
         OR v_state = '23505' AND v_constraint IS DISTINCT FROM 'idempotency_keys_pkey' THEN
        RAISE;
      END IF;
      v_answers := v_answers || jsonb_build_object('error', jsonb_build_object(
        'code', v_state, 'message', v_message, 'detail', nullif(v_detail, ''), 'constraint', v_constraint));
    END;
    v_from := v_to + 1;
  END LOOP;
  RETURN v_answers;
END $$;
