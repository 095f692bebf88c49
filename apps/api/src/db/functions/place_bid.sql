-- A bid's database work in one call (decision 018): the wallet and market locks, the key, the player's flags,
-- the rates, the liability caps, the balance, the decided-draw check, the stake limits (gama_judge_bid: every
-- rule, written once), then the journal (through gama_post_journals), the rows with their frozen rates and the key
-- with its outcome (gama_write_bids_gathered: every write, written once, for one slip or a batch; decision 051).
-- gama_place_bid places one slip, gama_place_bids a batch. The server keeps the rules that need no table and
-- words every refusal from the SQLSTATE GB000 reasons raised here (modules/bids/place.ts).
--
-- This file is the function as the server runs it: a repeatable (db/repeatables.ts), applied after the numbered
-- migrations and again whenever its text changes. Its history before this file is migrations 0029, 0031, 0032
-- and 0033; `bench/src/bid-levers.ts` edits this file's text to count what a change would save.
CREATE OR REPLACE FUNCTION gama_judge_bid(
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
  p_month date,
  OUT o_replay jsonb,
  OUT o_answer jsonb,
  OUT o_journal bigint,
  OUT o_wallet bigint,
  OUT o_cost bigint,
  OUT o_taken boolean[],
  OUT o_val1 integer[],
  OUT o_val2 integer[]
) LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
DECLARE
  v_balance bigint;
  v_debt bigint;
  v_read record;
  v_refused jsonb;
  v_used record;
BEGIN
  -- The wallet lock orders this player's debits; the market's KEY SHARE lock orders this bid against a
  -- declaration and a schedule change. Everything after reads what committed before both were held.
  SELECT max(l.id) FILTER (WHERE l.kind = 'wallet'), max(l.balance) FILTER (WHERE l.kind = 'wallet'),
         coalesce(-max(l.balance) FILTER (WHERE l.kind = 'debt'), 0)
    INTO o_wallet, v_balance, v_debt
    FROM (SELECT a.id, a.kind, a.balance FROM accounts a CROSS JOIN markets m
           WHERE a.player_id = p_player AND m.id = p_market
           ORDER BY a.id FOR NO KEY UPDATE OF a FOR KEY SHARE OF m) l;
  IF o_wallet IS NULL THEN
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
    o_replay := v_read.response::jsonb;
    RETURN;
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
  -- is not run at all: planned and started on every bid, it wrote nothing. o_taken says, per row, whether its
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
      INTO o_taken
      FROM unnest(p_sessions, p_digits, p_close, p_fields) WITH ORDINALITY AS r(s, d, c, f, n)
      LEFT JOIN taken t ON t.rate_field = r.f AND t.session = r.s AND t.digits = r.d AND t.close_digits = r.c;
  END IF;

  -- What the slip costs: its rows within their caps (o_taken NULL: no caps, every row). Nothing is written here:
  -- the slip's journal, rows and key are written by gama_place_bids with the other slips of its batch, under the
  -- wallet lock taken above, so the balance read there is the balance they move.
  SELECT (coalesce(sum(r.p) FILTER (WHERE r.ok), 0) * 100)::bigint,
         coalesce(to_jsonb(array_agg(r.n ORDER BY r.n) FILTER (WHERE NOT r.ok)), '[]'::jsonb)
    INTO o_cost, v_refused
    FROM (SELECT u.p, coalesce(u.taken, true) AS ok, u.n
            FROM unnest(p_points, o_taken) WITH ORDINALITY AS u(p, taken, n)) r;
  IF o_cost = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'all_refused',
      DETAIL = jsonb_build_object('refused', v_refused)::text;
  END IF;
  IF o_cost > v_balance THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'insufficient';
  END IF;
  -- A draw half already decided (a result declared since the server's cut-off check): the halves the taken rows
  -- settle in, by the rule the bids' settle_half column is written with (gama_settle_half, rules.sql).
  IF EXISTS (SELECT 1 FROM results r
              WHERE r.market_id = p_market AND r.market_date = p_market_date AND r.reverted_at IS NULL
                AND r.half IN (SELECT gama_settle_half(p_grp, u.s, p_bet_type)
                                 FROM unnest(p_sessions, o_taken) AS u(s, taken)
                                WHERE coalesce(u.taken, true))) THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'decided';
  END IF;

  -- Stake limits (play/limits.ts; the rule is gama_over_play_limit, rules.sql), judged on what will be staked,
  -- under the wallet lock so concurrent bids of one player take turns (decision 010). The sums hold what the
  -- player staked before this slip: an earlier slip of theirs in the same batch was written before this one was
  -- judged (gama_place_bids). The server words the refusal from the figures.
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
       WHERE gama_over_play_limit(o_cost, l.amount, CASE l.period WHEN 'day' THEN v_used.day
                                                                        WHEN 'week' THEN v_used.week
                                                                        ELSE v_used.month END)
    ) THEN
      RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'play_limit',
        DETAIL = jsonb_build_object('limits', v_read.limits, 'cost', o_cost,
          'used', jsonb_build_object('day', v_used.day, 'week', v_used.week, 'month', v_used.month))::text;
    END IF;
  END IF;

  o_journal := nextval('journals_id_seq'::regclass);
  o_answer := jsonb_build_object('journal_id', o_journal, 'balance', v_balance - o_cost, 'cost', o_cost,
                                 'refused', v_refused);
  o_val1 := v_read.val1;
  o_val2 := v_read.val2;
END $$;

-- A batch of slips in one transaction (decisions 043 and 051). Each slip is judged by gama_judge_bid above, the
-- one body of the rules, in a block of its own, so a slip's refusal (GB000) undoes what its judgement wrote (a
-- capped number's exposure) and becomes its answer; every other error fails the batch, and the server places its
-- slips one by one. What the slips it takes write (journals and entries, bid rows, keys) is gathered and written
-- together: one posting call, whose statement trigger moves every wallet of the batch at once, one INSERT of bid
-- rows and one of keys, instead of each slip's own statements (a statement's start-up, a trigger's run, a
-- partition's routing per slip were most of a batched slip's cost; docs/performance.md). A slip whose player has
-- a slip gathered but not written yet has them written first, so it is judged on its player's balance, keys and
-- stakes after them: the server sends a player's slips in the order they arrived, one after the other.
--
-- The slips come as parallel arrays, one element per slip; their rows are concatenated, p_counts[i] of them for
-- slip i. The server sends them ordered by player (so two batches lock wallets in one order). Answers come back
-- in the same order: the single call's answer, {"replay": …}, or {"error": {code, message, detail}}.
--
-- A signature with a p_catch flag (decision 051's first, never released) is dropped first: beside this one, a call
-- leaving its default out would be ambiguous.
DROP FUNCTION IF EXISTS gama_place_bids(bigint[], text[], text[], text[], bytea[], timestamptz[], bigint[], integer[],
                                        text[], date[], text[], text[], text[], integer[], text[], text[], text[],
                                        bigint[], text[], text[], date[], date[], date[], boolean);
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
) RETURNS jsonb[] LANGUAGE plpgsql
  -- Its statements' plans are the same whatever the arrays hold (a call, the writes of gama_write_bids_gathered):
  -- one generic plan each, kept for the session, instead of a plan made for every call's values.
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_answers jsonb[] := '{}';
  v_from integer := 1;
  v_to integer;
  v_judged record;
  v_ok boolean;
  v_state text;
  v_message text;
  v_detail text;
  v_constraint text;
  -- Gathered and not yet written, built as the slips are taken so the writes read them as they are: per slip its
  -- position in the batch, player and answer; per journal (one a slip) its id, market, actor, note and time; per
  -- entry (two a journal: the wallet debited, the house credited) its journal's place, account and amount; per
  -- taken row its slip, its place in the row arrays, its journal and its frozen rates.
  g_slips integer[] := '{}';
  g_players bigint[] := '{}';
  g_answers jsonb[] := '{}';
  j_ids bigint[] := '{}';
  j_markets bigint[] := '{}';
  j_actors text[] := '{}';
  j_notes text[] := '{}';
  j_ats timestamptz[] := '{}';
  e_journals integer[] := '{}';
  e_accounts bigint[] := '{}';
  e_systems text[] := '{}';
  e_amounts bigint[] := '{}';
  r_slips integer[] := '{}';
  r_rows integer[] := '{}';
  r_journals bigint[] := '{}';
  r_val1 integer[] := '{}';
  r_val2 integer[] := '{}';
BEGIN
  FOR i IN 1 .. cardinality(p_players) LOOP
    v_to := v_from + p_counts[i] - 1;
    IF p_players[i] = ANY (g_players) THEN
      PERFORM gama_write_bids_gathered(j_ids, j_markets, j_actors, j_notes, j_ats, e_journals, e_accounts, e_systems,
                                       e_amounts, g_slips, g_answers, r_slips, r_rows, r_journals, r_val1, r_val2,
                                       p_players, p_scopes, p_keys, p_endpoints, p_hashes, p_nows, p_markets, p_grps,
                                       p_market_dates, p_bet_types, p_labels, p_sessions, p_digits, p_close, p_points,
                                       p_fields);
      g_slips := '{}'; g_players := '{}'; g_answers := '{}';
      j_ids := '{}'; j_markets := '{}'; j_actors := '{}'; j_notes := '{}'; j_ats := '{}';
      e_journals := '{}'; e_accounts := '{}'; e_systems := '{}'; e_amounts := '{}';
      r_slips := '{}'; r_rows := '{}'; r_journals := '{}'; r_val1 := '{}'; r_val2 := '{}';
    END IF;
    v_ok := true;
    BEGIN
      v_judged := gama_judge_bid(
        p_players[i], p_scopes[i], p_keys[i], p_endpoints[i], p_hashes[i], p_nows[i], p_markets[i],
        p_schedule_revs[i], p_grps[i], p_market_dates[i], p_bet_types[i], p_labels[i], p_notes[i],
        p_sessions[v_from:v_to], p_digits[v_from:v_to], p_close[v_from:v_to], p_points[v_from:v_to],
        p_fields[v_from:v_to], p_time_zones[i], p_todays[i], p_weeks[i], p_months[i]);
    EXCEPTION WHEN SQLSTATE 'GB000' THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL,
                              v_constraint = CONSTRAINT_NAME;
      v_ok := false;
      v_answers := v_answers || jsonb_build_object('error', jsonb_build_object(
        'code', v_state, 'message', v_message, 'detail', nullif(v_detail, ''), 'constraint', nullif(v_constraint, '')));
    END;
    IF NOT v_ok THEN
      NULL; -- refused: answered above
    ELSIF v_judged.o_replay IS NOT NULL THEN
      v_answers := v_answers || jsonb_build_object('replay', v_judged.o_replay);
    ELSE
      v_answers := v_answers || v_judged.o_answer;
      g_slips := g_slips || i;
      g_players := g_players || p_players[i];
      g_answers := g_answers || v_judged.o_answer;
      j_ids := j_ids || v_judged.o_journal;
      j_markets := j_markets || p_markets[i];
      j_actors := j_actors || ('player:' || p_players[i]);
      j_notes := j_notes || p_notes[i];
      j_ats := j_ats || p_nows[i];
      e_journals := e_journals || cardinality(j_ids) || cardinality(j_ids);
      e_accounts := e_accounts || v_judged.o_wallet || NULL::bigint;
      e_systems := e_systems || NULL::text || 'house'::text;
      e_amounts := e_amounts || -v_judged.o_cost || v_judged.o_cost;
      FOR n IN 1 .. p_counts[i] LOOP
        IF v_judged.o_taken[n] IS DISTINCT FROM false THEN
          r_slips := r_slips || i;
          r_rows := r_rows || (v_from + n - 1);
          r_journals := r_journals || v_judged.o_journal;
          r_val1 := r_val1 || v_judged.o_val1[n];
          r_val2 := r_val2 || v_judged.o_val2[n];
        END IF;
      END LOOP;
    END IF;
    v_from := v_to + 1;
  END LOOP;
  IF cardinality(g_slips) > 0 THEN
    PERFORM gama_write_bids_gathered(j_ids, j_markets, j_actors, j_notes, j_ats, e_journals, e_accounts, e_systems,
                                     e_amounts, g_slips, g_answers, r_slips, r_rows, r_journals, r_val1, r_val2,
                                     p_players, p_scopes, p_keys, p_endpoints, p_hashes, p_nows, p_markets, p_grps,
                                     p_market_dates, p_bet_types, p_labels, p_sessions, p_digits, p_close, p_points,
                                     p_fields);
  END IF;
  RETURN v_answers;
END $$;

-- Writes what gama_place_bids gathered: each taken slip's journal (its wallet debited its cost, the house
-- credited) through the ledger's one entry point, in one call, so the ledger's trigger checks every journal and
-- moves every wallet in one run, under the wallet locks the judgements took; the taken rows with their frozen
-- rates, in the slips' order; and each keyed slip's key with its answer. j_* and e_* are the posting call's
-- journals and entries; g_* are per taken slip (g_slips: its position in the batch's arrays), r_* per taken row
-- (r_slips: its slip's position; r_rows: its position in the row arrays).
--
-- The previous signature (decision 051's first, never released) is dropped first, as the other files do with
-- theirs.
DROP FUNCTION IF EXISTS gama_write_bids_gathered(integer[], bigint[], bigint[], bigint[], jsonb[], integer[], integer[],
                                                 boolean[], integer[], integer[], bigint[], text[], text[], text[],
                                                 bytea[], timestamptz[], bigint[], text[], date[], text[], text[],
                                                 text[], text[], text[], text[], bigint[], text[]);
CREATE OR REPLACE FUNCTION gama_write_bids_gathered(
  j_ids bigint[],
  j_markets bigint[],
  j_actors text[],
  j_notes text[],
  j_ats timestamptz[],
  e_journals integer[],
  e_accounts bigint[],
  e_systems text[],
  e_amounts bigint[],
  g_slips integer[],
  g_answers jsonb[],
  r_slips integer[],
  r_rows integer[],
  r_journals bigint[],
  r_val1 integer[],
  r_val2 integer[],
  p_players bigint[],
  p_scopes text[],
  p_keys text[],
  p_endpoints text[],
  p_hashes bytea[],
  p_nows timestamptz[],
  p_markets bigint[],
  p_grps text[],
  p_market_dates date[],
  p_bet_types text[],
  p_labels text[],
  p_sessions text[],
  p_digits text[],
  p_close text[],
  p_points bigint[],
  p_fields text[]
) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM gama_post_journals('bid', NULL, 'market', NULL, NULL, j_markets, e_journals, e_accounts, e_systems, e_amounts,
                             j_ids, j_actors, j_notes, j_ats);
  INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                    points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
  SELECT p_players[r.s], p_markets[r.s], p_grps[r.s], p_market_dates[r.s], p_bet_types[r.s], p_labels[r.s],
         p_sessions[r.w], p_digits[r.w], p_close[r.w], p_points[r.w], p_points[r.w] * 100, p_fields[r.w], r.v1,
         r.v2, r.journal, p_nows[r.s]
    FROM unnest(r_slips, r_rows, r_journals, r_val1, r_val2) WITH ORDINALITY AS r(s, w, journal, v1, v2, n)
   ORDER BY r.n;
  INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, journal_id, created_at)
  SELECT p_scopes[g.s], p_keys[g.s], p_endpoints[g.s], p_hashes[g.s], g.answer::json, g.journal, p_nows[g.s]
    FROM unnest(g_slips, j_ids, g_answers) AS g(s, journal, answer)
   WHERE p_keys[g.s] IS NOT NULL;
END $$;

-- One slip in its own transaction (the single call: a batch of one, the batcher off, a fallback): the judgement,
-- then the same writes as a batch's, for one slip (what gama_place_bids gathers for a slip, built here directly:
-- without the batch's loop and blocks the single call costs what it cost before decision 051). A refusal is
-- raised, with the same SQLSTATE, message and detail as ever.
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
) RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_judged record;
  r_rows integer[] := '{}';
  r_val1 integer[] := '{}';
  r_val2 integer[] := '{}';
BEGIN
  v_judged := gama_judge_bid(p_player, p_scope, p_key, p_endpoint, p_hash, p_now, p_market, p_schedule_rev, p_grp,
                             p_market_date, p_bet_type, p_label, p_note, p_sessions, p_digits, p_close, p_points,
                             p_fields, p_time_zone, p_today, p_week, p_month);
  IF v_judged.o_replay IS NOT NULL THEN
    RETURN jsonb_build_object('replay', v_judged.o_replay);
  END IF;
  FOR n IN 1 .. cardinality(p_sessions) LOOP
    IF v_judged.o_taken[n] IS DISTINCT FROM false THEN
      r_rows := r_rows || n;
      r_val1 := r_val1 || v_judged.o_val1[n];
      r_val2 := r_val2 || v_judged.o_val2[n];
    END IF;
  END LOOP;
  PERFORM gama_write_bids_gathered(
    ARRAY[v_judged.o_journal], ARRAY[p_market], ARRAY['player:' || p_player], ARRAY[p_note], ARRAY[p_now], '{1,1}',
    ARRAY[v_judged.o_wallet, NULL], '{NULL,house}', ARRAY[-v_judged.o_cost, v_judged.o_cost], '{1}',
    ARRAY[v_judged.o_answer], array_fill(1, ARRAY[cardinality(r_rows)]), r_rows,
    array_fill(v_judged.o_journal, ARRAY[cardinality(r_rows)]), r_val1, r_val2, ARRAY[p_player], ARRAY[p_scope],
    ARRAY[p_key], ARRAY[p_endpoint], ARRAY[p_hash], ARRAY[p_now], ARRAY[p_market], ARRAY[p_grp],
    ARRAY[p_market_date], ARRAY[p_bet_type], ARRAY[p_label], p_sessions, p_digits, p_close, p_points, p_fields);
  RETURN v_judged.o_answer;
END $$;
