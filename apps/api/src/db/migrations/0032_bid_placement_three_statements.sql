-- A bid in three statements, and the references of its rows checked a statement at a time (issue 18, decision
-- 018). A profile of gama_place_bid (perf, 2026-11-25, docs/performance.md) put most of a bid's database CPU
-- in starting and ending statements, not in the rows they write: the seven statements of the function, the four
-- of the ledger trigger, and fourteen foreign-key checks (each a query of its own that also writes a row lock
-- into the journal, player or market it names; the market's, shared by every bid, grows into a multixact).
--
-- 1. The bid's rows and the ledger's entries check what they name once per INSERT, for all the statement's
--    rows, as win credits do since migration 0030. The per-row keys go:
--    - bids: a statement trigger finds the player, the market and the journal of every new row; a player or a
--      market that bids name cannot be deleted (a trigger refuses it, as the key did), and a journal never can
--      (L8);
--    - entries: the ledger trigger, which already reads each new entry's journal to prove it balances, finds
--      the journal and the account too; an account that entries name cannot be deleted.
--    The keys also held the named row's lock to commit so that no delete could slip between the check and the
--    commit: nothing deletes these rows, the delete guards see committed rows, and a bid holds its market's KEY
--    SHARE lock and its player's wallet lock to commit (the function below), which a delete would wait for.
-- 2. The ledger trigger: the wallet locks, the balance update and the wallet notice are one statement.
-- 3. The function: the wallet lock takes the market's KEY SHARE lock in the same statement, so the read after
--    it sees the market's active flag and schedule revision as a declaration or schedule change left them
--    (both lock the market FOR UPDATE, and wait for this bid from here on); the liability caps, the journal,
--    its entries, the bid rows and the key are one statement, whose refusals (every row over its cap, the
--    balance short, the draw decided) are raised after it: a raise undoes the whole call, so writing first and
--    refusing after writes nothing either. The stake limits, where a player set one, are read last, with the
--    new rows counted and subtracted.
-- 4. A number whose rate field has no cap is no longer counted in number_exposure: its row lock made every
--    bid on a popular number wait for the one before it to commit, to keep a figure only a cap needs. The
--    desk's list sums such numbers from the draw's bids; setting a cap first counts the draws still open
--    (risk/caps.ts), under the markets' locks, so no bid slips between the count and the cap.
-- 5. Indexes no query reads: bids by journal (the ledger check scans), journals by reference for bid
--    journals (every bid of a market had the same key, all inserting into one leaf page).

DO $$
DECLARE
  fk record;
BEGIN
  FOR fk IN SELECT conrelid::regclass AS rel, conname FROM pg_constraint
             WHERE conrelid IN ('bids'::regclass, 'entries'::regclass) AND contype = 'f' LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.rel, fk.conname);
  END LOOP;
END $$;

CREATE FUNCTION check_bid_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- Scalar subqueries, one index probe per row: an EXISTS here may be planned as a hash of the whole
  -- journals table (the transition table's size is unknown to the planner), once per statement.
  SELECT n.id, n.player_id, n.market_id, n.journal_id INTO bad FROM new_bids n
   WHERE (SELECT 1 FROM players p WHERE p.id = n.player_id) IS NULL
      OR (SELECT 1 FROM markets m WHERE m.id = n.market_id) IS NULL
      OR (SELECT 1 FROM journals j WHERE j.id = n.journal_id) IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'bid % names a player (%), market (%) or journal (%) that does not exist',
      bad.id, bad.player_id, bad.market_id, bad.journal_id USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER bids_name_what_exists AFTER INSERT ON bids
  REFERENCING NEW TABLE AS new_bids FOR EACH STATEMENT EXECUTE FUNCTION check_bid_references();

-- What the dropped keys refused on the other side: deleting a row that bids or entries name. (Renumbering one
-- cannot happen: the ids are identity columns GENERATED ALWAYS, which an UPDATE cannot set.)
CREATE FUNCTION refuse_named_row_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_TABLE_NAME = 'players' AND EXISTS (SELECT 1 FROM bids WHERE player_id = OLD.id))
     OR (TG_TABLE_NAME = 'markets' AND EXISTS (SELECT 1 FROM bids WHERE market_id = OLD.id))
     OR (TG_TABLE_NAME = 'accounts' AND EXISTS (SELECT 1 FROM entries WHERE account_id = OLD.id)) THEN
    RAISE EXCEPTION '% % is named by bids or ledger entries: delete refused', TG_TABLE_NAME, OLD.id
      USING ERRCODE = '23503';
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER players_named_by_bids BEFORE DELETE ON players
  FOR EACH ROW EXECUTE FUNCTION refuse_named_row_delete();
CREATE TRIGGER markets_named_by_bids BEFORE DELETE ON markets
  FOR EACH ROW EXECUTE FUNCTION refuse_named_row_delete();
CREATE TRIGGER accounts_named_by_entries BEFORE DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_named_row_delete();

CREATE OR REPLACE FUNCTION post_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
  missing bigint;
  notices bigint;
BEGIN
  -- The journal is found by a scalar subquery, one index probe per journal (a join could hash the table).
  SELECT j.journal_id, j.orphan INTO bad
    FROM (SELECT d.journal_id, (SELECT 1 FROM journals jr WHERE jr.id = d.journal_id) IS NULL AS orphan
            FROM (SELECT DISTINCT journal_id FROM new_entries) d) j
    CROSS JOIN LATERAL (
      SELECT sum(e.amount) AS total, count(*) AS n FROM entries e WHERE e.journal_id = j.journal_id
    ) x
   WHERE j.orphan OR x.total <> 0 OR x.n < 2
   LIMIT 1;
  IF FOUND THEN
    IF bad.orphan THEN
      RAISE EXCEPTION 'entries name journal %, which does not exist', bad.journal_id USING ERRCODE = '23503';
    END IF;
    RAISE EXCEPTION 'journal % does not balance', bad.journal_id USING ERRCODE = '23514';
  END IF;
  -- Wallets and debts are locked in id order (two transfers between the same players cannot deadlock), moved,
  -- and their players told (gama_notify, 500 to a notice); system accounts keep no balance and are not locked.
  WITH d AS (
    SELECT account_id, sum(amount) AS delta FROM new_entries GROUP BY account_id
  ), locked AS (
    SELECT a.id FROM accounts a
     WHERE a.id IN (SELECT account_id FROM d) AND a.balance IS NOT NULL
     ORDER BY a.id FOR NO KEY UPDATE
  ), moved AS (
    UPDATE accounts a SET balance = a.balance + d.delta
      FROM d, locked
     WHERE a.id = locked.id AND d.account_id = locked.id
    RETURNING a.player_id
  ), told AS (
    SELECT gama_notify('gama_wallets', string_agg(p.player_id::text, ',' ORDER BY p.player_id))
      FROM (SELECT player_id, (dense_rank() OVER (ORDER BY player_id) - 1) / 500 AS chunk
              FROM (SELECT DISTINCT player_id FROM moved) u) p
     GROUP BY p.chunk
  )
  SELECT (SELECT count(*) FROM d WHERE (SELECT 1 FROM accounts a WHERE a.id = d.account_id) IS NULL),
         (SELECT count(*) FROM told)
    INTO missing, notices;
  IF missing <> 0 THEN
    RAISE EXCEPTION 'entries name % account(s) that do not exist', missing USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;

DROP INDEX bids_by_journal;
DROP INDEX journals_by_ref;
CREATE INDEX journals_by_ref ON journals (ref_type, ref_id) WHERE kind <> 'bid';

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
         rt.val1, rt.val2, rt.priced, m.active, m.schedule_rev
    INTO v_read
    FROM markets m
    LEFT JOIN players p ON p.id = p_player
    LEFT JOIN idempotency_keys k ON p_key IS NOT NULL AND k.scope = p_scope AND k.key = p_key
    CROSS JOIN LATERAL (
      SELECT array_agg(g.val_1 ORDER BY r.n) AS val1, array_agg(g.val_2 ORDER BY r.n) AS val2,
             count(g.rate_field) AS priced
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
