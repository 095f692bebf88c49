-- Each server process keeps the wallet balances it has read in memory (decision 008): the home list is polled
-- every 5 s by every open app, and reading the wallet was most of its cost. The ledger itself says when a
-- balance moves, so nothing that posts entries can forget to: the statement trigger names the players whose
-- wallet or debt it changed, by a NOTIFY on `gama_wallets` that is delivered only if the transaction commits.
--
-- gama_notify() also appends the notice to the transaction-local setting `gama.notices`. The server reads it in
-- the same round trip as its COMMIT, so the committing process forgets before it answers (the NOTIFY reaches
-- its own LISTEN connection a moment later, and a client's next call must not read what it just changed).
CREATE FUNCTION gama_notify(channel text, payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(channel, payload);
  PERFORM set_config('gama.notices',
    coalesce(current_setting('gama.notices', true), '') || channel || ':' || payload || E'\n', true);
END $$;

-- As in 0005, plus the notice. The players come from the locking query, whose ORDER BY still fixes the lock
-- order; a NOTIFY payload must stay under 8,000 bytes, so a settlement chunk's players go 500 to a notice.
CREATE OR REPLACE FUNCTION post_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad bigint;
  touched bigint[];
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
  SELECT array_agg(DISTINCT l.player_id) INTO touched
    FROM (SELECT player_id FROM accounts
           WHERE id IN (SELECT DISTINCT account_id FROM new_entries) AND balance IS NOT NULL
           ORDER BY id FOR NO KEY UPDATE) l;
  UPDATE accounts a SET balance = a.balance + d.delta
    FROM (SELECT account_id, sum(amount) AS delta FROM new_entries GROUP BY account_id) d
   WHERE a.id = d.account_id AND a.balance IS NOT NULL;
  IF touched IS NOT NULL THEN
    FOR i IN 0 .. (cardinality(touched) - 1) / 500 LOOP
      PERFORM gama_notify('gama_wallets', array_to_string(touched[i * 500 + 1 : (i + 1) * 500], ','));
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
