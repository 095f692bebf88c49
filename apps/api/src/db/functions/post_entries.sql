-- The ledger's statement trigger on `entries` (decision 002): every INSERT into entries, whoever sends it, is
-- checked here and moves the cached balances. This file is the function as the server runs it: a repeatable
-- (db/repeatables.ts) re-applied whenever its text changes; the trigger itself (`entries_post`, migration 0002)
-- names it. Its history before this file is migrations 0002, 0005, 0008 and 0032.
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
