-- How the ledger and the notifications table announce what changed (decisions 008 and 048). This file is the
-- functions as the server runs them (a repeatable, db/repeatables.ts); gama_notify's history before it is
-- migration 0008.
--
-- gama_notify() appends each notice to the transaction-local setting `gama.notices`, which the server's pool reads
-- in the same round trip as its COMMIT, so the committing process forgets before it answers. It also sends the
-- NOTIFY in the transaction, so that a script or SQL by hand reaches every server process, unless the transaction
-- says `gama.notices_after_commit = on`: the server's pool does (db/postgres.ts), and sends what it read with the
-- COMMIT through gama_broadcast() right after. PostgreSQL (up to 17 at least) commits a notifying transaction
-- under one database-wide lock held through its WAL flush, so every bid's synchronous commit queued behind the
-- others' flushes and a settlement's WAL; a transaction that sends nothing takes no such lock.
CREATE OR REPLACE FUNCTION gama_notify(channel text, payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('gama.notices_after_commit', true) IS DISTINCT FROM 'on' THEN
    PERFORM pg_notify(channel, payload);
  END IF;
  PERFORM set_config('gama.notices',
    coalesce(current_setting('gama.notices', true), '') || channel || ':' || payload || E'\n', true);
END $$;

-- Sends notices read from `gama.notices` (lines of channel:payload) after their transaction committed, in a
-- transaction of its own that commits without waiting for its WAL: it holds the NOTIFY lock for a moment only, and
-- a crash that loses it also ends every LISTEN connection, whose caches then empty (decision 008).
CREATE OR REPLACE FUNCTION gama_broadcast(notices text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  FOREACH line IN ARRAY string_to_array(rtrim(notices, E'\n'), E'\n') LOOP
    PERFORM pg_notify(split_part(line, ':', 1), substr(line, strpos(line, ':') + 1));
  END LOOP;
END $$;
