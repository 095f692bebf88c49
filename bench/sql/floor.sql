-- Not a change to make: the floor under a bid's instructions (bid-instructions, BENCH_LEVERS). Every rule the
-- database judges on a bid's writes is taken away: the user triggers of the tables a bid writes (the ledger
-- trigger, so not even the wallet's balance moves; the rows' reference check), their CHECK constraints and the
-- domains' rules. What is left is the writing itself: a journal, two entries, the rows routed into their
-- month, the key, their index entries and the executor starting each statement.
DO $$
DECLARE
  tables CONSTANT regclass[] := ARRAY['entries', 'journals', 'bids', 'accounts', 'idempotency_keys']::regclass[];
  statement text;
BEGIN
  FOR statement IN
    SELECT format('DROP TRIGGER %I ON %s', t.tgname, t.tgrelid::regclass)
      FROM pg_trigger t
     WHERE NOT t.tgisinternal AND t.tgparentid = 0 AND t.tgrelid = ANY (tables)
    UNION ALL
    SELECT CASE WHEN c.contypid <> 0 THEN format('ALTER DOMAIN %s DROP CONSTRAINT %I', c.contypid::regtype, c.conname)
                ELSE format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname) END
      FROM pg_constraint c
     WHERE c.contype = 'c' AND (c.contypid <> 0 OR (c.conislocal AND c.conrelid = ANY (tables)))
  LOOP
    EXECUTE statement;
  END LOOP;
END $$;
