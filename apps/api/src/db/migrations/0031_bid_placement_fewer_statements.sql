-- gama_place_bid (migration 0029, decision 018) in seven statements instead of twelve. A profile of the call
-- (perf, 2026-11-25) showed most of its CPU in starting and ending each statement's executor, not in the rows
-- written: so the reads after the wallet lock (the key, the flags, the stake limits, the rates) are one
-- statement, the journal and its entries another, and the decided-draw check reads the market's flag and
-- revision in the same statement. Order, locks and refusals are unchanged.
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
  v_read record;
  v_account record;
  v_wallet bigint;
  v_balance bigint;
  v_debt bigint := 0;
  v_val1 integer[];
  v_val2 integer[];
  v_placed bigint[];
  v_refused bigint[];
  v_cost bigint;
  v_used record;
  v_journal bigint;
  v_halves text[];
  v_market record;
  v_outcome jsonb;
BEGIN
  -- The lock orders this player's debits; the flags are read by a statement of their own after it, so an
  -- operator's switch that committed while this waited is seen (wallet/service.ts says why).
  FOR v_account IN
    SELECT id, kind, balance FROM accounts WHERE player_id = p_player ORDER BY id FOR NO KEY UPDATE
  LOOP
    IF v_account.kind = 'wallet' THEN
      v_wallet := v_account.id;
      v_balance := v_account.balance;
    ELSIF v_account.kind = 'debt' THEN
      v_debt := -v_account.balance;
    END IF;
  END LOOP;
  IF v_wallet IS NULL THEN
    RAISE EXCEPTION 'player % has no ledger accounts', p_player;
  END IF;
  -- One read after the lock, so an operator's switch that committed while this waited is seen: the key, the
  -- player's flags, their stake limits in force, and the rates of the rows.
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
         rt.val1, rt.val2, rt.priced
    INTO v_read
    FROM (SELECT 1) AS one
    LEFT JOIN players p ON p.id = p_player
    LEFT JOIN idempotency_keys k ON p_key IS NOT NULL AND k.scope = p_scope AND k.key = p_key
    CROSS JOIN LATERAL (
      SELECT array_agg(g.val_1 ORDER BY r.n) AS val1, array_agg(g.val_2 ORDER BY r.n) AS val2,
             count(g.rate_field) AS priced
        FROM unnest(p_fields) WITH ORDINALITY AS r(f, n)
        LEFT JOIN game_rates g ON g.grp = p_grp AND g.rate_field = r.f) AS rt;
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
  v_val1 := v_read.val1;
  v_val2 := v_read.val2;

  -- Liability caps (issue 16, risk/exposure.ts): the rows of one number are judged together, numbers go in one
  -- fixed order so two slips cannot deadlock, and a number without a cap always takes the addition. The
  -- payout is the settlement's (results/outcome-sql.ts, D5).
  WITH w AS (
    SELECT f, s, d, c, sum((p * 100 * v2) / v1)::bigint AS x
      FROM unnest(p_fields, p_sessions, p_digits, p_close, p_points, v_val1, v_val2) AS r(f, s, d, c, p, v1, v2)
     GROUP BY f, s, d, c
  ), taken AS (
    INSERT INTO number_exposure AS e (market_id, market_date, rate_field, session, digits, close_digits, payout, cap)
    SELECT p_market, p_market_date, w.f, w.s, w.d, w.c, w.x, lc.cap
      FROM w LEFT JOIN liability_caps lc ON lc.grp = p_grp AND lc.rate_field = w.f
     WHERE lc.cap IS NULL OR w.x <= lc.cap
     ORDER BY w.f, w.s, w.d, w.c
    ON CONFLICT (market_id, market_date, rate_field, session, digits, close_digits) DO UPDATE
       SET payout = e.payout + EXCLUDED.payout, cap = EXCLUDED.cap
     WHERE EXCLUDED.cap IS NULL OR e.payout + EXCLUDED.payout <= EXCLUDED.cap
    RETURNING e.rate_field, e.session, e.digits, e.close_digits
  )
  SELECT array_agg(r.n ORDER BY r.n) FILTER (WHERE t.rate_field IS NOT NULL),
         array_agg(r.n ORDER BY r.n) FILTER (WHERE t.rate_field IS NULL),
         coalesce(sum(r.p) FILTER (WHERE t.rate_field IS NOT NULL), 0) * 100
    INTO v_placed, v_refused, v_cost
    FROM unnest(p_fields, p_sessions, p_digits, p_close, p_points) WITH ORDINALITY AS r(f, s, d, c, p, n)
    LEFT JOIN taken t ON t.rate_field = r.f AND t.session = r.s AND t.digits = r.d AND t.close_digits = r.c;
  IF v_placed IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'all_refused',
      DETAIL = jsonb_build_object('refused', to_jsonb(v_refused))::text;
  END IF;
  IF v_cost > v_balance THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'insufficient';
  END IF;

  -- Stake limits (play/limits.ts), judged on what will be staked, under the wallet lock so concurrent bids of
  -- one player take turns (decision 010). The server words the refusal from the figures in the detail.
  IF v_read.limits IS NOT NULL THEN
    SELECT coalesce(sum(amount) FILTER (WHERE created_at >= (p_today::timestamp AT TIME ZONE p_time_zone)), 0)::bigint AS day,
           coalesce(sum(amount) FILTER (WHERE created_at >= (p_week::timestamp AT TIME ZONE p_time_zone)), 0)::bigint AS week,
           coalesce(sum(amount) FILTER (WHERE created_at >= (p_month::timestamp AT TIME ZONE p_time_zone)), 0)::bigint AS month
      INTO v_used
      FROM bids
     WHERE player_id = p_player AND market_date >= least(p_week, p_month) - 1
       AND created_at >= (least(p_week, p_month)::timestamp AT TIME ZONE p_time_zone);
    IF EXISTS (
      SELECT 1 FROM jsonb_to_recordset(v_read.limits) AS l(period text, amount bigint)
       WHERE v_cost > greatest(0, l.amount - CASE l.period WHEN 'day' THEN v_used.day
                                                              WHEN 'week' THEN v_used.week
                                                              ELSE v_used.month END)
    ) THEN
      RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'play_limit',
        DETAIL = jsonb_build_object('limits', v_read.limits, 'cost', v_cost,
          'used', jsonb_build_object('day', v_used.day, 'week', v_used.week, 'month', v_used.month))::text;
    END IF;
  END IF;

  WITH journal AS (
    INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
    VALUES ('bid', 'player:' || p_player, 'market', p_market, p_note, p_now)
    RETURNING id
  ), posted AS (
    INSERT INTO entries (journal_id, account_id, amount)
    SELECT journal.id, e.account, e.amount
      FROM journal CROSS JOIN (VALUES (v_wallet, -v_cost),
                                      ((SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), v_cost))
                                AS e(account, amount)
    RETURNING journal_id
  )
  SELECT min(journal_id) INTO v_journal FROM posted;

  WITH placed AS (
    INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                      points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
    SELECT p_player, p_market, p_grp, p_market_date, p_bet_type, p_label, r.s, r.d, r.c, r.p, r.p * 100, r.f,
           r.v1, r.v2, v_journal, p_now
      FROM unnest(p_sessions, p_digits, p_close, p_points, p_fields, v_val1, v_val2) WITH ORDINALITY
             AS r(s, d, c, p, f, v1, v2, n)
     WHERE r.n = ANY (v_placed)
     ORDER BY r.n
    RETURNING settle_half
  )
  SELECT array_agg(DISTINCT settle_half) INTO v_halves FROM placed;

  -- After the bid rows: they hold the market's KEY SHARE lock to commit, which a declaration and a schedule
  -- change wait for, so whatever committed before is seen here and whatever comes after sees this bid.
  SELECT m.active, m.schedule_rev,
         EXISTS (SELECT 1 FROM results r
                  WHERE r.market_id = p_market AND r.market_date = p_market_date AND r.half = ANY (v_halves)
                    AND r.reverted_at IS NULL) AS decided
    INTO v_market FROM markets m WHERE m.id = p_market;
  IF v_market.decided THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'decided';
  END IF;
  IF NOT v_market.active THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'closed';
  END IF;
  IF v_market.schedule_rev <> p_schedule_rev THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'schedule_changed';
  END IF;

  v_outcome := jsonb_build_object('journal_id', v_journal, 'balance', v_balance - v_cost, 'cost', v_cost,
                                  'refused', coalesce(to_jsonb(v_refused), '[]'::jsonb));
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, journal_id, created_at)
    VALUES (p_scope, p_key, p_endpoint, p_hash, v_outcome::json, v_journal, p_now);
  END IF;
  RETURN v_outcome;
END $$;
