-- The balance check of post_entries() joined the statement's transition table (which has no statistics)
-- with all of `entries`; with stale statistics (PGlite runs no autovacuum) the planner chose a full scan,
-- and one posting took 200 ms on a 400,000-entry ledger. A per-journal lookup on the journal index is
-- cheap whatever the statistics say.
-- The accounts are locked FOR NO KEY UPDATE, not FOR UPDATE: the foreign keys of the entries just inserted hold
-- KEY SHARE locks on the same rows, and two postings to one wallet each upgrading to FOR UPDATE deadlocked.
CREATE OR REPLACE FUNCTION post_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad bigint;
BEGIN
  SELECT j.journal_id INTO bad
    FROM (SELECT DISTINCT journal_id FROM new_entries) j
    CROSS JOIN LATERAL (
      SELECT sum(e.amount) AS total, count(*) AS n FROM entries e WHERE e.journal_id = j.journal_id
    ) x
   WHERE x.total <> 0 OR x.n < 2
   LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal % does not balance', bad USING ERRCODE = '23514';
  END IF;
  PERFORM 1 FROM accounts
    WHERE id IN (SELECT DISTINCT account_id FROM new_entries) AND balance IS NOT NULL
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE accounts a SET balance = a.balance + d.delta
    FROM (SELECT account_id, sum(amount) AS delta FROM new_entries GROUP BY account_id) d
   WHERE a.id = d.account_id AND a.balance IS NOT NULL;
  RETURN NULL;
END $$;
