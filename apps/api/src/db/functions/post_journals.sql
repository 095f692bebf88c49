-- The one place a journal is written (decision 040). Every money path posts through gama_post_journals: the
-- server's TypeScript through `postJournal` (modules/ledger/post.ts) and the set-based writers (settlement,
-- revert, debt) with their own arrays; the bid function (place_bid.sql) calls it from SQL. The statement trigger
-- on `entries` (post_entries.sql) then proves each journal balances and moves the cached balances, whoever called.
--
-- This file is a repeatable (db/repeatables.ts): applied after the numbered migrations, again whenever its text
-- changes, so what is here is what the server runs.

-- A system account by its kind, for SQL written by hand (tests, the console's checks) and for `systemAccount` in
-- TypeScript. gama_post_journals below writes the same lookup in place: a function whose body holds a subquery is
-- never inlined, and would be planned again on every call.
CREATE OR REPLACE FUNCTION gama_system_account(p_kind text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (SELECT a.id FROM accounts a WHERE a.kind = p_kind AND a.player_id IS NULL)
$$;

-- Posts journals of one kind, actor, reference type, note and time, one per element of p_ref_ids, and their
-- entries: entry i belongs to journal p_entry_journals[i] (a 1-based position in p_ref_ids), moves
-- p_entry_amounts[i] paise, and names an account by id (p_entry_accounts[i]) or a system account by kind
-- (p_entry_systems[i]). All entries go in one INSERT, so the trigger checks every journal of the call at once.
-- p_ids: journal ids drawn beforehand by a caller whose other rows name them in the same transaction
-- (settlement's win credits, a batch of bids); otherwise drawn here. p_actors, p_notes, p_ats: an actor, note and
-- time per journal, where the journals of one call have their own (a batch of bids, each its player's and its
-- market's); where given they replace p_actor, p_note and p_at. Answers the journals' ids in p_ref_ids's order.
--
-- The signature before p_actors (issue 29's) is dropped first: a second overload would make every call that leaves
-- the defaults out ambiguous. The drop finds nothing once it has run.
DROP FUNCTION IF EXISTS gama_post_journals(text, text, text, text, timestamptz, bigint[], integer[], bigint[], text[],
                                           bigint[], bigint[]);
CREATE OR REPLACE FUNCTION gama_post_journals(
  p_kind text,
  p_actor text,
  p_ref_type text,
  p_note text,
  p_at timestamptz,
  p_ref_ids bigint[],
  p_entry_journals integer[],
  p_entry_accounts bigint[],
  p_entry_systems text[],
  p_entry_amounts bigint[],
  p_ids bigint[] DEFAULT NULL,
  p_actors text[] DEFAULT NULL,
  p_notes text[] DEFAULT NULL,
  p_ats timestamptz[] DEFAULT NULL
) RETURNS bigint[] LANGUAGE plpgsql
  -- One plan for the posting statement, kept for the session: its inputs are arrays, whose size a plan for given
  -- values would estimate better, but that plan was then made again on every call (for the bid, about a quarter of
  -- the bid function's CPU: 0.86 against 0.68 ms per bid, docs/performance.md). The plan is the same whatever the
  -- arrays hold: the journals and the entries from their arrays, a system account found on its index.
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_ids bigint[] := p_ids;
BEGIN
  -- unnest() pads arrays of unequal length with NULLs: an entry without an amount or a journal would then be
  -- refused by a NOT NULL far from its cause, so the shape is checked first.
  IF cardinality(p_ref_ids) IS NULL OR cardinality(p_ref_ids) = 0
     OR cardinality(p_entry_journals) IS DISTINCT FROM cardinality(p_entry_amounts)
     OR cardinality(p_entry_accounts) IS DISTINCT FROM cardinality(p_entry_amounts)
     OR cardinality(p_entry_systems) IS DISTINCT FROM cardinality(p_entry_amounts)
     OR (p_ids IS NOT NULL AND cardinality(p_ids) IS DISTINCT FROM cardinality(p_ref_ids))
     OR (p_actors IS NOT NULL AND cardinality(p_actors) IS DISTINCT FROM cardinality(p_ref_ids))
     OR (p_notes IS NOT NULL AND cardinality(p_notes) IS DISTINCT FROM cardinality(p_ref_ids))
     OR (p_ats IS NOT NULL AND cardinality(p_ats) IS DISTINCT FROM cardinality(p_ref_ids)) THEN
    RAISE EXCEPTION 'gama_post_journals: % journal(s) with % id(s), % actor(s), % note(s), % time(s), and entries of % journal(s), % account(s), % system account(s), % amount(s)',
      cardinality(p_ref_ids), cardinality(p_ids), cardinality(p_actors), cardinality(p_notes), cardinality(p_ats),
      cardinality(p_entry_journals), cardinality(p_entry_accounts), cardinality(p_entry_systems),
      cardinality(p_entry_amounts)
      USING ERRCODE = '22023';
  END IF;
  -- One journal (every money path but the bulk ones): a simple expression, no query of its own.
  IF v_ids IS NULL AND cardinality(p_ref_ids) = 1 THEN
    v_ids := ARRAY[nextval('journals_id_seq'::regclass)];
  ELSIF v_ids IS NULL THEN
    v_ids := ARRAY(SELECT nextval('journals_id_seq'::regclass) FROM generate_series(1, cardinality(p_ref_ids)));
  END IF;
  WITH journal AS (
    INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
    SELECT j.id, p_kind, coalesce(j.actor, p_actor), p_ref_type, j.ref_id, coalesce(j.note, p_note), coalesce(j.at, p_at)
      FROM unnest(v_ids, p_ref_ids, p_actors, p_notes, p_ats) AS j(id, ref_id, actor, note, at)
  )
  INSERT INTO entries (journal_id, account_id, amount)
  SELECT v_ids[e.journal],
         coalesce(e.account, (SELECT a.id FROM accounts a WHERE a.kind = e.system AND a.player_id IS NULL)),
         e.amount
    FROM unnest(p_entry_journals, p_entry_accounts, p_entry_systems, p_entry_amounts)
           AS e(journal, account, system, amount);
  RETURN v_ids;
END $$;
